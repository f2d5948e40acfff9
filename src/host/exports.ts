// The export commands: the model as JSON (design.md §6), the tree as Mermaid Markdown (the same
// renderer as the panel), and the rules as code.
import * as vscode from 'vscode';
import { serializeModel } from '../engine/tree/model-json';
import { exportCode, type CodeFormat } from '../engine/export/code';
import { rulesToText } from '../engine/rules/text';
import { treeToMermaidMarkdown } from '../render/mermaid';
import { saveBeside } from './save-beside';
import type { TrainedFile } from './trained-files';

export async function exportModel(file: TrainedFile): Promise<void> {
  await saveBeside({ csv: file.uri, suffix: '.model.json', title: 'Export Model (JSON)', filters: { JSON: ['json'] }, content: serializeModel(file.report.model) });
}

export async function exportMermaid(file: TrainedFile): Promise<void> {
  await saveBeside({ csv: file.uri, suffix: '.tree.md', title: 'Export Tree as Mermaid Markdown', filters: { Markdown: ['md'] }, content: treeToMermaidMarkdown(file.report.model) });
}

interface RulesFormat extends vscode.QuickPickItem {
  format: CodeFormat | 'text';
  suffix: string;
  filters: Record<string, string[]>;
}

const RULE_FORMATS: RulesFormat[] = [
  { label: 'Python', description: 'a predict(row) function', format: 'python', suffix: '.rules.py', filters: { Python: ['py'] } },
  { label: 'JavaScript', description: 'a predict(row) function', format: 'js', suffix: '.rules.js', filters: { JavaScript: ['js'] } },
  { label: 'SQL', description: 'a CASE WHEN … END expression', format: 'sql', suffix: '.rules.sql', filters: { SQL: ['sql'] } },
  { label: 'Text', description: 'IF … THEN … rules with coverage and accuracy', format: 'text', suffix: '.rules.txt', filters: { Text: ['txt'] } },
];

export async function exportRules(file: TrainedFile): Promise<void> {
  const picked = await vscode.window.showQuickPick(RULE_FORMATS, { title: 'Decision Tree: export the rules as…' });
  if (picked === undefined) return;
  const model = file.report.model;
  const content = picked.format === 'text' ? rulesToText(file.report.rules, model.classes) : exportCode(model, picked.format);
  await saveBeside({ csv: file.uri, suffix: picked.suffix, title: `Export Rules (${picked.label})`, filters: picked.filters, content });
}

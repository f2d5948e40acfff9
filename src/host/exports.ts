// The export commands: the model as JSON (docs/model-format.md), the tree as Mermaid Markdown (the same
// renderer as the panel), and the rules as code or text. The text is written in the engine
// worker (jobs/export.ts), under a cancellable progress notification; the host saves it.
import * as vscode from 'vscode';
import { withJobProgress } from './job-progress';
import { saveBeside } from './save-beside';
import type { TrainedFile } from './trained-files';
import type { WorkerBridge } from './worker-bridge';
import type { ExportJob } from '../shared/worker-messages';
import { entropyUnitFor } from './entropy-unit';
import { fileNameOf } from './csv-source';
import { t } from './l10n';

interface ExportChoice {
  format: ExportJob['format'];
  suffix: string;
  title: string;
  filters: Record<string, string[]>;
}

async function exportAs(file: TrainedFile, bridge: WorkerBridge, choice: ExportChoice): Promise<void> {
  const { content } = await withJobProgress(t`Decision Tree: ${choice.title}…`, (onProgress) =>
    bridge.run('export', { model: file.report.model, format: choice.format }, { onProgress }),
  );
  await saveBeside({ csv: file.uri, suffix: choice.suffix, title: choice.title, filters: choice.filters, content });
}

export function exportModel(file: TrainedFile, bridge: WorkerBridge): Promise<void> {
  return exportAs(file, bridge, { format: 'model', suffix: '.model.json', title: t('Export Model (JSON)'), filters: { JSON: ['json'] } });
}

export function exportMermaid(file: TrainedFile, bridge: WorkerBridge): Promise<void> {
  return exportAs(file, bridge, { format: 'mermaid', suffix: '.tree.md', title: t('Export Tree as Mermaid Markdown'), filters: { Markdown: ['md'] } });
}

interface RulesFormat extends vscode.QuickPickItem {
  format: ExportJob['format'];
  suffix: string;
  filters: Record<string, string[]>;
}

const ruleFormats = (): RulesFormat[] => [
  { label: /* l10n-ignore */ 'Python', description: t('a predict(row) function'), format: 'python', suffix: '.rules.py', filters: { Python: ['py'] } },
  { label: /* l10n-ignore */ 'JavaScript', description: t('a predict(row) function'), format: 'js', suffix: '.rules.js', filters: { JavaScript: ['js'] } },
  { label: /* l10n-ignore */ 'SQL', description: t('a CASE WHEN … END expression'), format: 'sql', suffix: '.rules.sql', filters: { SQL: ['sql'] } },
  { label: t('Text'), description: t('IF … THEN … rules with coverage and accuracy'), format: 'text', suffix: '.rules.txt', filters: { [t('Text')]: ['txt'] } },
];

export async function exportRules(file: TrainedFile, bridge: WorkerBridge): Promise<void> {
  const picked = await vscode.window.showQuickPick(ruleFormats(), { title: t('Decision Tree: export the rules as…') });
  if (picked === undefined) return;
  await exportAs(file, bridge, { format: picked.format, suffix: picked.suffix, title: t`Export Rules (${picked.label})`, filters: picked.filters });
}

/** What a calculation export covers: one node, the path from the root down to it, or every decision node. */
export type CalculationScope = { kind: 'node' | 'path'; nodeId: number } | { kind: 'tree' };

/**
 * The worked calculation of `scope` as Markdown: the same text as the CLI's `explain` (`--node N`,
 * `--path N`, or every decision node; made in the worker, src/worker/jobs/calculation.ts), saved
 * through a dialog that asks before replacing a file.
 */
export async function exportCalculation(file: TrainedFile, bridge: WorkerBridge, scope: CalculationScope): Promise<void> {
  const nodes = scope.kind === 'tree' ? null : [scope.nodeId];
  const job = { dataset: file.dataset, model: file.report.model, settings: file.report.settings, nodes, path: scope.kind === 'path', unit: entropyUnitFor(file.uri), fileName: fileNameOf(file.uri) };
  const { markdown } = await withJobProgress(t('Decision Tree: working out the calculation'), (onProgress) => bridge.run('calculation', job, { onProgress }));
  const suffix = scope.kind === 'tree' ? '.calculation.md' : `.${scope.kind}-${scope.nodeId}.calculation.md`;
  await saveBeside({ csv: file.uri, suffix, title: t('Export Calculation as Markdown'), filters: { Markdown: ['md'] }, content: markdown });
}

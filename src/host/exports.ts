// The export commands: the model as JSON (design.md §6), the tree as Mermaid Markdown (the same
// renderer as the panel), and the rules as code.
import type { TreeModel } from '../engine/model';
import { treeToMermaidMarkdown } from '../render/mermaid';
import { saveBeside } from './save-beside';
import type { TrainedFile } from './trained-files';

export function modelJson(model: TreeModel): string {
  return JSON.stringify(model, null, 2) + '\n';
}

export async function exportModel(file: TrainedFile): Promise<void> {
  await saveBeside({ csv: file.uri, suffix: '.model.json', title: 'Export Model (JSON)', filters: { JSON: ['json'] }, content: modelJson(file.report.model) });
}

export async function exportMermaid(file: TrainedFile): Promise<void> {
  await saveBeside({ csv: file.uri, suffix: '.tree.md', title: 'Export Tree as Mermaid Markdown', filters: { Markdown: ['md'] }, content: treeToMermaidMarkdown(file.report.model) });
}

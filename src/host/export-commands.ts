// The exports as commands and panel buttons run them: each failure becomes one notification
// naming the file, and a command with no tree to export says how to train one.
import * as vscode from 'vscode';
import { exportCalculation, exportMermaid, exportModel, exportRules } from './exports';
import type { HostServices } from './host-services';
import type { TrainedFile } from './trained-files';

export type ExportKind = 'mermaid' | 'model' | 'rules';

const WHAT: Record<ExportKind, string> = { model: 'model', mermaid: 'tree', rules: 'rules' };

export function noTreeYet(): void {
  void vscode.window.showInformationMessage('Decision Tree: no tree yet — train one first (right-click a CSV → Train Decision Tree).');
}

export async function runExport(host: HostServices, what: ExportKind, file: TrainedFile | undefined): Promise<void> {
  if (file === undefined) return noTreeYet();
  try {
    if (what === 'model') await exportModel(file, host.worker());
    else if (what === 'mermaid') await exportMermaid(file, host.worker());
    else await exportRules(file, host.worker());
  } catch (err) {
    host.notifier.failure(`export the ${WHAT[what]} of`, file.uri, err);
  }
}

/** The worked calculation of a node (null: every decision node) as Markdown. */
export async function runCalculationExport(host: HostServices, file: TrainedFile | undefined, nodeId: number | null): Promise<void> {
  if (file === undefined) return noTreeYet();
  try {
    await exportCalculation(file, host.worker(), nodeId);
  } catch (err) {
    host.notifier.failure('export the calculation of', file.uri, err);
  }
}

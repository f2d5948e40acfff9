// The exports as commands and panel buttons run them: each failure becomes one notification
// naming the file, and a command with no tree to export says how to train one.
import * as vscode from 'vscode';
import { exportCalculation, exportMermaid, exportModel, exportRules, type CalculationScope } from './exports';
import type { HostServices } from './host-services';
import type { TrainedFile } from './trained-files';
import { t } from './l10n';

export type ExportKind = 'mermaid' | 'model' | 'rules';

/** What failed to export, as the failure notification says it. */
const failedExport = (what: ExportKind): string => (what === 'model' ? t('export the model of') : what === 'mermaid' ? t('export the tree of') : t('export the rules of'));

export function noTreeYet(): void {
  void vscode.window.showInformationMessage(t('Decision Tree: no tree yet — train one first (right-click a CSV → Train Decision Tree).'));
}

export async function runExport(host: HostServices, what: ExportKind, file: TrainedFile | undefined): Promise<void> {
  if (file === undefined) return noTreeYet();
  try {
    if (what === 'model') await exportModel(file, host.worker());
    else if (what === 'mermaid') await exportMermaid(file, host.worker());
    else await exportRules(file, host.worker());
  } catch (err) {
    host.notifier.failure(failedExport(what), file.uri, err);
  }
}

interface ScopeItem extends vscode.QuickPickItem {
  scope: CalculationScope;
}

/** From a node (the drawer's Export as Markdown…): that node, the path down to it, or the whole tree; undefined when dismissed. */
async function pickScope(nodeId: number): Promise<CalculationScope | undefined> {
  const items: ScopeItem[] = [
    { label: t`Node ${nodeId}`, description: /* l10n-ignore: the CLI's command */ `explain --node ${nodeId}`, scope: { kind: 'node', nodeId } },
    ...(nodeId === 0 ? [] : [{ label: t`The path from the root to node ${nodeId}`, description: t`explain --path ${nodeId}: a heading per node on the way`, scope: { kind: 'path', nodeId } } satisfies ScopeItem]),
    { label: t('The whole tree'), description: t('explain: every decision node'), scope: { kind: 'tree' } },
  ];
  return (await vscode.window.showQuickPick(items, { title: t('Decision Tree: export the calculation of…') }))?.scope;
}

/** The worked calculation as Markdown: from a node (asked: the node, its path or the tree), or (null) of the whole tree. */
export async function runCalculationExport(host: HostServices, file: TrainedFile | undefined, nodeId: number | null): Promise<void> {
  if (file === undefined) return noTreeYet();
  try {
    const scope = nodeId === null ? { kind: 'tree' as const } : await pickScope(nodeId);
    if (scope === undefined) return;
    await exportCalculation(file, host.worker(), scope);
  } catch (err) {
    host.notifier.failure(t('export the calculation of'), file.uri, err);
  }
}

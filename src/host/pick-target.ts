// The target-column QuickPick; Enter accepts the default (remembered, else the last column).
import * as vscode from 'vscode';
import { targetItems } from './target-items';
import type { ColumnSummary } from '../shared/worker-messages';
import { t } from './l10n';

export async function pickTarget(columns: readonly ColumnSummary[], defaultColumn: string | undefined, fileName: string): Promise<string | undefined> {
  const picked = await vscode.window.showQuickPick(targetItems(columns, defaultColumn), {
    title: t`Decision Tree: target column of ${fileName}`,
    placeHolder: t('The column the tree should predict'),
    matchOnDescription: true,
    ignoreFocusOut: true,
  });
  return picked?.column;
}

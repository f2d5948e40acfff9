// "Target: species" in the status bar while a CSV editor is active; clicking it runs Set Target
// Column. The target is the remembered one, else the last column (as the hover data resolves it).
import * as vscode from 'vscode';
import { isCsvDocument } from '../host/csv-target';
import { readChoices, type ChoiceStore } from '../host/file-choices';
import { literal } from '../host/target-items';
import type { HoverCache } from './hover-cache';
import { t } from '../host/l10n';

export class TargetStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('decisionTree.target', vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly cache: HoverCache,
    private readonly choices: ChoiceStore,
  ) {
    this.subscriptions = [
      this.item,
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      cache.onDidChange((uri) => {
        if (vscode.window.activeTextEditor?.document.uri.toString() === uri.toString()) this.update();
      }),
    ];
    this.update();
  }

  /** Shows the active CSV's target, in the language now chosen (also called when it changes). */
  update(): void {
    this.item.name = t('Decision Tree Target');
    const document = vscode.window.activeTextEditor?.document;
    if (document === undefined || !isCsvDocument(document)) {
      this.item.hide();
      return;
    }
    // Also starts the scores of a freshly opened CSV, so its first hover is likely warm.
    const { data } = this.cache.peek(document);
    const shown = data?.target ?? readChoices(this.choices, document.uri.toString()).target;
    this.item.text = t`$(target) Target: ${shown === undefined ? '…' : literal(shown)}`;
    this.item.tooltip = t('Decision Tree: the column the tree predicts and the hover scores splits against. Click to change it.');
    this.item.command = { title: t('Set Target Column'), command: 'decisionTree.setTarget', arguments: [document.uri] };
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}

// Extension host entry: registers contributions only; all work happens on demand (lazy activation).
import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  const comingSoon = (title: string) => () =>
    vscode.window.showInformationMessage(`Decision Tree: "${title}" is coming soon.`);
  context.subscriptions.push(
    vscode.commands.registerCommand('decisionTree.train', comingSoon('Train Decision Tree')),
    vscode.commands.registerCommand('decisionTree.profile', comingSoon('Profile CSV Columns')),
  );
}

export function deactivate(): void {}

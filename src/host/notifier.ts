// Failures reach the user as one notification (what and where) with "Show Details", which opens
// the "Decision Tree" output channel holding the full text. The channel is created on first use.
import * as vscode from 'vscode';
import { describeFailure } from './failure-text';
import { t } from './l10n';

export class Notifier implements vscode.Disposable {
  private channel: vscode.OutputChannel | undefined;

  private get output(): vscode.OutputChannel {
    this.channel ??= vscode.window.createOutputChannel('Decision Tree');
    return this.channel;
  }

  /** Reports a failed action on a file; a cancellation is silent. Never throws, never waits. */
  failure(action: string, file: vscode.Uri | string, err: unknown): void {
    const text = describeFailure(action, typeof file === 'string' ? file : displayPath(file), err);
    if (text === undefined) return;
    this.output.appendLine(text.details);
    this.offerDetails(vscode.window.showErrorMessage(t`Decision Tree: ${text.summary}`, showDetails()));
  }

  /** A warning that does not stop the work (e.g. an invalid setting replaced by its default). */
  warning(summary: string, details: string): void {
    this.output.appendLine(`[${new Date().toISOString()}] ${details}`);
    this.offerDetails(vscode.window.showWarningMessage(t`Decision Tree: ${summary}`, showDetails()));
  }

  log(line: string): void {
    this.output.appendLine(`[${new Date().toISOString()}] ${line}`);
  }

  private offerDetails(choice: Thenable<string | undefined>): void {
    choice.then(
      (picked) => {
        if (picked === showDetails()) this.output.show(true);
      },
      () => undefined,
    );
  }

  dispose(): void {
    this.channel?.dispose();
  }
}

const showDetails = () => t('Show Details');

/** A path for messages: workspace-relative where possible, else the URI's path. */
export function displayPath(uri: vscode.Uri): string {
  return uri.scheme === 'file' ? vscode.workspace.asRelativePath(uri, false) : uri.toString(true);
}

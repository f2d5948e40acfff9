// The forest view: one WebviewPanel per CSV beside the editor (the tree panel's CSP, html.ts),
// showing a trained forest (README "Random forests"). The page gets the report without its trees
// and asks for one tree at a time and for a row's votes (forest-requests.ts answers). Like the
// tree panel it keeps no context while hidden: the page saves its own choices, and the host posts
// the report again whenever the page says `ready`. It is not restored after a reload (the forest
// is not kept on disk): train again.
import * as vscode from 'vscode';
import type { Dataset } from '../engine/dataset';
import type { ForestReport } from '../engine/forest/types';
import { parseFromForestView, type ForestRequestTypes, type FromForestView, type ToForestView } from '../shared/forest-protocol';
import { answerRequest } from '../shared/panel-requests';
import { fileNameOf } from '../host/csv-source';
import { ForestAnswers, wireForestReport } from './forest-requests';
import { makeNonce, panelHtml } from './html';

export const FOREST_PANEL_VIEW_TYPE = 'decisionTree.forestPanel';

class ForestPanel {
  private ready = false;
  private answers: ForestAnswers | undefined;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly csvUri: vscode.Uri,
    extensionUri: vscode.Uri,
    private readonly log: (message: string) => void,
  ) {
    const webview = panel.webview;
    webview.html = panelHtml({
      cspSource: webview.cspSource,
      nonce: makeNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'forest.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'forest.css')).toString(),
      title: panel.title,
    });
    webview.onDidReceiveMessage((raw: unknown) => this.receive(raw));
    panel.onDidChangeViewState(() => {
      if (!panel.visible) this.ready = false;
    });
  }

  show(report: ForestReport, dataset: Dataset): void {
    this.answers = new ForestAnswers(report, dataset);
    if (this.ready) this.postShow();
  }

  private postShow(): void {
    if (this.answers === undefined) return;
    this.post({ type: 'show', report: wireForestReport(this.answers.report), fileName: fileNameOf(this.csvUri), documentUri: this.csvUri.toString() });
  }

  private post(message: ToForestView): void {
    void this.panel.webview.postMessage(message);
  }

  private receive(raw: unknown): void {
    const parsed = parseFromForestView(raw);
    if (!parsed.ok) {
      this.log(`Forest view (${this.csvUri.fsPath}): ignored a malformed message: ${parsed.error}`);
      return;
    }
    void this.handle(parsed.message);
  }

  private async handle(message: FromForestView): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.postShow();
        return;
      case 'webviewError':
        this.log(`Forest view (${this.csvUri.fsPath}): ${message.message}`);
        return;
      case 'request': {
        const answers = this.answers;
        if (answers === undefined) return this.post({ type: 'requestFailed', requestId: message.requestId, message: 'No forest here yet: train one.' });
        return answerRequest<ForestRequestTypes>(message, answers.handlers, (reply) => this.post(reply));
      }
    }
  }
}

/** All forest views, one per CSV. */
export class ForestPanels implements vscode.Disposable {
  private readonly panels = new Map<string, ForestPanel>();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly log: (message: string) => void,
  ) {}

  /** Shows the forest in the CSV's view, opening it beside the editor if needed. */
  show(csvUri: vscode.Uri, report: ForestReport, dataset: Dataset): void {
    const key = csvUri.toString();
    let view = this.panels.get(key);
    if (view === undefined) {
      const options = { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist'), vscode.Uri.joinPath(this.extensionUri, 'media')] };
      const panel = vscode.window.createWebviewPanel(FOREST_PANEL_VIEW_TYPE, `Random Forest: ${fileNameOf(csvUri)}`, vscode.ViewColumn.Beside, options);
      const created = new ForestPanel(panel, csvUri, this.extensionUri, this.log);
      panel.onDidDispose(() => {
        if (this.panels.get(key) === created) this.panels.delete(key);
      });
      this.panels.set(key, (view = created));
    } else {
      view.panel.reveal(undefined, true);
    }
    view.show(report, dataset);
  }

  dispose(): void {
    for (const view of [...this.panels.values()]) view.panel.dispose();
  }
}

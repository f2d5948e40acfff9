// The tree panel host: one WebviewPanel per CSV beside the editor, restored after a reload by a
// WebviewPanelSerializer. It owns nothing but the panel: what to train, and how, stays with the
// caller (src/extension.ts), which answers the panel's requests through `PanelRequests`.
//
// retainContextWhenHidden is off: the webview keeps the report it shows in its own state
// (setState), so a hidden panel costs no memory and redraws from that state when shown again,
// and the host re-posts the latest report whenever the webview says `ready`. The webview gets the
// report without its rules (panel-report.ts) and asks for them a page at a time (rules-page.ts);
// of a big tree it gets the top, and asks for more nodes as it needs them (tree-slices.ts).
import * as vscode from 'vscode';
import type { ReportBody } from '../engine/report';
import type { SplitDistribution } from '../engine/split-distribution';
import type { RowPathResult as RowPath } from '../host/row-path';
import { parseFromWebview, type AlternativeSplit, type FromWebview, type PanelSettings, type ToWebview } from '../protocol';
import { makeNonce, panelHtml } from './html';
import { panelReport } from './panel-report';
import { RulePages } from './rules-page';
import { branchSlice, subtreeSlice } from './tree-slices';

export const TREE_PANEL_VIEW_TYPE = 'decisionTree.treePanel';


/** What the panel asks of the extension; every call names the CSV the panel belongs to. */
export interface PanelRequests {
  retrain(csvUri: vscode.Uri, settings: Partial<PanelSettings>): void;
  alternatives(csvUri: vscode.Uri, nodeId: number): Promise<AlternativeSplit[]>;
  /** The split feature's distribution per class at a node, for the node details' chart. */
  splitDistribution(csvUri: vscode.Uri, nodeId: number): Promise<SplitDistribution | null>;
  rowPath(csvUri: vscode.Uri, row: number): Promise<RowPath>;
  /** The CSV's report when this panel has none in memory (restored after a reload). */
  report(csvUri: vscode.Uri): Promise<ReportBody>;
  export(csvUri: vscode.Uri, what: 'mermaid' | 'model' | 'rules'): void;
  /** Saves the panel's drawing (SVG text or PNG base64) where the user says. */
  saveDrawing(csvUri: vscode.Uri, format: 'svg' | 'png', data: string): void;
  /** A panel came back after a reload without a report in memory (it still shows its saved one). */
  restored(csvUri: vscode.Uri): void;
  /** Lines for the output channel: malformed messages, errors inside the webview. */
  log(message: string): void;
}

/** The state the webview saves with setState; only `documentUri` is read here, and checked. */
function documentUriOf(state: unknown): vscode.Uri | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const uri = (state as { documentUri?: unknown }).documentUri;
  if (typeof uri !== 'string' || uri.length > 4096) return undefined;
  try {
    return vscode.Uri.parse(uri, true);
  } catch {
    return undefined;
  }
}

interface Shown {
  report: ReportBody;
  fileName: string;
  settings: PanelSettings;
}

class TreePanel {
  private ready = false;
  private shown: Shown | undefined;
  private highlighted: RowPath | undefined;
  private readonly rulePages = new RulePages();

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly csvUri: vscode.Uri,
    private readonly extensionUri: vscode.Uri,
    private readonly requests: PanelRequests,
    onDispose: () => void,
  ) {
    panel.webview.options = webviewOptions(extensionUri);
    panel.webview.html = this.html();
    panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw));
    panel.onDidDispose(onDispose);
    // A webview that becomes visible again is rebuilt and will say `ready`.
    panel.onDidChangeViewState(() => {
      if (!panel.visible) this.ready = false;
    });
  }

  show(shown: Shown): void {
    this.shown = shown;
    this.highlighted = undefined;
    this.panel.title = `Decision Tree: ${shown.fileName}`;
    if (this.ready) this.postShow(shown);
  }

  private postShow(shown: Shown): void {
    this.post({ type: 'show', ...shown, report: panelReport(shown.report), documentUri: this.csvUri.toString() });
  }

  highlightRow(path: RowPath): void {
    this.highlighted = path;
    if (this.ready) this.postHighlight(path);
  }

  /** A path the host highlights on its own (the row under the cursor): a failure is only logged. */
  private postHighlight(path: RowPath): void {
    this.postRowPath(null, path).catch((err: unknown) => this.requests.log(`Tree panel (${this.csvUri.fsPath}): row path not shown: ${String(err)}`));
  }

  /** The report shown, or for a panel restored after a reload, the one trained again. */
  private async report(): Promise<ReportBody> {
    return this.shown?.report ?? (await this.requests.report(this.csvUri));
  }

  private async postRowPath(requestId: number | null, path: RowPath): Promise<void> {
    const { model } = await this.report();
    const leaf = path.path[path.path.length - 1];
    this.post({ type: 'rowPath', requestId, ...path, nodes: branchSlice(model, leaf) });
  }

  post(message: ToWebview): void {
    void this.panel.webview.postMessage(message);
  }

  private html(): string {
    const webview = this.panel.webview;
    return panelHtml({
      cspSource: webview.cspSource,
      nonce: makeNonce(),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, 'media', 'panel.css')).toString(),
      title: this.panel.title,
    });
  }

  private receive(raw: unknown): void {
    const parsed = parseFromWebview(raw);
    if (!parsed.ok) {
      this.requests.log(`Tree panel (${this.csvUri.fsPath}): ignored a malformed message: ${parsed.error}`);
      return;
    }
    void this.handle(parsed.message);
  }

  private async handle(message: FromWebview): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        if (this.shown) {
          this.postShow(this.shown);
          if (this.highlighted) this.postHighlight(this.highlighted);
        } else {
          this.requests.restored(this.csvUri);
        }
        return;
      case 'retrain':
        this.requests.retrain(this.csvUri, message.settings);
        return;
      case 'export':
        this.requests.export(this.csvUri, message.what);
        return;
      case 'saveDrawing':
        this.requests.saveDrawing(this.csvUri, message.format, message.data);
        return;
      case 'webviewError':
        this.requests.log(`Tree panel (${this.csvUri.fsPath}): ${message.message}`);
        return;
      case 'requestSplitDistribution':
        try {
          const distribution = await this.requests.splitDistribution(this.csvUri, message.nodeId);
          this.post({ type: 'splitDistribution', requestId: message.requestId, nodeId: message.nodeId, distribution });
        } catch (err) {
          this.post({ type: 'requestFailed', requestId: message.requestId, message: err instanceof Error ? err.message : String(err) });
        }
        return;
      case 'requestAlternatives':
      case 'requestRowPath':
      case 'requestNodes':
      case 'requestRulesPage':
        try {
          if (message.type === 'requestRulesPage') {
            this.post(this.rulePages.answer(await this.report(), message));
          } else if (message.type === 'requestNodes') {
            const { model } = await this.report();
            if (model.nodes.length !== message.totalNodes) throw new Error('The tree was trained again since this panel drew it; retrain to see the current tree.');
            if (message.nodeId >= model.nodes.length) throw new Error(`The tree has no node ${message.nodeId}.`);
            const nodes = message.scope === 'subtree' ? subtreeSlice(model, message.nodeId) : branchSlice(model, message.nodeId);
            this.post({ type: 'nodes', requestId: message.requestId, nodes });
          } else if (message.type === 'requestAlternatives') {
            const splits = await this.requests.alternatives(this.csvUri, message.nodeId);
            this.post({ type: 'alternatives', requestId: message.requestId, nodeId: message.nodeId, splits });
          } else {
            await this.postRowPath(message.requestId, await this.requests.rowPath(this.csvUri, message.row));
          }
        } catch (err) {
          this.post({ type: 'requestFailed', requestId: message.requestId, message: err instanceof Error ? err.message : String(err) });
        }
        return;
    }
  }
}

function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return {
    enableScripts: true,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

/** All tree panels, one per CSV. Create once in `activate`; it registers the panel serializer. */
export class TreePanels implements vscode.Disposable {
  private readonly panels = new Map<string, TreePanel>();
  private readonly registration: vscode.Disposable;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly requests: PanelRequests,
  ) {
    this.registration = vscode.window.registerWebviewPanelSerializer(TREE_PANEL_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state) => {
        const csvUri = documentUriOf(state);
        if (!csvUri || this.panels.has(csvUri.toString())) {
          panel.dispose(); // nothing usable to restore, or the file already has a panel
          return;
        }
        this.adopt(panel, csvUri);
      },
    });
  }

  /** Shows `report` in the CSV's panel, opening it beside the editor if needed. */
  show(csvUri: vscode.Uri, report: ReportBody, settings: PanelSettings): void {
    const fileName = csvUri.path.slice(csvUri.path.lastIndexOf('/') + 1);
    let panel = this.panels.get(csvUri.toString());
    if (!panel) {
      const created = vscode.window.createWebviewPanel(TREE_PANEL_VIEW_TYPE, `Decision Tree: ${fileName}`, vscode.ViewColumn.Beside, {
        ...webviewOptions(this.extensionUri),
        enableFindWidget: true,
      });
      panel = this.adopt(created, csvUri);
    } else {
      panel.panel.reveal(undefined, true);
    }
    panel.show({ report, fileName, settings });
  }

  /** Highlights the path of one row in the CSV's panel, if it is open. */
  highlightRow(csvUri: vscode.Uri, path: RowPath): void {
    this.panels.get(csvUri.toString())?.highlightRow(path);
  }

  /** Tells the CSV's panel that work (a retrain) is running, or that it failed. */
  busy(csvUri: vscode.Uri, message: string, fraction: number | null): void {
    this.panels.get(csvUri.toString())?.post({ type: 'busy', message, fraction });
  }

  failed(csvUri: vscode.Uri, message: string): void {
    this.panels.get(csvUri.toString())?.post({ type: 'failed', message });
  }

  /** Asks the CSV's panel for its drawing (it answers with `saveDrawing`); false when it has no panel. */
  exportDrawing(csvUri: vscode.Uri, format: 'svg' | 'png'): boolean {
    const panel = this.panels.get(csvUri.toString());
    panel?.post({ type: 'exportDrawing', format });
    return panel !== undefined;
  }

  has(csvUri: vscode.Uri): boolean {
    return this.panels.has(csvUri.toString());
  }

  /** The CSV whose panel is the active editor, if one is: the file palette commands then act on. */
  activeCsv(): vscode.Uri | undefined {
    for (const p of this.panels.values()) if (p.panel.active) return p.csvUri;
    return undefined;
  }

  /** Reveals the CSV's panel; false when it has none. */
  reveal(csvUri: vscode.Uri): boolean {
    const panel = this.panels.get(csvUri.toString());
    panel?.panel.reveal();
    return panel !== undefined;
  }

  dispose(): void {
    this.registration.dispose();
    for (const p of [...this.panels.values()]) p.panel.dispose();
  }

  private adopt(panel: vscode.WebviewPanel, csvUri: vscode.Uri): TreePanel {
    const key = csvUri.toString();
    const tree = new TreePanel(panel, csvUri, this.extensionUri, this.requests, () => {
      if (this.panels.get(key) === tree) this.panels.delete(key);
    });
    this.panels.set(key, tree);
    return tree;
  }
}

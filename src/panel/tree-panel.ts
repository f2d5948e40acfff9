// The tree panel host: one WebviewPanel per CSV beside the editor, restored after a reload by a
// WebviewPanelSerializer. It owns nothing but the panel: what to train, and how, stays with the
// caller, which answers the panel's requests through `PanelRequests` (tree-requests.ts).
//
// retainContextWhenHidden is off: the webview keeps the report it shows in its own state
// (setState), so a hidden panel costs no memory and redraws from that state when shown again,
// and the host re-posts the latest report whenever the webview says `ready`. The webview gets the
// report without its rules (panel-report.ts) and asks for them a page at a time (rules-page.ts);
// of a big tree it gets the top, and asks for more nodes as it needs them (tree-slices.ts). Its
// requests are answered by `answerRequest` (src/shared/panel-requests.ts) with `handlers`. Every
// answer reads the report's tree as the host holds it, in columns (src/engine/tree-columns.ts).
import * as vscode from 'vscode';
import { CancelledError } from '../engine/errors';
import { panelColumn } from './panel-column';
import type { PackedReport } from '../shared/report-transfer';
import type { RowPathResult as RowPath } from '../shared/row-path';
import {
  parseFromWebview,
  type EditState,
  type FromWebview,
  type HandView,
  type PanelSettings,
  type PinRecipe,
  type RowPath as WireRowPath,
  type SyncHandMessage,
  type ToWebview,
} from '../shared/protocol';
import { answerRequest, type RequestHandlers } from '../shared/panel-requests';
import { PageHost, pageOptions } from './page-wiring';
import { panelReport } from './panel-report';
import { RulePages } from './rules-page';
import { branchSlice, subtreeSlice } from '../shared/tree-slices';
import { comparisonOf, withPinnedPath, type Pinned } from './comparison';
import { PageSet } from './page-set';
import type { PanelRequests } from './tree-requests';
import { t } from '../host/l10n';
import { fileNameOf } from '../host/csv-source';

export const TREE_PANEL_VIEW_TYPE = 'decisionTree.treePanel';

interface Shown {
  report: PackedReport;
  fileName: string;
  settings: PanelSettings;
  edits?: EditState;
  byHand?: HandView;
}

const treePanelTitle = (csvUri: vscode.Uri) => t`Decision Tree: ${fileNameOf(csvUri)}`;

class TreePanel extends PageHost<FromWebview, ToWebview> {
  private shown: Shown | undefined;
  private highlighted: RowPath | undefined;
  /** The tree pinned for the side-by-side comparison (same file), if any. */
  private pinned: Pinned | undefined;
  private readonly rulePages = new RulePages();
  /**
   * After a reload, while the steps grown by hand the page sent back are replayed: the file's tree
   * trained again meanwhile is held back (the page keeps drawing its saved tree grown by hand), so
   * the algorithm's tree does not flash up before the student's comes back.
   */
  private handResuming = false;
  private held: Shown | undefined;
  /** A calculation to open once the webview is ready (asked for while it loads). */
  private calculationToShow: { nodeId: number; column: string | null } | undefined;

  constructor(
    panel: vscode.WebviewPanel,
    readonly csvUri: vscode.Uri,
    extensionUri: vscode.Uri,
    private readonly requests: PanelRequests,
  ) {
    // The calculation drawer's math (KaTeX's sheet and fonts, copied by scripts/build.mjs; font-src allows only the webview's source).
    const files = { script: 'webview.js', style: 'panel.css', extraStyles: [['dist', 'katex', 'katex.min.css']] };
    super(panel, extensionUri, files, parseFromWebview, `Tree panel (${csvUri.fsPath})`, (text) => requests.log(text));
  }

  show(shown: Shown): void {
    this.shown = shown;
    this.highlighted = undefined;
    this.panel.title = treePanelTitle(this.csvUri);
    if (this.handResuming && shown.byHand === undefined) {
      this.held = shown;
      return;
    }
    this.handResuming = false;
    this.held = undefined;
    if (this.ready) this.postShow(shown);
  }

  /** The steps grown by hand a reloaded page sent back, replayed; a tree held back meanwhile is shown if none grown by hand came. */
  private async resumeHand(message: SyncHandMessage): Promise<void> {
    this.handResuming = true;
    await this.requests.syncHand(this.csvUri, message);
    this.release();
  }

  private release(): void {
    const held = this.held;
    this.handResuming = false;
    this.held = undefined;
    if (held && this.ready) this.postShow(held);
  }

  /** Says what failed; a tree held back is shown first, so the message stays. */
  fail(message: string, retrain: boolean): void {
    this.release();
    this.post({ type: 'failed', message, ...(retrain ? { retrain } : {}) });
  }

  private postShow(shown: Shown): void {
    this.post({ type: 'show', ...shown, report: panelReport(shown.report), documentUri: this.csvUri.toString(), yours: this.requests.yourSettings(this.csvUri) });
    if (this.pinned) void this.postComparison(shown.report);
  }

  /** The comparison of the pinned tree with `shown` (none without a pin), once the worker has diffed them. */
  private async postComparison(shown: PackedReport | undefined): Promise<void> {
    const pinned = this.pinned;
    if (!pinned || !shown) return this.post({ type: 'compare', comparison: null });
    try {
      const comparison = await comparisonOf(pinned, shown, (a, b) => this.requests.diffTrees(this.csvUri, a, b));
      // A pin or a tree shown since has its own comparison on the way.
      if (this.pinned === pinned && (this.shown === undefined || this.shown.report === shown)) this.post({ type: 'compare', comparison });
    } catch (err) {
      if (!(err instanceof CancelledError)) this.log(`${this.where}: the trees could not be compared: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** A reloaded panel's pin, made again; when that fails the panel drops it and says why in the log. */
  private async restorePin(recipe: PinRecipe): Promise<void> {
    try {
      this.pinned = await this.requests.pinned(this.csvUri, recipe);
    } catch (err) {
      this.pinned = undefined;
      this.log(`${this.where}: the pinned tree could not be made again: ${err instanceof Error ? err.message : String(err)}`);
    }
    await this.postComparison(this.pinned ? await this.report() : undefined);
  }

  private async pin(pin: boolean): Promise<void> {
    if (pin && !this.shown) await this.report(); // a restored panel: its file is trained again, and shown
    this.pinned = pin && this.shown ? { report: this.shown.report, settings: this.shown.settings } : undefined;
    await this.postComparison(this.shown?.report);
  }

  /** Opens the calculation drawer on `nodeId`, `column`'s split open; now, or once the webview is ready. */
  showCalculation(nodeId: number, column: string | null): void {
    this.calculationToShow = { nodeId, column };
    if (this.ready) this.postCalculation();
  }

  private postCalculation(): void {
    const asked = this.calculationToShow;
    this.calculationToShow = undefined;
    if (asked) this.post({ type: 'showCalculation', ...asked });
  }

  highlightRow(path: RowPath): void {
    this.highlighted = path;
    if (this.ready) this.postHighlight(path);
  }

  /** A path the host highlights on its own (the row under the cursor): a failure is only logged. */
  private postHighlight(path: RowPath): void {
    this.postRowPath(path).catch((err: unknown) => this.log(`${this.where}: row path not shown: ${String(err)}`));
  }

  /** The report shown, or for a panel restored after a reload, the one trained again. */
  private async report(): Promise<PackedReport> {
    return this.shown?.report ?? (await this.requests.report(this.csvUri));
  }

  /** The path with the nodes the webview needs to draw it. */
  private async withNodes(path: RowPath): Promise<WireRowPath> {
    const { model } = await this.report();
    return { ...path, nodes: branchSlice(model, path.path[path.path.length - 1]) };
  }

  private postRowPath(path: RowPath): Promise<void> {
    return this.withNodes(path).then((shown) => this.post({ type: 'rowPath', ...shown }));
  }

  /** The answer to each kind of request of the webview. */
  private readonly handlers: RequestHandlers = {
    rulesPage: async (request) => this.rulePages.answer((await this.report()).model, request),
    nodes: async ({ nodeId, scope, totalNodes }) => {
      const { model } = await this.report();
      if (model.totalNodes !== totalNodes) throw new Error(t('The tree was trained again since this panel drew it; retrain to see the current tree.'));
      if (nodeId >= model.totalNodes) throw new Error(t`The tree has no node ${nodeId}.`);
      return scope === 'subtree' ? subtreeSlice(model, nodeId) : branchSlice(model, nodeId);
    },
    alternatives: ({ nodeId }) => this.requests.alternatives(this.csvUri, nodeId),
    splitDistribution: ({ nodeId }) => this.requests.splitDistribution(this.csvUri, nodeId),
    previewEdit: ({ edit }) => this.requests.previewEdit(this.csvUri, edit),
    calculation: ({ nodeId, column }) => this.requests.calculation(this.csvUri, nodeId, column),
    pruningCalculation: () => this.requests.pruningCalculation(this.csvUri),
    ruleCalculation: ({ leaf }) => this.requests.ruleCalculation(this.csvUri, leaf),
    handCandidates: ({ nodeId }) => this.requests.handCandidates(this.csvUri, nodeId),
    rowPath: async ({ row }) => withPinnedPath(await this.withNodes(await this.requests.rowPath(this.csvUri, row)), this.pinned, (tree) => this.requests.rowPath(this.csvUri, row, tree)),
  };

  protected async handle(message: Exclude<FromWebview, { type: 'webviewError' }>): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        if (this.shown) {
          this.postShow(this.shown);
          if (this.highlighted) this.postHighlight(this.highlighted);
          this.postCalculation();
        } else {
          this.requests.restored(this.csvUri);
        }
        return;
      case 'retrain':
        return this.requests.retrain(this.csvUri, message.settings);
      case 'export':
        return this.requests.export(this.csvUri, message.what);
      case 'exportCalculation':
        return this.requests.exportCalculation(this.csvUri, message.nodeId);
      case 'ignoreColumn':
        return this.requests.ignoreColumn(this.csvUri, message.column);
      case 'saveDrawing':
        return this.requests.saveDrawing(this.csvUri, message.format, message.data);
      case 'pin':
        return this.pin(message.pin);
      case 'restorePin':
        return this.restorePin(message.pin);
      case 'applyEdit':
      case 'undoEdit':
      case 'redoEdit':
      case 'resetEdits':
      case 'syncEdits':
        return this.requests.edit(this.csvUri, message);
      case 'handStep':
        return this.requests.handStep(this.csvUri, message);
      case 'syncHand':
        return this.resumeHand(message);
      case 'openFormulas':
        return this.requests.openFormulas(message.section);
      case 'request':
        return answerRequest(message, this.handlers, (reply) => this.post(reply));
    }
  }
}

/** All tree panels, one per CSV. Create once in `activate`; it registers the panel serializer. */
export class TreePanels implements vscode.Disposable {
  private readonly panels: PageSet<TreePanel>;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly requests: PanelRequests,
  ) {
    // A panel restored after a reload asks for its report when its page says `ready`.
    this.panels = new PageSet(TREE_PANEL_VIEW_TYPE, (panel, csvUri) => new TreePanel(panel, csvUri, extensionUri, requests), () => () => undefined);
  }

  /**
   * Shows `report` in the CSV's panel, opening it beside the editor if needed; `edits`: the edits
   * behind it, else those the extension knows of it (a panel opened by the hover's "show path" or
   * Show Tree Panel on an edited tree has its edit bar too).
   */
  show(csvUri: vscode.Uri, report: PackedReport, settings: PanelSettings, edits: EditState | undefined = this.requests.editState(csvUri, report)): void {
    const fileName = fileNameOf(csvUri);
    let panel = this.panels.get(csvUri);
    if (!panel) {
      const created = vscode.window.createWebviewPanel(TREE_PANEL_VIEW_TYPE, treePanelTitle(csvUri), panelColumn(csvUri), {
        ...pageOptions(this.extensionUri),
        enableFindWidget: true,
      });
      panel = this.panels.adopt(created, csvUri);
    } else {
      panel.panel.reveal(undefined, true);
    }
    const byHand = this.requests.handState(csvUri, report);
    panel.show({ report, fileName, settings, ...(edits ? { edits } : {}), ...(byHand ? { byHand } : {}) });
  }

  /** Every open panel in the language now chosen. */
  relanguage(): void {
    for (const panel of this.panels.all()) panel.relanguage(treePanelTitle(panel.csvUri));
  }

  /** Highlights the path of one row in the CSV's panel, if it is open. */
  highlightRow(csvUri: vscode.Uri, path: RowPath): void {
    this.panels.get(csvUri)?.highlightRow(path);
  }

  /** Opens the calculation drawer of the CSV's panel on `nodeId` with `column`'s split open, if the panel is open. */
  showCalculation(csvUri: vscode.Uri, nodeId: number, column: string | null): void {
    this.panels.get(csvUri)?.showCalculation(nodeId, column);
  }

  /** Tells the CSV's panel that work (a retrain) is running, or that it failed. */
  busy(csvUri: vscode.Uri, message: string, fraction: number | null): void {
    this.panels.get(csvUri)?.post({ type: 'busy', message, fraction });
  }

  /** `retrain`: the tree no longer matches its file; the panel offers to retrain. */
  failed(csvUri: vscode.Uri, message: string, retrain = false): void {
    this.panels.get(csvUri)?.fail(message, retrain);
  }

  /** Asks the CSV's panel for its drawing (it answers with `saveDrawing`); false when it has no panel. */
  exportDrawing(csvUri: vscode.Uri, format: 'svg' | 'png'): boolean {
    const panel = this.panels.get(csvUri);
    panel?.post({ type: 'exportDrawing', format });
    return panel !== undefined;
  }

  has(csvUri: vscode.Uri): boolean {
    return this.panels.get(csvUri) !== undefined;
  }

  /** The CSV whose panel is the active editor, if one is: the file palette commands then act on. */
  activeCsv(): vscode.Uri | undefined {
    return this.panels.active()?.csvUri;
  }

  /** Reveals the CSV's panel; false when it has none. */
  reveal(csvUri: vscode.Uri): boolean {
    const panel = this.panels.get(csvUri);
    panel?.panel.reveal();
    return panel !== undefined;
  }

  dispose(): void {
    this.panels.dispose();
  }
}

// The forest view: one WebviewPanel per CSV beside the editor (the tree panel's CSP, html.ts),
// showing a trained forest (README "Random forests"). The page gets the report without its trees
// and asks for one tree at a time, a row's votes and a node's alternatives (forest-requests.ts
// answers). Like the tree panel it keeps no context while hidden: the page saves its own choices
// (tab, tree, row) and the forest's recipe, and the host posts the report again whenever the page
// says `ready`. After a window reload the serializer brings the view back from that saved state
// and asks for its recipe to be trained again (the forest itself is not kept on disk). The same
// view shows a model trained elsewhere (README "Open a model trained elsewhere"; answers in
// ensemble-requests.ts), one per model file; after a reload it is brought back by reading the
// model file again (and the CSV and target it was run on), which the page's state names.
import * as vscode from 'vscode';
import { panelColumn } from './panel-column';
import { parseForestRecipe, parseFromForestView, parseModelReopen, type ForestRecipe, type ModelReopen, type ForestRequestTypes, type FromForestView, type ToForestView } from '../shared/forest-protocol';
import { answerRequest, type Handlers } from '../shared/panel-requests';
import type { EnsembleRowJob, JobTypes, MemberAlternativesJob, MemberJobKind } from '../shared/worker-messages';
import { fileNameOf } from '../host/csv-source';
import type { TrainedForest } from '../host/forest-trainer';
import { ForestAnswers, wireForestReport } from './forest-requests';
import { EnsembleAnswers } from './ensemble-requests';
import type { ImportedModel } from '../shared/ensemble-transfer';
import type { RowContributions } from '../engine/import/contributions';
import { PageHost, pageOptions } from './page-wiring';
import { PageSet } from './page-set';
import { t } from '../host/l10n';

export const FOREST_PANEL_VIEW_TYPE = 'decisionTree.forestPanel';

/** What the forest views ask of the extension. */
export interface ForestViewRequests {
  /** Train `recipe` again on the CSV (a view restored after a reload, or its "Train again"); the view hears back through ForestPanels. */
  retrain(csvUri: vscode.Uri, recipe: ForestRecipe): void;
  /** Stops the CSV's forest training (the view's Cancel). */
  cancel(csvUri: vscode.Uri): void;
  /** Shows a model trained elsewhere again in a view restored after a reload: its file read again, with the CSV and target it was run on; the view hears back through ForestPanels (showModel, failed). */
  reopenModel(modelUri: vscode.Uri, reopen: ModelReopen): void;
  /** Runs a model trained elsewhere's row job (what each tree adds to the row) in the worker. */
  ensembleRow(modelUri: vscode.Uri, job: EnsembleRowJob): Promise<RowContributions>;
  /** Runs a node's job (alternatives, split chart) in the worker. */
  nodeJob<K extends MemberJobKind>(csvUri: vscode.Uri, kind: K, job: MemberAlternativesJob): Promise<JobTypes[K]['result']>;
  log(message: string): void;
}

/** What the view says while it has no forest to show (or over the one it shows). */
type Status = Extract<ToForestView, { type: 'busy' | 'failed' }>;

/** What a view shows: a forest of ours or a model trained elsewhere, the message showing it and its requests' answers. */
interface Content {
  message(): ToForestView;
  handlers: Handlers<ForestRequestTypes>;
}

const forestViewTitle = (csvUri: vscode.Uri) => t`Random Forest: ${fileNameOf(csvUri)}`;
const modelViewTitle = (modelUri: vscode.Uri) => t`Tree Model: ${fileNameOf(modelUri)}`;

class ForestPanel extends PageHost<FromForestView, ToForestView> {
  private content: Content | undefined;
  /** The forest of ours shown, if that is what the view shows (Export Model as ONNX reads it). */
  forest: TrainedForest | undefined;
  /** The model trained elsewhere shown, if that is what the view shows (Predict on Another CSV reads it). */
  model: ImportedModel | undefined;
  private recipe: ForestRecipe | undefined;
  private status: Status | undefined;

  constructor(
    panel: vscode.WebviewPanel,
    readonly csvUri: vscode.Uri,
    extensionUri: vscode.Uri,
    private readonly requests: ForestViewRequests,
  ) {
    super(panel, extensionUri, { script: 'forest.js', style: 'forest.css' }, parseFromForestView, `Forest view (${csvUri.fsPath})`, (text) => requests.log(text));
  }

  show(forest: TrainedForest): void {
    const answers = new ForestAnswers(forest, (kind, job) => this.requests.nodeJob(this.csvUri, kind, job));
    const recipe = forest.recipe;
    this.recipe = recipe;
    this.forest = forest;
    this.model = undefined;
    this.setContent({
      message: () => ({ type: 'show', report: wireForestReport(answers.report), fileName: fileNameOf(this.csvUri), documentUri: this.csvUri.toString(), recipe }),
      handlers: answers.handlers,
    });
  }

  /** A model trained elsewhere (this view's file is the model's). */
  showModel(model: ImportedModel): void {
    this.forest = undefined;
    this.model = model;
    const answers = new EnsembleAnswers(model, (job) => this.requests.ensembleRow(this.csvUri, job));
    const reopen = { csvUri: model.csvUri, target: model.report.data?.target ?? null };
    this.setContent({ message: () => ({ type: 'showModel', report: answers.model.report, documentUri: this.csvUri.toString(), reopen }), handlers: answers.handlers });
  }

  private setContent(content: Content): void {
    this.content = content;
    this.status = undefined;
    if (this.ready) this.postShow();
  }

  /** A view restored after a reload: its forest is trained again from `recipe`. */
  restore(recipe: ForestRecipe): void {
    this.recipe = recipe;
    this.requests.retrain(this.csvUri, recipe);
  }

  /** Training (again) or its failure; a view showing a forest keeps it and shows the message above it. */
  setStatus(status: Status): void {
    this.status = status;
    if (this.ready) this.post(status);
  }

  private postShow(): void {
    if (this.content !== undefined) this.post(this.content.message());
  }

  protected async handle(message: Exclude<FromForestView, { type: 'webviewError' }>): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.postShow();
        if (this.status !== undefined) this.post(this.status);
        return;
      case 'retrain':
        if (this.recipe !== undefined) this.requests.retrain(this.csvUri, this.recipe);
        return;
      case 'cancel':
        this.requests.cancel(this.csvUri);
        return;
      case 'request': {
        const content = this.content;
        if (content === undefined) return this.post({ type: 'requestFailed', requestId: message.requestId, message: t('No forest here yet: it is being trained, or train one.') });
        return answerRequest<ForestRequestTypes>(message, content.handlers, (reply) => this.post(reply));
      }
    }
  }
}

/** All forest views, one per CSV. Create once in `activate`; it registers the view's serializer. */
export class ForestPanels implements vscode.Disposable {
  private readonly panels: PageSet<ForestPanel>;

  constructor(
    private readonly extensionUri: vscode.Uri,
    requests: ForestViewRequests,
  ) {
    this.panels = new PageSet(FOREST_PANEL_VIEW_TYPE, (panel, uri) => new ForestPanel(panel, uri, extensionUri, requests), (state) => {
      const saved = state as { recipe?: unknown; model?: unknown } | undefined;
      const recipe = parseForestRecipe(saved?.recipe);
      const reopen = parseModelReopen(saved?.model);
      if (recipe !== undefined) return (view) => view.restore(recipe);
      if (reopen === undefined) return undefined; // nothing usable: a view closed before its forest came
      return (view, fileUri) => {
        view.setStatus({ type: 'busy', message: t`Opening ${fileNameOf(fileUri)} again…`, fraction: null, cancellable: false });
        requests.reopenModel(fileUri, reopen);
      };
    });
  }

  /** Shows the forest in the CSV's view, opening it beside the editor if needed. */
  show(csvUri: vscode.Uri, forest: TrainedForest): void {
    this.viewFor(csvUri, forestViewTitle(csvUri), csvUri).show(forest);
  }

  /**
   * Shows a model trained elsewhere in the model file's view, opening it beside `beside` (the CSV
   * chosen with it, else the model file) if needed.
   */
  showModel(modelUri: vscode.Uri, model: ImportedModel, beside: vscode.Uri): void {
    this.viewFor(modelUri, modelViewTitle(modelUri), beside).showModel(model);
  }

  /** Every open view in the language now chosen. */
  relanguage(): void {
    for (const view of this.panels.all()) view.relanguage(view.model !== undefined ? modelViewTitle(view.csvUri) : forestViewTitle(view.csvUri));
  }

  /** The view of `uri` brought forward, or a new one titled `title`, opened beside `beside`. */
  private viewFor(uri: vscode.Uri, title: string, beside: vscode.Uri) {
    const view = this.panels.get(uri);
    if (view !== undefined) {
      view.panel.reveal(undefined, true);
      return view;
    }
    return this.panels.adopt(vscode.window.createWebviewPanel(FOREST_PANEL_VIEW_TYPE, title, panelColumn(beside), pageOptions(this.extensionUri)), uri);
  }

  /** The forest of ours in the view in focus, with its CSV; undefined when none is. */
  activeForest(): { csvUri: vscode.Uri; forest: TrainedForest } | undefined {
    const view = this.panels.active();
    return view?.forest === undefined ? undefined : { csvUri: view.csvUri, forest: view.forest };
  }

  /** The model trained elsewhere in the view in focus, with its file; undefined when none is. */
  activeModel(): { modelUri: vscode.Uri; model: ImportedModel } | undefined {
    const view = this.panels.active();
    return view?.model === undefined ? undefined : { modelUri: view.csvUri, model: view.model };
  }

  /** The CSV's view, if open, says the forest is being trained (`fraction` 0..1 when known), with Cancel when `cancellable`. */
  busy(csvUri: vscode.Uri, message: string, fraction: number | null, cancellable: boolean): void {
    this.panels.get(csvUri)?.setStatus({ type: 'busy', message, fraction, cancellable });
  }

  /** The CSV's view, if open, says why there is no (new) forest; `retrain` offers "Train again". */
  failed(csvUri: vscode.Uri, message: string, retrain: boolean): void {
    this.panels.get(csvUri)?.setStatus({ type: 'failed', message, retrain });
  }

  dispose(): void {
    this.panels.dispose();
  }
}

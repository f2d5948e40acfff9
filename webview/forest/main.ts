// The forest view's page (browser only; host: src/panel/forest-panel.ts). Tabs: Summary (scores
// and the OOB-error-vs-trees chart), Trees (the picker, the chosen tree in the tree panel's own
// tree view, a row's votes and path), Importances, OOB metrics. It holds one tree at a time, asked
// of the host; the whole forest is never drawn. Every text from the data goes in as text. Its saved
// state (the user's choices and the forest's recipe) is what brings the view back after a reload.
// The same page shows a model trained elsewhere (`showModel`, parts in ensemble-view.ts): its
// trees one at a time in the same picker and tree view, a row's per-tree contributions in place
// of the votes, its gain and split-count importances, its metrics on the chosen CSV.
import { addNodes, decodeModel, type DecodedTree, type NodeColumns } from '../../src/engine/model-columns';
import type { EnsembleReport } from '../../src/shared/ensemble-transfer';
import { ensemblePicker, ensembleTreeHeading, renderContributions, renderEnsembleImportances, renderEnsembleMetrics, renderEnsembleSummary, type EnsembleMeasure } from './ensemble-view';
import type { ForestRecipe, ForestRequestMessage, ModelReopen, ForestRequestTypes, ForestRow, FromForestView, ToForestView, WireForestReport } from '../../src/shared/forest-protocol';
import { PanelRequester } from '../../src/shared/panel-requests';
import { renderDetails, type AlternativesState, type DistributionState } from '../details';
import { el, replaceChildren } from '../dom';
import { section as metricsSection } from '../metrics-view';
import { watchTheme } from '../mermaid-setup';
import type { View } from '../pan-zoom';
import { button, registerToolkit, tabs } from '../toolkit';
import { TreeView } from '../tree-view';
import { newBrowseState, TreeBrowser } from '../tree-browser';
import { vscodeApi } from '../vscode-api';
import { renderForestImportances, type ForestImportance } from './forest-importances';
import { oobScoreText, renderSummary } from './summary-view';
import { PickerFold, renderTreePicker, type PickerSort, type PickerTree } from './tree-picker';
import { renderVotes } from './votes-view';
import { scoreLabel } from '../../src/shared/render/score-label';
import { sharedThreshold, type ThresholdWords } from '../threshold-view';
import { t } from '../l10n';

type TabId = 'summary' | 'trees' | 'importances' | 'metrics';

/**
 * What the page keeps across hide/show and window reloads (setState): the user's choices, and the
 * recipe the host trains the forest again from after a reload (forest-panel.ts) — not the forest;
 * for a model trained elsewhere, the CSV and target the host reads again with its file — not the model.
 */
interface ForestState {
  documentUri: string | null;
  recipe: ForestRecipe | null;
  model: ModelReopen | null;
  tab: TabId;
  tree: number;
  /** The data row whose votes and path are shown (0-based), if any. */
  row: number | null;
  sort: PickerSort;
  importance: ForestImportance;
  /** A model trained elsewhere's importance measure. */
  measure: EnsembleMeasure;
}

const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** The last part of a URI, decoded when it can be. */
function fileNameOf(uri: string): string {
  const name = uri.slice(uri.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

void registerToolkit();
const api = vscodeApi<ForestState, FromForestView>();
const saved = api.getState();
const state: ForestState = {
  documentUri: typeof saved?.documentUri === 'string' ? saved.documentUri : null,
  // Kept as saved: the host checks it (parseForestRecipe) before training from it.
  recipe: saved?.recipe ?? null,
  // Kept as saved: the host checks it (parseModelReopen).
  model: saved?.model ?? null,
  tab: saved?.tab === 'trees' || saved?.tab === 'importances' || saved?.tab === 'metrics' ? saved.tab : 'summary',
  tree: isIndex(saved?.tree) ? saved.tree : 0,
  row: isIndex(saved?.row) ? saved.row : null,
  // 'oobScore': the score column's key as saved before it also held a model trained elsewhere's.
  sort: saved?.sort && ['index', 'score', 'oobScore', 'depth', 'leaves'].includes(saved.sort.key) ? { key: (saved.sort.key as string) === 'oobScore' ? 'score' : saved.sort.key, descending: saved.sort.descending === true } : { key: 'index', descending: false },
  importance: saved?.importance === 'oobPermutation' ? 'oobPermutation' : 'mdi',
  measure: saved?.measure === 'splits' || saved?.measure === 'cover' ? saved.measure : 'gain',
};
const save = () => api.setState(state);
const host = new PanelRequester<ForestRequestTypes, ForestRequestMessage>((m) => api.postMessage(m));

let report: WireForestReport | null = null;
/** A model trained elsewhere, shown instead of a forest. */
let ensemble: EnsembleReport | null = null;
/** The chosen tree as far as the host sent it, and the view of it. */
let tree: DecodedTree | null = null;
let view: View | null = null;
/** How the user browses the tree shown: folding, selection, the row's path (webview/tree-browser.ts). */
const browsing = newBrowseState();

const banner = el('div', { class: 'banner', role: 'status', 'aria-live': 'polite' });
const title = el('h2', { class: 'title' });
const summaryBox = el('div', { class: 'summary-tab' });
const pickerBox = el('div', { class: 'picker-box' });
const votesBox = el('div', { class: 'votes-box', 'aria-live': 'polite' });
const treeHeading = el('h3', { class: 'tree-heading' });
/** Beside a CSV the picker folds behind a button on the heading's line (tree-picker.ts). */
const pickerFold = new PickerFold(pickerBox);
const importancesBox = el('div', { class: 'importances-tab' });
const metricsBox = el('div', { class: 'metrics-tab' });

function showBanner(kind: 'busy' | 'error' | 'none', text = '', action?: HTMLElement): void {
  banner.className = `banner ${kind}`;
  replaceChildren(banner, text, action && ' ', action);
}
const reportError = (message: string) => showBanner('error', message);

const treeView: TreeView = new TreeView({
  select: (id) => browser.select(id),
  expand: (id) => browser.open(id),
  move: (id, key): boolean => browser.moveFocus(id, key),
  reveal: (id) => browser.reveal(id),
  showAll: () => browser.showAll(),
  resetFolding: () => browser.resetFolding(),
  showRow: (row) => showRow(row),
  clearPath: () => {
    state.row = null;
    save();
    treeView.setPathInfo(null);
    showRowAnswer(null);
    browser.clearPath();
  },
  export: () => reportError(t('Exports are made from a single tree’s panel (Train Decision Tree); the forest view only shows its trees.')),
  exportDrawing: () => reportError(t('Exports are made from a single tree’s panel (Train Decision Tree); the forest view only shows its trees.')),
  closeDetails: () => browser.select(null),
  viewChanged: (v) => (view = v),
  failed: reportError,
});

/** Folding, stubs fetched and opened, nodes revealed, selection, the row's path, arrow keys: the tree panel's own (webview/tree-browser.ts). */
const browser: TreeBrowser = new TreeBrowser(treeView, {
  tree: () => tree,
  state: () => browsing,
  fetchSubtree: (nodeId) => {
    const asked = tree;
    return host.request('nodes', { index: state.tree, nodeId, scope: 'subtree', totalNodes: asked?.model.nodes.length ?? 0 }).then(
      (nodes) => {
        if (tree === asked) receiveNodes(nodes);
      },
      (err: Error) => {
        reportError(err.message);
        return new Promise<never>(() => undefined); // nothing to open
      },
    );
  },
  draw: (fit) => drawTree(fit),
  selected: (id) => showSelected(id),
});

const tabList = tabs(
  [
    { id: 'summary', label: t('Summary'), panel: summaryBox },
    { id: 'trees', label: t('Trees'), panel: el('div', { class: 'forest-trees' }, pickerBox, el('div', { class: 'tree-box' }, el('div', { class: 'tree-line' }, treeHeading, pickerFold.toggle), votesBox, treeView.element)) },
    { id: 'importances', label: t('Importances'), panel: importancesBox },
    { id: 'metrics', label: t('OOB metrics'), panel: metricsBox },
  ],
  state.tab,
  (id) => {
    state.tab = id as TabId;
    save();
    // Mermaid measures labels, so a tree is drawn only once its tab is on show (next frame).
    if (id === 'trees') requestAnimationFrame(() => (treeStale ? void drawTree(view === null) : treeView.becameVisible()));
  },
);

const root = document.getElementById('root');
if (root) replaceChildren(root, el('header', {}, title), banner, tabList.element);
// No tabs until there is a forest (a page brought back after a reload waits for it to be trained
// again). Invisible rather than hidden: the tab strip places its active-tab mark only when laid out.
tabList.element.classList.add('waiting');
// A view brought back after a reload names its file (and what it showed: a forest of ours, or a
// model trained elsewhere) while its forest is trained again or its model read again.
if (state.documentUri !== null) replaceChildren(title, `${state.model !== null ? t('Tree model') : t('Random forest')} · ${fileNameOf(state.documentUri)}`);

let treeStale = false;

async function drawTree(fit: boolean): Promise<void> {
  if (!tree) return;
  if (fit) view = null;
  treeStale = state.tab !== 'trees';
  if (treeStale) return;
  await treeView.render({ tree, ...browser.drawn() }, view);
}

function receiveNodes(nodes: NodeColumns<number[]>): void {
  if (tree) addNodes(tree, nodes);
}

/** Why a forest tree's alternatives read as they do (docs/architecture.md "Forest view"). */
function alternativesNote(): string {
  const params = report?.model.params;
  const features = report?.model.features.length ?? 0;
  const drawn =
    params && params.maxFeatures < features
      ? t(' At each split this tree tried only {0} of the {1} features, drawn at random, so a column ranked above its split may not have been offered.', params.maxFeatures, features)
      : '';
  return `${t('Scored on the rows this tree drew, each as often as drawn (rows per branch count draws).')}${drawn}${t(' Read-only: a forest’s trees are not edited.')}`;
}

/** A node was selected (TreeBrowser.select): its details, with its alternatives and split chart asked of the host. */
function showSelected(nodeId: number | null): void {
  const shown = tree;
  treeView.showDetails(nodeId !== null && !!shown?.model.nodes[nodeId]);
  if (nodeId === null || !shown?.model.nodes[nodeId]) return;
  const index = state.tree;
  // A model trained elsewhere has no training rows here: its details are the node's own (details.ts).
  const imported = shown.model.importedFrom !== undefined;
  let alternatives: AlternativesState = { kind: 'loading' };
  let chart: DistributionState = { kind: 'loading' };
  const render = () => {
    if (tree !== shown || browsing.selected !== nodeId) return; // another tree or node since
    renderDetails(treeView.detailsBody, shown.model, nodeId, alternatives, chart, {
      toggle: (id) => browser.toggle(id),
      isOpen: (id) => browser.isOpen(id),
      focus: (id) => treeView.focusOn(id),
      ignore: imported ? undefined : () => reportError(t('Leave a column out from the profile view or a tree panel, then train the forest again.')),
    });
  };
  render();
  if (!shown.model.nodes[nodeId].split || imported) return;
  // Each part is drawn as it comes (the worker makes both from the rows this tree drew).
  host.request('alternatives', { index, nodeId }).then(
    (splits) => {
      alternatives = { kind: 'ready', splits, note: alternativesNote() };
      render();
    },
    (err: Error) => {
      alternatives = { kind: 'failed', message: err.message };
      render();
    },
  );
  host.request('splitDistribution', { index, nodeId }).then(
    (distribution) => {
      chart = { kind: 'ready', distribution };
      render();
    },
    (err: Error) => {
      chart = { kind: 'failed', message: err.message };
      render();
    },
  );
}

/** Opens tree `index` of the forest (asked of the host), keeping the row shown if there is one. */
function pickTree(index: number): void {
  state.tree = index;
  save();
  renderPicker();
  pickerFold.set(false);
  showBanner('busy', t`Opening tree ${index + 1}…`);
  host.request('tree', { index }).then((reply) => {
    if (state.tree !== reply.index) return; // another tree was picked since
    tree = decodeModel(reply.model);
    browser.reset();
    treeView.showDetails(false);
    showBanner('none');
    const summary = report?.trees[index];
    if (ensemble) replaceChildren(treeHeading, ensembleTreeHeading(ensemble, index));
    else replaceChildren(treeHeading, t`Tree ${index + 1} of ${report?.trees.length ?? '?'}` + (summary ? t` · depth ${summary.depth}, ${summary.leaves} leaves, ${summary.oobRows} OOB rows` : ''));
    // The row shown before (in another tree, or before a reload) is shown in this one.
    if (state.row !== null) showRow(state.row);
    else void drawTree(true);
  }, (err: Error) => reportError(err.message));
}

function showRow(row: number): void {
  const index = state.tree;
  host.request('row', { row, index }).then((answer) => {
    if (state.tree !== index) return;
    receiveNodes(answer.nodes);
    state.row = row;
    save();
    showRowAnswer(answer);
    treeView.setPathInfo(t('Row {0}: path in tree {1}', row + 1, index + 1));
    treeView.setRow(row);
    // The row's leaf is selected, so its details say what this tree answers and why.
    void browser.showPath(answer.path);
  }, (err: Error) => {
    state.row = null;
    save();
    reportError(err.message);
    void drawTree(true);
  });
}

/** A forest row's votes, or a model trained elsewhere's per-tree contributions. */
function showRowAnswer(answer: ForestRow | null): void {
  if (ensemble) renderContributions(votesBox, ensemble, answer);
  else renderVotes(votesBox, answer);
}

function pickerRows(): { heading: string; trees: PickerTree[] } | null {
  if (ensemble) return ensemblePicker(ensemble);
  if (!report) return null;
  const trees = report.trees.map((tree) => ({
    index: tree.index,
    depth: tree.depth,
    leaves: tree.leaves,
    score: tree.oobScore,
    // Fixed decimals, so the column's digits line up (0.920 under 0.966, not 0.92).
    scoreText: tree.oobScore === null ? '—' : tree.oobScore.toFixed(3),
    title: t`Open tree ${tree.index + 1} (${tree.oobRows} OOB rows)`,
  }));
  return { heading: t`OOB ${scoreLabel(report.oob.scoreName)}`, trees };
}

function renderPicker(): void {
  const rows = pickerRows();
  if (!rows) return;
  renderTreePicker(pickerBox, rows.trees, rows.heading, state.tree, state.sort, {
    pick: pickTree,
    sorted: (sort) => {
      state.sort = sort;
      save();
      renderPicker();
    },
  });
}

function renderImportances(): void {
  if (ensemble) {
    renderEnsembleImportances(importancesBox, ensemble.importances, state.measure, (m) => {
      state.measure = m;
      save();
      renderImportances();
    });
    return;
  }
  if (!report) return;
  renderForestImportances(importancesBox, report.importances, state.importance, (m) => {
    state.importance = m;
    save();
    renderImportances();
  });
}

/**
 * How the threshold's heading names a forest's score: the trees' mean share of the positive class,
 * or with hard voting the fraction of the trees voting for it (docs/cli.md "Decision threshold").
 */
function forestWords(hard: boolean): ThresholdWords {
  return {
    share: (positive) => (hard ? t('“{0}” where the fraction of the trees voting for it is ≥ it', positive) : t('“{0}” where the trees’ mean share of it is ≥ it', positive)),
    none: t('the forest predicts the class with the most shares or votes'),
    own: t('the forest’s threshold'),
    other: (value) => t('the forest’s is {0}', value),
    half: t('The positive class where its share is at least half'),
  };
}

function renderMetrics(shown: WireForestReport): void {
  const { oob, metrics } = shown;
  // The sections' ROC and PR curves move one threshold, as the tree panel's (threshold-view.ts);
  // the forest's own threshold (train --ensemble --threshold) is where it starts.
  const recorded = shown.model.decisionThreshold;
  const positive = (oob.metrics ?? metrics.training) as { positiveClass?: string | null };
  const applied = recorded && recorded.positiveClass === positive.positiveClass ? recorded.value : null;
  const threshold = sharedThreshold(applied, null, forestWords(shown.model.params.voting === 'hard'));
  replaceChildren(
    metricsBox,
    el('p', { class: 'metrics-what' }, oob.metrics ? t`Out-of-bag: each of the ${oob.rows} rows scored only by the trees that did not draw it (OOB ${scoreLabel(oob.scoreName)} ${oobScoreText(shown)}).` : t('No out-of-bag rows (no bootstrap): only the training rows are measured, which is optimistic.')),
    oob.metrics && metricsSection(t('Out-of-bag predictions'), oob.metrics, threshold),
    metrics.holdout && metricsSection(t('Hold-out rows'), metrics.holdout, threshold),
    metricsSection(t('Training rows (optimistic: every tree saw most of them)'), metrics.training, threshold),
  );
}

/** The metrics tab is named for what it measures: a forest's out-of-bag rows, a model's CSV. */
function nameMetricsTab(name: string): void {
  const tab = document.getElementById('tab-metrics');
  if (tab) tab.textContent = name;
}

/** What both kinds of content do on arrival: the file's choices kept or reset, no row shown yet. */
function arrive(documentUri: string, trees: number): void {
  const sameFile = state.documentUri === documentUri;
  tabList.element.classList.remove('waiting');
  state.documentUri = documentUri;
  if (!sameFile || state.tree >= trees) state.tree = 0;
  if (!sameFile) state.row = null;
  save();
}

function onShowModel(message: Extract<ToForestView, { type: 'showModel' }>): void {
  ensemble = message.report;
  report = null;
  state.recipe = null;
  state.model = message.reopen;
  arrive(message.documentUri, ensemble.trees.length);
  // A row is shown only with the CSV it was chosen from.
  if (ensemble.data === null) state.row = null;
  replaceChildren(title, [
      t('{0} model', ensemble.library),
      ensemble.fileName,
      ensemble.trees.length === 1 ? t('1 tree') : t('{0} trees', ensemble.trees.length),
      ...(ensemble.data ? [t('rows of {0}', ensemble.data.fileName)] : []),
    ].join(' · '));
  nameMetricsTab(t('Metrics'));
  showBanner('none');
  renderEnsembleSummary(summaryBox, ensemble);
  renderPicker();
  renderImportances();
  renderEnsembleMetrics(metricsBox, ensemble);
  showRowAnswer(null);
  treeView.setPathInfo(null);
  pickTree(state.tree);
}

function onShow(message: Extract<ToForestView, { type: 'show' }>): void {
  ensemble = null;
  nameMetricsTab(t('OOB metrics'));
  report = message.report;
  state.recipe = message.recipe;
  state.model = null;
  arrive(message.documentUri, report.trees.length);
  const { model } = report;
  replaceChildren(title, t`Random forest for “${model.target}” · ${message.fileName} · ${model.params.nTrees} trees`);
  showBanner('none', report.warnings.join(' '));
  renderSummary(summaryBox, report);
  renderPicker();
  renderImportances();
  renderMetrics(report);
  renderVotes(votesBox, null);
  treeView.setPathInfo(null);
  pickTree(state.tree);
}

function onMessage(message: ToForestView): void {
  if (host.receive(message)) return;
  if (message.type === 'show') onShow(message);
  else if (message.type === 'showModel') onShowModel(message);
  else if (message.type === 'busy') showBusy(message);
  else if (message.type === 'failed') showBanner('error', message.message, message.retrain ? button(t('Train again'), () => api.postMessage({ type: 'retrain' }), { primary: true }) : undefined);
}

const busyText = el('span');
const cancelButton = button(t('Cancel'), () => api.postMessage({ type: 'cancel' }), { title: t('Stop training (as Cancel in the notification)') });

/** Progress updates only the text: a Cancel button rebuilt for every tree could not be clicked. */
function showBusy({ message, fraction, cancellable }: Extract<ToForestView, { type: 'busy' }>): void {
  busyText.textContent = fraction === null ? message : `${message} ${Math.round(fraction * 100)}%`;
  if (banner.className === 'banner busy' && banner.firstChild === busyText && banner.contains(cancelButton) === cancellable) return;
  banner.className = 'banner busy';
  replaceChildren(banner, busyText, cancellable && ' ', cancellable && cancelButton);
}

function reportFailure(err: unknown): void {
  const text = err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err);
  api.postMessage({ type: 'webviewError', message: text.slice(0, 10_000) });
}

window.addEventListener('message', (event: MessageEvent<ToForestView>) => {
  try {
    onMessage(event.data);
  } catch (err) {
    reportFailure(err);
  }
});
window.addEventListener('error', (e) => reportFailure(e.error ?? e.message));
window.addEventListener('unhandledrejection', (e) => reportFailure(e.reason));
watchTheme(() => void drawTree(false));
api.postMessage({ type: 'ready' });

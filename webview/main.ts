// Webview entry (browser only): renders what the extension host sends and asks it for more
// (retrain, alternatives at a node, the path of a row). Loads nothing remote; every text from the
// data goes in through textContent. The state it keeps (setState) lets a hidden or reloaded panel
// redraw at once.
import type { PanelRequest, PanelSettings, RowPath, ToWebview, WireReport } from '../src/shared/protocol';
import { PanelRequester } from '../src/shared/panel-requests';
import { addNodes, appendNodes, decodeModel, type DecodedTree, type NodeColumns } from '../src/engine/model-columns';
import { pathTo } from '../src/shared/render/tree-labels';
import { compactSummary, renderControls, settingsChanges } from './controls';
import { CompareView } from './compare-view';
import { NO_EDITS, TreeEditor } from './tree-editor';
import { HandGrower } from './by-hand';
import { button } from './toolkit';
import { saveDrawing } from './drawing-export';
import { CalculationDrawer } from './calculation-drawer';
import { renderDetails, type AlternativesState, type DistributionState } from './details';
import { el, replaceChildren } from './dom';
import { renderImportances } from './importances-view';
import { renderMetrics } from './metrics-view';
import { RulesView } from './rules-view';
import { watchTheme } from './mermaid-setup';
import { restoreState, type PanelState, type TabId } from './state';
import { registerToolkit, tabs } from './toolkit';
import { TreeView } from './tree-view';
import { TreeBrowser } from './tree-browser';
import { vscodeApi } from './vscode-api';
import { t } from './l10n';

void registerToolkit();
const api = vscodeApi<PanelState>();
let state = restoreState(api.getState());
/** state.shown's tree decoded; a big tree holds the nodes sent so far (src/shared/tree-slices.ts). */
let tree: DecodedTree | null = null;
// The state holds the report (a big tree's nodes as far as they were sent), so it is written at
// most every 250 ms, not on each pan step.
let saveTimer: ReturnType<typeof setTimeout> | undefined;
const save = () => {
  saveTimer ??= setTimeout(() => {
    saveTimer = undefined;
    api.setState(state);
  }, 250);
};
// A panel hidden within those 250 ms is torn down: what is pending is saved first.
window.addEventListener('pagehide', () => {
  if (saveTimer === undefined) return;
  clearTimeout(saveTimer);
  saveTimer = undefined;
  api.setState(state);
});

const banner = el('div', { class: 'banner', role: 'status', 'aria-live': 'polite' });
const title = el('h2', { class: 'title' });
// The training settings live in a drawer under one compact line, so the tree gets the panel's height.
const controlsBox = el('div', { class: 'settings drawer', id: 'settings-drawer', hidden: true });
const settingsLine = el('span', { class: 'settings-line' });
const settingsToggle = el(
  'button',
  { class: 'settings-toggle', type: 'button', 'aria-expanded': 'false', 'aria-controls': 'settings-drawer', title: t('Training settings: change them and retrain') },
  el('span', { 'aria-hidden': 'true' }, '⚙'),
  settingsLine,
  el('span', { class: 'chevron', 'aria-hidden': 'true' }, '▾'),
);
settingsToggle.addEventListener('click', () => {
  controlsBox.hidden = !controlsBox.hidden;
  settingsToggle.setAttribute('aria-expanded', String(!controlsBox.hidden));
});
const rulesBox = el('div', { class: 'rules-tab' });
const importancesBox = el('div', { class: 'importances-tab' });
const metricsBox = el('div', { class: 'metrics-tab' });

/** Alternatives per node of the report shown. */
const alternatives = new Map<number, AlternativesState>();
/** Asks the host for what the webview does not hold (alternatives, row paths, nodes, rules). */
const host = new PanelRequester((message) => api.postMessage(message));
/** The split feature's distribution per node of the report shown, as for alternatives. */
const distributions = new Map<number, DistributionState>();
/** The Rules tab of the report shown; it asks the host for its rows once the tab is on show. */
let rulesView: RulesView | undefined;

function showBanner(kind: 'busy' | 'error' | 'none', text = ''): void {
  banner.className = `banner ${kind}`;
  replaceChildren(banner, text);
}

function reportError(message: string): void {
  showBanner('error', message);
}

const treeView: TreeView = new TreeView({
  select: (id) => browser.select(id),
  expand: (id) => browser.open(id),
  move: (id, key): boolean => browser.moveFocus(id, key),
  reveal: (id) => browser.reveal(id),
  showAll: () => browser.showAll(),
  resetFolding: () => browser.resetFolding(),
  showRow: (row) => host.request('rowPath', { row }).then(showRowPath, (err: Error) => reportError(err.message)),
  clearPath: () => {
    state.highlight = null;
    treeView.setPathInfo(null);
    browser.clearPath();
  },
  export: (what) => api.postMessage({ type: 'export', what }),
  exportDrawing: (format) => exportDrawing(format),
  closeDetails: () => {
    const id = state.selected;
    browser.select(null);
    if (id !== null) treeView.focusNode(id);
  },
  viewChanged: (view) => {
    state.view = view;
    save();
  },
  failed: reportError,
});

/** Folding, stubs fetched and opened, nodes revealed, selection, a row's path, arrow keys (webview/tree-browser.ts), on this page's state. */
const browser: TreeBrowser = new TreeBrowser(treeView, {
  tree: () => tree,
  state: () => state,
  fetchSubtree: (nodeId) => new Promise((resolve) => requestNodes(nodeId, 'subtree', resolve)),
  draw: (fit) => drawTree(fit),
  selected: (id) => showSelected(id),
});
/** The tab the calculation drawer was opened from (it lies over the tree): shown again when it closes. */
let drawerOpenedFrom: TabId | null = null;

/** "Show the calculation" (learn mode): the worked arithmetic of a node, computed in the host's worker. */
const calculationDrawer = new CalculationDrawer({
  closed: () => {
    if (drawerOpenedFrom !== null && drawerOpenedFrom !== 'tree') showTab(drawerOpenedFrom);
    drawerOpenedFrom = null;
  },
  request: (nodeId, column) => host.request('calculation', column === null ? { nodeId } : { nodeId, column }),
  exportMarkdown: (nodeId) => api.postMessage({ type: 'exportCalculation', nodeId }),
  requestPruning: () => host.request('pruningCalculation', {}),
  requestRule: (leaf) => host.request('ruleCalculation', { leaf }),
  openFormulas: (section) => api.postMessage({ type: 'openFormulas', section }),
});
treeView.addDrawer(calculationDrawer.element);

/** Edits of the tree (docs/formulas.md "Edited trees"): the badge with undo/redo, and the edit previewed in the details. */
const editor = new TreeEditor({
  preview: (edit) => host.request('previewEdit', { edit }),
  post: (message) => api.postMessage(message),
  changed: () => showDetails(state.selected),
  busy: (text) => showBanner('busy', text),
  failed: reportError,
});

/** Growing the tree by hand (README "Learn mode"): the open leaf's candidates, Next, Finish, Undo, the two trees' scores. */
const handGrower = new HandGrower({
  candidates: (nodeId) => host.request('handCandidates', { nodeId }),
  step: (action, busy) => {
    showBanner('busy', busy);
    api.postMessage({ type: 'handStep', action });
  },
  showCalculation: (nodeId, opener) => calculationDrawer.open(nodeId, opener),
  // The leaf being decided is outlined in the tree, unless the user selected a node.
  current: (nodeId) => state.selected === null && treeView.select(nodeId),
});
treeView.addAbove(handGrower.element);

/** Sends the drawing as shown to the host, which asks where to save it. */
function exportDrawing(format: 'svg' | 'png'): void {
  const svg = treeView.drawing;
  if (!svg) {
    reportError(t('There is no drawing to export yet: open the Tree tab first.'));
    return;
  }
  // The file shows the tree, not the selection outline (the SVG is taken before saveDrawing's first await).
  treeView.select(null);
  const made = saveDrawing(svg, format);
  treeView.select(state.selected);
  made.then(
    (data) => api.postMessage({ type: 'saveDrawing', format, data }),
    (err: unknown) => reportError(t`The drawing could not be exported: ${err instanceof Error ? err.message : String(err)}`),
  );
}

/** Pins the tree shown (or unpins): Compare shows the next trees of this file beside it. */
function pinShown(pin: boolean): void {
  // What pinning keeps across a reload: how to make the tree shown again (the host holds the tree).
  state.pin = pin && state.shown ? { settings: state.shown.settings, edits: state.shown.edits?.applied ?? [] } : null;
  save();
  api.postMessage({ type: 'pin', pin });
}

/**
 * Retrains with `settings`; a tree with edits first asks, since a retrain grows a new tree and the
 * edits would be gone unseen: keep the edited tree pinned in Compare, discard the edits, or cancel.
 */
function retrain(settings: Partial<PanelSettings>): void {
  const go = (pin: boolean) => {
    if (pin) pinShown(true);
    showBanner('busy', t('Retraining…'));
    api.postMessage({ type: 'retrain', settings });
  };
  const edits = state.shown?.edits?.applied.length ?? 0;
  if (edits === 0) {
    go(false);
    return;
  }
  banner.className = 'banner ask';
  replaceChildren(
    banner,
    edits === 1 ? t('Retraining grows a new tree: your edit of this one would be lost. ') : t('Retraining grows a new tree: your {0} edits of this one would be lost. ', edits),
    button(t('Pin the edited tree and retrain'), () => go(true), { primary: true, title: t('Keep the edited tree in the Compare tab, beside the new one') }),
    ' ',
    button(t('Discard edits and retrain'), () => go(false)),
    ' ',
    button(t('Cancel'), () => showBanner('none')),
  );
}

/** The Compare tab: the pinned tree beside the one shown (the host sends `compare` after each `show`). */
const compareView = new CompareView({
  pin: pinShown,
  showRow: (row) =>
    host.request('rowPath', { row }).then(
      (path) => compareView.showPath(path),
      (err: Error) => reportError(err.message),
    ),
  failed: reportError,
});

const tabList = tabs(
  [
    { id: 'tree', label: t('Tree'), panel: treeView.element },
    { id: 'rules', label: t('Rules'), panel: rulesBox },
    { id: 'importances', label: t('Importances'), panel: importancesBox },
    { id: 'metrics', label: t('Metrics'), panel: metricsBox },
    { id: 'compare', label: t('Compare'), panel: compareView.element },
  ],
  state.tab,
  (id) => {
    if (state.tab === id) return;
    state.tab = id as TabId;
    save();
    // A diagram drawn while its tab was hidden had no size to fit to.
    // The tab control reports the change before it unhides the view: measure on the next frame.
    if (id === 'rules') rulesView?.load();
    compareView.setVisible(id === 'compare');
    if (id === 'tree') requestAnimationFrame(() => (treeStale ? void drawTree(state.view === null) : treeView.becameVisible()));
  },
);

/** Brings up tab `id` as a click on it would. */
function showTab(id: TabId): void {
  if (state.tab === id) return;
  state.tab = id;
  save();
  tabList.select(id);
  if (id === 'rules') rulesView?.load();
  compareView.setVisible(id === 'compare');
  if (id === 'tree') requestAnimationFrame(() => (treeStale ? void drawTree(state.view === null) : treeView.becameVisible()));
}

/** Opens the calculation drawer over the tree from tab `from`, which comes back when the drawer closes. */
function openDrawer(open: () => void): void {
  const from = state.tab;
  showTab('tree');
  open();
  drawerOpenedFrom = from;
}

const root = document.getElementById('root');
if (root) replaceChildren(root, el('header', {}, settingsToggle, editor.bar, title), banner, controlsBox, tabList.element);
compareView.setVisible(state.tab === 'compare');

/** Adds nodes the host sent to the tree shown (and to the state, so a restored panel has them). */
function receiveNodes(nodes: NodeColumns<number[]>): void {
  if (!state.shown || !tree) return;
  appendNodes(state.shown.report.model.nodes, nodes);
  addNodes(tree, nodes);
  save();
}

/** Asks the host for nodes of the tree shown; `then` runs once they are in, unless the tree changed. */
function requestNodes(nodeId: number, scope: PanelRequest<'nodes'>['scope'], then: () => void): void {
  const asked = tree;
  if (!asked) return;
  host.request('nodes', { nodeId, scope, totalNodes: asked.model.nodes.length }).then(
    (nodes) => {
      if (tree !== asked) return; // asked about a tree since replaced
      receiveNodes(nodes);
      then();
    },
    (err: Error) => reportError(err.message),
  );
}

/** True when the tree changed while its tab was hidden: Mermaid cannot measure labels in a hidden view. */
let treeStale = false;

async function drawTree(fit: boolean): Promise<void> {
  if (!tree) return;
  if (fit) state.view = null;
  save();
  treeStale = state.tab !== 'tree';
  if (treeStale) return;
  await treeView.render({ tree, ...browser.drawn() }, state.view);
  if (state.selected !== null) showDetails(state.selected);
  else if (handGrower.deciding !== null) treeView.select(handGrower.deciding);
}

function showDetails(nodeId: number | null): void {
  if (!tree) return;
  treeView.showDetails(nodeId !== null && tree.model.nodes[nodeId] !== undefined);
  renderDetails(treeView.detailsBody, tree.model, nodeId, nodeId === null ? undefined : alternatives.get(nodeId), nodeId === null ? undefined : distributions.get(nodeId), {
    toggle: (id) => browser.toggle(id),
    isOpen: (id) => browser.isOpen(id),
    focus: (id) => treeView.focusOn(id),
    ignore: (column) => {
      showBanner('busy', t`Retraining without ${column}…`);
      api.postMessage({ type: 'ignoreColumn', column });
    },
    previewSplit: (id, split) => editor.previewSplit(id, split),
    showCalculation: (id, opener) => calculationDrawer.open(id, opener),
    editSection: (node) => editor.section(tree!.model, node),
  });
}

/** A node was selected (TreeBrowser.select): its details, with its alternatives and split chart asked of the host. */
function showSelected(nodeId: number | null): void {
  save();
  const node = nodeId === null ? undefined : tree?.model.nodes[nodeId];
  if (nodeId === null || !node) {
    showDetails(null);
    return;
  }
  handGrower.select(nodeId);
  // A failed request (e.g. superseded by a click on another node) is asked again.
  if (node.split && (alternatives.get(nodeId)?.kind ?? 'failed') === 'failed') {
    alternatives.set(nodeId, { kind: 'loading' });
    const settle = (answer: AlternativesState) => {
      alternatives.set(nodeId, answer);
      if (state.selected === nodeId) showDetails(nodeId);
    };
    host.request('alternatives', { nodeId }).then(
      (splits) => settle({ kind: 'ready', splits }),
      (err: Error) => settle({ kind: 'failed', message: err.message }),
    );
  }
  if (node.split && (distributions.get(nodeId)?.kind ?? 'failed') === 'failed') {
    distributions.set(nodeId, { kind: 'loading' });
    const settle = (answer: DistributionState) => {
      distributions.set(nodeId, answer);
      if (state.selected === nodeId) showDetails(nodeId);
    };
    host.request('splitDistribution', { nodeId }).then(
      (distribution) => settle({ kind: 'ready', distribution }),
      (err: Error) => settle({ kind: 'failed', message: err.message }),
    );
  }
  showDetails(nodeId);
}

function describeHighlight(): string | null {
  const h = state.highlight;
  if (!h || h.row === null) return null;
  const fmt = (v: string | number | null) => (v === null ? 'missing' : String(v));
  const verdict = h.actual === null ? '' : String(h.actual) === String(h.prediction) ? ' ✓' : ' ✗';
  return `Row ${h.row + 1}: predicted ${fmt(h.prediction)}, actual ${fmt(h.actual)}${verdict}`;
}

function highlightPath(highlight: NonNullable<PanelState['highlight']>, path: readonly number[]): void {
  state.highlight = highlight;
  state.tab = 'tree';
  tabList.select('tree');
  treeView.setPathInfo(describeHighlight());
  void browser.showPath(path);
}

function renderViews(): void {
  const shown = state.shown;
  if (!shown) return;
  const { report } = shown;
  replaceChildren(title, t`Decision tree for “${report.model.target}” · ${shown.fileName}`);
  // First on the line, so a narrow panel's ellipsis never hides it.
  const changes = shown.yours ? settingsChanges(shown.yours, shown.settings) : [];
  replaceChildren(
    settingsLine,
    changes.length > 0 ? el('span', { class: 'changed-settings', title: t`This panel's settings, not used by "Train Decision Tree": ${changes.join('; ')}` }, t('changed from your settings · ')) : null,
    compactSummary(report),
  );
  renderControls(controlsBox, report, state.settings ?? shown.settings, (settings) => {
    const depth = settings.maxDepth;
    const bad = (depth !== null && (!Number.isInteger(depth) || depth < 1)) || !Number.isInteger(settings.minSamplesLeaf) || settings.minSamplesLeaf < 1;
    if (bad) {
      reportError(t('Max depth must be empty (none) or a whole number ≥ 1, and min samples leaf a whole number ≥ 1.'));
      return;
    }
    state.settings = settings;
    save();
    retrain(settings);
  }, (opener) => openDrawer(() => calculationDrawer.openPruning(opener)));
  const regression = report.model.task === 'regression';
  rulesView = new RulesView(rulesBox, regression, state.rulesSort, {
    request: (sort, offset, limit) => host.request('rulesPage', { offset, limit, sort }),
    sorted: (sort) => {
      state.rulesSort = sort;
      save();
    },
    pick: (leaf) => {
      const show = () => tree && highlightPath({ row: null, prediction: null, actual: null }, pathTo(tree.model, leaf));
      if (tree?.model.nodes[leaf]) show();
      else requestNodes(leaf, 'branch', show);
    },
    export: () => api.postMessage({ type: 'export', what: 'rules' }),
    calculation: (leaf, opener) => openDrawer(() => calculationDrawer.openRule(leaf, opener)),
  });
  if (state.tab === 'rules') rulesView.load();
  const drawImportances = () =>
    renderImportances(importancesBox, report.importances, state.importance, (m) => {
      state.importance = m;
      save();
      drawImportances();
    });
  drawImportances();
  renderMetrics(metricsBox, report, (decisionThreshold) => retrain({ decisionThreshold }));
  if (tree) handGrower.show(shown.byHand ?? null, tree.model, report);
  if (report.warnings.length > 0) showBanner('none', report.warnings.join(' '));
  treeView.setPathInfo(describeHighlight());
  showDetails(state.selected);
  void drawTree(state.view === null);
}

/**
 * What tells two reports apart without serialising them whole (the same tree may have been sent
 * in different slices): how it was made, its shape, its scores and importances.
 */
function reportFingerprint(report: WireReport): string {
  const { settings, grown, final, trainingRows, metrics, importances, model } = report;
  return JSON.stringify([settings, grown, final, trainingRows, metrics.training, metrics.holdout, importances.features, model.target]);
}

function onShow(message: Extract<ToWebview, { type: 'show' }>): void {
  const { type: _type, ...shown } = message;
  const same = state.shown !== null && reportFingerprint(state.shown.report) === reportFingerprint(shown.report);
  // The same tree again (the panel was hidden and rebuilt): keep the nodes fetched since its first slice.
  if (same && state.shown) appendNodes(shown.report.model.nodes, state.shown.report.model.nodes);
  tree = decodeModel(shown.report.model);
  // An edit applied, undone or redone redraws the same file's tree: the view stays where the user was.
  const edited = !same && state.shown !== null && state.shown.documentUri === shown.documentUri && JSON.stringify(state.shown.edits?.applied ?? []) !== JSON.stringify(shown.edits?.applied ?? []);
  if (!same) {
    state = { ...state, expanded: [], collapsed: [], selected: null, path: [], highlight: null, view: edited ? state.view : null, settings: shown.settings };
    alternatives.clear();
    distributions.clear();
    calculationDrawer.close();
  }
  state.shown = shown;
  state.documentUri = shown.documentUri;
  editor.show(shown.edits ?? NO_EDITS);
  // A pinned tree is compared with this one once the host's `compare` follows.
  compareView.update(shown.report, null);
  showBanner('none');
  save();
  renderViews();
}

/** A row's path, from the host: its nodes join the tree, and the path is highlighted. */
function showRowPath({ nodes, path, pinned: _pinned, ...highlight }: RowPath): void {
  receiveNodes(nodes);
  highlightPath(highlight, path);
}

function onMessage(message: ToWebview): void {
  if (host.receive(message)) return;
  switch (message.type) {
    case 'show':
      onShow(message);
      return;
    case 'busy':
      showBanner('busy', message.fraction === null ? message.message : `${message.message} ${Math.round(message.fraction * 100)}%`);
      return;
    case 'failed':
      reportError(message.message);
      // The tree no longer matches its file: no path or edit of it can be trusted until a retrain.
      if (message.retrain) banner.append(' ', button(t('Retrain'), () => {
        showBanner('busy', t('Retraining…'));
        api.postMessage({ type: 'retrain', settings: {} });
      }, { primary: true }));
      return;
    case 'exportDrawing':
      exportDrawing(message.format);
      return;
    case 'compare':
      // Nothing pinned any more (unpinned, or the pin could not be made again after a reload).
      if (message.comparison === null && state.pin !== null) {
        state.pin = null;
        save();
      }
      compareView.update(state.shown?.report ?? null, message.comparison);
      return;
    case 'showCalculation':
      // The hover's link to a column's calculation: over the tree, which must be on show.
      showTab('tree');
      calculationDrawer.open(message.nodeId, null, message.column);
      return;
    case 'rowPath': {
      const { type: _type, ...path } = message;
      showRowPath(path);
      return;
    }
  }
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  try {
    onMessage(event.data);
  } catch (err) {
    reportFailure(err);
  }
});

function reportFailure(err: unknown): void {
  const text = err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err);
  api.postMessage({ type: 'webviewError', message: text.slice(0, 10_000) });
}
window.addEventListener('error', (e) => reportFailure(e.error ?? e.message));
window.addEventListener('unhandledrejection', (e) => reportFailure(e.reason));

// A theme switch redraws the tree in the new colours, keeping the zoom and the highlighted path.
watchTheme(() => void drawTree(false));
// A restored panel draws its last tree at once.
if (state.shown) {
  try {
    tree = decodeModel(state.shown.report.model);
    editor.show(state.shown.edits ?? NO_EDITS);
    renderViews();
  } catch (err) {
    state.shown = null; // a damaged saved state: the host's report replaces it
    tree = null;
    reportFailure(err);
  }
}
api.postMessage({ type: 'ready' });
// After a reload the host knows the file but not the edits, the steps grown by hand nor the pin: they are sent back to be made again.
const saved = state.shown?.edits;
if (saved && saved.applied.length + saved.redo.length > 0) api.postMessage({ type: 'syncEdits', applied: saved.applied, redo: saved.redo });
const byHand = state.shown?.byHand;
if (byHand) api.postMessage({ type: 'syncHand', steps: byHand.steps });
if (state.pin !== null) api.postMessage({ type: 'restorePin', pin: state.pin });

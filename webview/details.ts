// The details pane beside the tree: what one node holds (class distribution bars), the rule that
// leads to it, and the best alternative splits at it (why this question won).
import { nodeWeight, type TreeModel } from '../src/engine/model';
import type { AlternativeSplit } from '../src/shared/protocol';
import type { SplitDistribution } from '../src/engine/split-distribution';
import { featureOf } from '../src/engine/feature-text';
import { classHue } from '../src/shared/render/palette';
import { conditionText, impurityText, nodeLines, ruleTo } from '../src/shared/render/tree-labels';
import { el, percent, replaceChildren } from './dom';
import { splitChart } from './split-chart';
import { button } from './toolkit';
import { figure, labelNumber, t } from './l10n';

/** Alternatives of a node as known so far. */
export type AlternativesState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; splits: AlternativeSplit[]; note?: string };
/** The split feature's distribution at a node as known so far. */
export type DistributionState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; distribution: SplitDistribution | null };

export interface DetailsActions {
  /** Open or fold the node's subtree. */
  toggle(nodeId: number): void;
  isOpen(nodeId: number): boolean;
  /** Draws only the node's subtree, fitted, with a breadcrumb back (webview/tree-view.ts focusOn); 0 the whole tree. */
  focus?(nodeId: number): void;
  /** Leave a column out of training for this file, and retrain; absent where there is no training (a model trained elsewhere). */
  ignore?(column: string): void;
  /** Preview replacing the node's split by an alternative (docs/formulas.md "Edited trees"); absent where the tree cannot be edited (a forest's tree). */
  previewSplit?(nodeId: number, split: AlternativeSplit['split']): void;
  /** Opens the calculation drawer on the node (learn mode); `opener` gets the focus back when it closes. Absent: no drawer (a forest's tree). */
  showCalculation?(nodeId: number, opener: HTMLElement): void;
  /** The section to change the node (webview/edit-details.ts); absent as previewSplit. */
  editSection?(node: TreeModel['nodes'][number]): HTMLElement;
}

function distribution(model: TreeModel, value: readonly number[], samples: number): HTMLElement {
  const classes = model.classes ?? [];
  const rows = value.map((count, k) =>
    el(
      'div',
      { class: 'dist-row', role: 'listitem' },
      el('span', { class: 'swatch', style: `background:${classHue(k)}` }),
      el('span', { class: 'dist-name', title: classes[k] ?? '' }, classes[k] ?? t`class ${k}`),
      el('span', { class: 'dist-bar' }, el('span', { class: 'dist-fill', style: `width:${samples > 0 ? (100 * count) / samples : 0}%;background:${classHue(k)}` })),
      el('span', { class: 'dist-count' }, `${figure(count)} (${percent(samples > 0 ? count / samples : 0)})`),
    ),
  );
  return el('div', { class: 'distribution', role: 'list', 'aria-label': t('Class distribution') }, ...rows);
}

/** A numeric alternative's condition worded here, with the page's decimal mark (the worker words it with a point). */
function conditionShown(model: TreeModel, s: AlternativeSplit): string {
  return s.split.kind === 'numeric' ? conditionText(s.split, featureOf(model, s.feature), labelNumber) : s.condition;
}

function alternativesTable(model: TreeModel, state: AlternativesState | undefined, preview: ((split: AlternativeSplit['split']) => void) | undefined): HTMLElement {
  if (!state || state.kind === 'loading') return el('p', { class: 'muted' }, t('Scoring the alternatives…'));
  if (state.kind === 'failed') return el('p', { class: 'error' }, state.message);
  if (state.splits.length === 0) return el('p', { class: 'muted' }, t('No other valid split at this node.'));
  if (state.note !== undefined) return el('div', {}, el('p', { class: 'muted alternatives-note' }, state.note), alternativesTable(model, { kind: 'ready', splits: state.splits }, preview));
  // The score and the rows per branch share a column: the drawer beside a tree is about 300 px wide.
  const head = el('tr', {}, el('th', {}, t('Split')), el('th', {}, state.splits[0].scoreName, el('br'), el('span', { class: 'muted' }, t('rows per branch'))), preview && el('th', {}, ''));
  const body = state.splits.map((s) =>
    el(
      'tr',
      { class: s.chosen ? 'chosen' : undefined },
      el('td', { title: s.feature }, conditionShown(model, s), s.chosen ? t(' (chosen)') : ''),
      // ID3/C4.5 count fractional cases (rows missing a value go down every branch): weights, shortened.
      el('td', { class: 'num' }, figure(s.score, 4), el('br'), el('span', { class: 'muted' }, s.childSamples.map((n) => figure(n)).join(' / '))),
      // Without Preview (a forest's tree, read-only) there is no third column.
      preview && el('td', {}, !s.chosen && button(t('Preview'), () => preview(s.split), { title: t('See what this split does to the whole tree, then apply it') })),
    ),
  );
  return el('table', { class: 'alternatives' }, el('thead', {}, head), el('tbody', {}, ...body));
}

function distributionChart(model: TreeModel, state: DistributionState | undefined): HTMLElement {
  if (!state || state.kind === 'loading') return el('p', { class: 'muted' }, t('Counting the rows at this node…'));
  if (state.kind === 'failed') return el('p', { class: 'error' }, state.message);
  const d = state.distribution;
  return d ? splitChart(d, featureOf(model, d.feature)) : el('p', { class: 'muted' }, t('No rows reach this node.'));
}

export function renderDetails(
  container: HTMLElement,
  model: TreeModel,
  nodeId: number | null,
  alternatives: AlternativesState | undefined,
  featureDistribution: DistributionState | undefined,
  actions: DetailsActions,
): void {
  const node = nodeId === null ? undefined : model.nodes[nodeId];
  if (!node) {
    replaceChildren(container, el('p', { class: 'muted' }, t('Click a node (or focus it and press Enter) to see its details.')));
    return;
  }
  const rule = ruleTo(model, node.id, labelNumber);
  const show = actions.showCalculation;
  const calculation =
    show &&
    button(t('Show the calculation'), () => show(node.id, calculation as HTMLElement), {
      title: node.split ? t("The worked arithmetic: this node's impurity, each candidate split's partition table and score, the thresholds tried") : t("The worked arithmetic of this leaf's impurity"),
    });
  const title = node.split ? t`Decision node ${node.id}` : t`Leaf ${node.id}`;
  // A model trained elsewhere has no training rows here: no split chart, alternatives or retraining.
  const imported = model.importedFrom !== undefined;
  const split = imported ? null : node.split;
  const ignore = actions.ignore;
  replaceChildren(
    container,
    el('h3', {}, title, el('span', { class: 'muted' }, t` · depth ${node.depth}`)),
    el('ul', { class: 'node-lines' }, ...nodeLines(model, node, labelNumber).map((l) => el('li', {}, l))),
    Array.isArray(node.value)
      ? distribution(model, node.value, nodeWeight(node))
      : !imported && el('p', {}, t`mean = ${figure(node.value)}, ${impurityText(model.params.criterion, node.impurity, labelNumber)}`),
    calculation,
    split && el('h4', {}, t`${split.feature} at this node`),
    split && distributionChart(model, featureDistribution),
    split && ignore && button(t`Ignore ${split.feature} and retrain`, () => ignore(split.feature), { title: t('Leave this column out of training for this file (remembered; the profile view can use it again)') }),
    el('h4', {}, t('Rule to this node')),
    rule.length === 0
      ? el('p', { class: 'muted' }, t('The root: every training row.'))
      : el('ol', { class: 'rule' }, ...rule.map((c, i) => el('li', {}, i === 0 ? t('IF ') : t('AND '), el('code', {}, c)))),
    node.children.length > 0 && button(actions.isOpen(node.id) ? t('Fold subtree') : t('Expand subtree'), () => actions.toggle(node.id)),
    node.children.length > 0 && node.id !== 0 && actions.focus && button(t('Focus on subtree'), () => actions.focus?.(node.id), { title: t('Draw only this subtree, fitted to the view; the breadcrumb above leads back (F on a focused node)') }),
    split && el('h4', {}, t('Best splits at this node')),
    split && alternativesTable(model, alternatives, actions.previewSplit && ((s) => actions.previewSplit?.(node.id, s))),
    actions.editSection?.(node),
  );
}

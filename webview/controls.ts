// The Settings tab strip: change criterion, algorithm, max depth, min samples per leaf and
// pruning (an alpha slider over the tree's own pruning path, pessimistic on/off), then retrain in
// place; and, always visible, the settings that produced the tree shown.
import { PANEL_SETTING_KEYS, type PanelSettings, type WireReport } from '../src/shared/protocol';
import { pathIndex } from '../src/shared/pruning-steps';
import { criterionChoices } from '../src/shared/train-settings';
import { formatNumber } from '../src/shared/render/tree-labels';
import { el, replaceChildren } from './dom';
import { button, checkbox, dropdown, limitField, numberField, slider } from './toolkit';
import { validationSummary } from './validation-text';

/** One line that says how the tree shown was made. */
export function settingsSummary(report: WireReport): string {
  const s = report.settings;
  const p = s.params;
  const parts = [
    `${(p.algorithm ?? 'cart').toUpperCase()}, ${p.criterion ?? 'default criterion'}`,
    // The splitter the engine used ('auto' resolved by the row count), as the model records it.
    ...(report.model.params.splitter === 'hist' ? ['histogram splits (≤ 255 bins per column)'] : report.model.params.splitter === 'exact' ? ['exact splits'] : []),
    `max depth ${p.maxDepth ?? '∞'}`,
    `min samples leaf ${p.minSamplesLeaf ?? 1}`,
    s.prune === 'cost-complexity' ? `cost-complexity pruning α = ${formatNumber(s.ccpAlpha, 4)}${s.ccpAlphaSource === 'cv' ? ' (chosen by CV)' : ''}` : s.prune === 'pessimistic' ? `pessimistic pruning ε = ${s.pessimisticEpsilon}` : 'no pruning',
    `${report.final.nodes} nodes (${report.final.leaves} leaves, depth ${report.final.depth})`,
    validationSummary(report),
    // Columns the user chose to ignore for this file (the profile view, the left-out message).
    ...((p.ignore ?? []).length > 0 ? [`ignored: ${(p.ignore ?? []).join(', ')}`] : []),
    // A report saved by an older version has no `leftOut`.
    ...((report.leftOut ?? []).length > 0 ? [`left out: ${report.leftOut.map((c) => `${c.column} (${c.reason === 'id-like' ? 'ID-like' : 'constant'})`).join(', ')}`] : []),
  ];
  return parts.join(' · ');
}

const SETTING_NAMES: Record<keyof PanelSettings, string> = {
  algorithm: 'algorithm',
  criterion: 'criterion',
  maxDepth: 'max depth',
  minSamplesLeaf: 'min samples per leaf',
  prune: 'pruning',
  ccpAlpha: 'ccp α',
  decisionThreshold: 'decision threshold',
};

/**
 * Where the panel's settings (its drawer's) differ from `yours`, the ones "Train Decision Tree"
 * uses for the file, e.g. "max depth 3 here, none in your settings": the drawer's never carry over.
 */
export function settingsChanges(yours: PanelSettings, panel: PanelSettings): string[] {
  const text = (v: unknown) => (v === null ? 'none' : typeof v === 'number' ? formatNumber(v, 4) : String(v));
  return PANEL_SETTING_KEYS.filter((k) => yours[k] !== panel[k] && !(k === 'ccpAlpha' && panel.prune !== 'cost-complexity' && yours.prune !== 'cost-complexity')).map(
    (k) => `${SETTING_NAMES[k]} ${text(panel[k])} here, ${text(yours[k])} in your settings`,
  );
}

/** The settings toggle's one line: the tree's algorithm, criterion, limits, pruning and size. */
export function compactSummary(report: WireReport): string {
  const s = report.settings;
  const p = report.model.params; // as trained: 'auto' resolved
  const pruning = s.prune === 'cost-complexity' ? `α ${formatNumber(s.ccpAlpha, 3)}` : s.prune === 'pessimistic' ? 'pessimistic' : 'no pruning';
  return [
    p.algorithm === 'c45' ? 'C4.5' : p.algorithm.toUpperCase(),
    p.criterion.replace('_', ' '),
    `depth ${p.maxDepth ?? '∞'}`,
    `leaf ${p.minSamplesLeaf ?? 1}`,
    pruning,
    `${report.final.nodes} nodes`,
    // Columns left out by the user's choice change the tree: say so where it is always seen.
    ...((p.ignore ?? []).length > 0 ? [`${(p.ignore ?? []).length} ignored`] : []),
  ].join(' · ');
}

function pruningButton(show: (opener: HTMLElement) => void): HTMLElement {
  const b: HTMLElement = button('Pruning calculation', () => show(b), { title: "Work out this tree's pruning: each weakest link's α (cost-complexity) and each pessimistic decision" });
  return b;
}

export function renderControls(container: HTMLElement, report: WireReport, current: PanelSettings, retrain: (settings: PanelSettings) => void, showPruning?: (opener: HTMLElement) => void): void {
  const next: PanelSettings = { ...current };
  const path = report.pruningPath;
  // The path counts the pruned tree before leaves that predict alike are merged (simplify), so at
  // the tree's own alpha the count drawn may be smaller: say so rather than show two numbers silently.
  const alphaText = el('span', { class: 'alpha-text', 'aria-live': 'polite', title: 'Nodes and leaves of the tree pruned at this α, before sibling leaves that predict alike are merged' });
  const start = pathIndex(path.ccpAlphas, next.prune === 'cost-complexity' ? next.ccpAlpha : 0);
  const merged = (i: number) => (i === start && report.settings.simplify && path.nodeCounts[i] !== report.final.nodes ? ` (${report.final.nodes} drawn after merging leaves that predict alike)` : '');
  const showAlpha = (i: number) =>
    replaceChildren(alphaText, path.ccpAlphas.length > 0 ? `α = ${formatNumber(path.ccpAlphas[i], 4)} → ${path.nodeCounts[i]} nodes, ${path.leafCounts[i]} leaves${merged(i)}` : 'no pruning path');
  const alpha = slider('ccp α', path.ccpAlphas.length, start, (i) => {
    next.ccpAlpha = path.ccpAlphas[i] ?? 0;
    next.prune = next.ccpAlpha > 0 ? 'cost-complexity' : 'none';
    showAlpha(i);
  });
  showAlpha(start);
  // 'auto' prunes C4.5 pessimistically (the engine's default for it).
  const pessimisticNow = next.prune === 'pessimistic' || (next.prune === 'auto' && next.algorithm === 'c45');
  const pessimistic = checkbox('Pessimistic pruning', pessimisticNow, (on) => {
    next.prune = on ? 'pessimistic' : next.ccpAlpha > 0 ? 'cost-complexity' : 'none';
    alpha.setDisabled(on);
  });
  alpha.setDisabled(pessimisticNow);
  const criteria = criterionChoices(report.model.task);
  replaceChildren(
    container,
    el(
      'div',
      { class: 'controls', role: 'group', 'aria-label': 'Training settings' },
      dropdown(
        'Algorithm',
        [
          { value: 'cart', label: 'CART' },
          { value: 'id3', label: 'ID3' },
          { value: 'c45', label: 'C4.5' },
        ],
        next.algorithm,
        (v) => (next.algorithm = v),
      ).element,
      dropdown(
        'Criterion',
        criteria,
        criteria.some((c) => c.value === next.criterion) ? next.criterion : 'auto',
        (v) => (next.criterion = v),
      ).element,
      limitField('Max depth (empty = none)', next.maxDepth, { min: 1, max: 1000 }, (v) => (next.maxDepth = v)).element,
      numberField('Min samples leaf', next.minSamplesLeaf, { min: 1 }, (v) => (next.minSamplesLeaf = v)).element,
      alpha.element,
      alphaText,
      pessimistic.element,
      // Learn mode: the weakest links' α and the pessimistic decisions behind the pruning controls.
      showPruning && pruningButton(showPruning),
      button('Retrain', () => retrain({ ...next }), { primary: true, title: 'Train again on the same file with these settings' }),
    ),
    el('p', { class: 'settings-shown' }, el('strong', {}, 'Shown: '), settingsSummary(report)),
  );
}

// The Settings tab strip: change criterion, algorithm, max depth, min samples per leaf and
// pruning (an alpha slider over the tree's own pruning path, pessimistic on/off), then retrain in
// place; and, always visible, the settings that produced the tree shown.
import { PANEL_SETTING_KEYS, type PanelSettings, type WireReport } from '../src/shared/protocol';
import { pathIndex } from '../src/shared/pruning-steps';
import { criterionChoices } from '../src/shared/train-settings';
import { el, replaceChildren } from './dom';
import { button, checkbox, dropdown, limitField, numberField, slider } from './toolkit';
import { validationSummary } from './validation-text';
import { figure, t } from './l10n';

/** One line that says how the tree shown was made. */
export function settingsSummary(report: WireReport): string {
  const s = report.settings;
  const p = s.params;
  const parts = [
    `${(p.algorithm ?? 'cart').toUpperCase()}, ${p.criterion ?? t('default criterion')}`,
    // The splitter the engine used ('auto' resolved by the row count), as the model records it.
    ...(report.model.params.splitter === 'hist' ? [t('histogram splits (≤ 255 bins per column)')] : report.model.params.splitter === 'exact' ? [t('exact splits')] : []),
    t`max depth ${p.maxDepth ?? '∞'}`,
    t`min samples leaf ${p.minSamplesLeaf ?? 1}`,
    s.prune === 'cost-complexity'
      ? s.ccpAlphaSource === 'cv'
        ? t('cost-complexity pruning α = {0} (chosen by CV)', figure(s.ccpAlpha, 4))
        : t('cost-complexity pruning α = {0}', figure(s.ccpAlpha, 4))
      : s.prune === 'pessimistic'
        ? t('pessimistic pruning ε = {0}', figure(s.pessimisticEpsilon, 4))
        : t('no pruning'),
    t`${report.final.nodes} nodes (${report.final.leaves} leaves, depth ${report.final.depth})`,
    validationSummary(report),
    // Columns the user chose to ignore for this file (the profile view, the left-out message).
    ...((p.ignore ?? []).length > 0 ? [t('ignored: {0}', (p.ignore ?? []).join(', '))] : []),
    // A report saved by an older version has no `leftOut`.
    ...((report.leftOut ?? []).length > 0 ? [t('left out: {0}', report.leftOut.map((c) => `${c.column} (${c.reason === 'id-like' ? t('ID-like') : t('constant')})`).join(', '))] : []),
  ];
  return parts.join(' · ');
}

const settingName = (key: keyof PanelSettings): string =>
  ({
    algorithm: t('algorithm'),
    criterion: t('criterion'),
    maxDepth: t('max depth'),
    minSamplesLeaf: t('min samples per leaf'),
    prune: t('pruning'),
    ccpAlpha: t('ccp α'),
    decisionThreshold: t('decision threshold'),
  })[key];

/**
 * Where the panel's settings (its drawer's) differ from `yours`, the ones "Train Decision Tree"
 * uses for the file, e.g. "max depth 3 here, none in your settings": the drawer's never carry over.
 */
export function settingsChanges(yours: PanelSettings, panel: PanelSettings): string[] {
  const text = (v: unknown) => (v === null ? t('none') : typeof v === 'number' ? figure(v, 4) : String(v));
  return PANEL_SETTING_KEYS.filter((k) => yours[k] !== panel[k] && !(k === 'ccpAlpha' && panel.prune !== 'cost-complexity' && yours.prune !== 'cost-complexity')).map(
    (k) => t('{0} {1} here, {2} in your settings', settingName(k), text(panel[k]), text(yours[k])),
  );
}

/** The settings toggle's one line: the tree's algorithm, criterion, limits, pruning and size. */
export function compactSummary(report: WireReport): string {
  const s = report.settings;
  const p = report.model.params; // as trained: 'auto' resolved
  const pruning = s.prune === 'cost-complexity' ? `α ${figure(s.ccpAlpha, 3)}` : s.prune === 'pessimistic' ? t('pessimistic') : t('no pruning');
  return [
    p.algorithm === 'c45' ? 'C4.5' : p.algorithm.toUpperCase(),
    p.criterion.replace('_', ' '),
    t`depth ${p.maxDepth ?? '∞'}`,
    t`leaf ${p.minSamplesLeaf ?? 1}`,
    pruning,
    t`${report.final.nodes} nodes`,
    // Columns left out by the user's choice change the tree: say so where it is always seen.
    ...((p.ignore ?? []).length > 0 ? [t`${(p.ignore ?? []).length} ignored`] : []),
  ].join(' · ');
}

function pruningButton(show: (opener: HTMLElement) => void): HTMLElement {
  const b: HTMLElement = button(t('Pruning calculation'), () => show(b), { title: t("Work out this tree's pruning: each weakest link's α (cost-complexity) and each pessimistic decision") });
  return b;
}

export function renderControls(container: HTMLElement, report: WireReport, current: PanelSettings, retrain: (settings: PanelSettings) => void, showPruning?: (opener: HTMLElement) => void): void {
  const next: PanelSettings = { ...current };
  const path = report.pruningPath;
  // The path counts the pruned tree before leaves that predict alike are merged (simplify), so at
  // the tree's own alpha the count drawn may be smaller: say so rather than show two numbers silently.
  const alphaText = el('span', { class: 'alpha-text', 'aria-live': 'polite', title: t('Nodes and leaves of the tree pruned at this α, before sibling leaves that predict alike are merged') });
  const start = pathIndex(path.ccpAlphas, next.prune === 'cost-complexity' ? next.ccpAlpha : 0);
  const merged = (i: number) => (i === start && report.settings.simplify && path.nodeCounts[i] !== report.final.nodes ? t(' ({0} drawn after merging leaves that predict alike)', report.final.nodes) : '');
  const showAlpha = (i: number) =>
    replaceChildren(alphaText, path.ccpAlphas.length > 0 ? t`α = ${figure(path.ccpAlphas[i], 4)} → ${path.nodeCounts[i]} nodes, ${path.leafCounts[i]} leaves${merged(i)}` : t('no pruning path'));
  const alpha = slider(t('ccp α'), path.ccpAlphas.length, start, (i) => {
    next.ccpAlpha = path.ccpAlphas[i] ?? 0;
    next.prune = next.ccpAlpha > 0 ? 'cost-complexity' : 'none';
    showAlpha(i);
  });
  showAlpha(start);
  // 'auto' prunes C4.5 pessimistically (the engine's default for it).
  const pessimisticNow = next.prune === 'pessimistic' || (next.prune === 'auto' && next.algorithm === 'c45');
  const pessimistic = checkbox(t('Pessimistic pruning'), pessimisticNow, (on) => {
    next.prune = on ? 'pessimistic' : next.ccpAlpha > 0 ? 'cost-complexity' : 'none';
    alpha.setDisabled(on);
  });
  alpha.setDisabled(pessimisticNow);
  const criteria = criterionChoices(report.model.task);
  replaceChildren(
    container,
    el(
      'div',
      { class: 'controls', role: 'group', 'aria-label': t('Training settings') },
      dropdown(
        t('Algorithm'),
        [
          { value: 'cart', label: /* l10n-ignore */ 'CART' },
          { value: 'id3', label: /* l10n-ignore */ 'ID3' },
          { value: 'c45', label: 'C4.5' },
        ],
        next.algorithm,
        (v) => (next.algorithm = v),
      ).element,
      dropdown(
        t('Criterion'),
        criteria,
        criteria.some((c) => c.value === next.criterion) ? next.criterion : 'auto',
        (v) => (next.criterion = v),
      ).element,
      limitField(t('Max depth (empty = none)'), next.maxDepth, { min: 1, max: 1000 }, (v) => (next.maxDepth = v)).element,
      numberField(t('Min samples leaf'), next.minSamplesLeaf, { min: 1 }, (v) => (next.minSamplesLeaf = v)).element,
      alpha.element,
      alphaText,
      pessimistic.element,
      // Learn mode: the weakest links' α and the pessimistic decisions behind the pruning controls.
      showPruning && pruningButton(showPruning),
      button(t('Retrain'), () => retrain({ ...next }), { primary: true, title: t('Train again on the same file with these settings') }),
    ),
    el('p', { class: 'settings-shown' }, el('strong', {}, t('Shown: ')), settingsSummary(report)),
  );
}

// The Importances tab: a horizontal bar per feature, by mean decrease in impurity (MDI), by
// permutation importance (± its spread), or by the number of splits on the feature.
import type { FeatureImportance, Importances, PermutationSettings } from '../src/engine/importance/types';
import { el, replaceChildren } from './dom';
import { dropdown } from './toolkit';
import { scoreLabel } from '../src/shared/render/score-label';
import { figure, formatNumber as localNumber, t } from './l10n';

export type ImportanceMeasure = 'mdi' | 'permutation' | 'splits';

const MEASURES: Record<ImportanceMeasure, { label: string; value: (f: FeatureImportance) => number | null }> = {
  mdi: { label: t('Mean decrease in impurity (MDI)'), value: (f) => f.mdi },
  permutation: { label: t('Permutation importance'), value: (f) => f.permutationMean },
  splits: { label: t('Split count'), value: (f) => f.splitCount },
};

function sampled(p: PermutationSettings): string {
  return p.rows < p.setRows ? t(' (a random {0} of {1})', localNumber(p.rows), localNumber(p.setRows)) : '';
}

export function renderImportances(container: HTMLElement, importances: Importances, measure: ImportanceMeasure, onMeasure: (m: ImportanceMeasure) => void): void {
  const available = (m: ImportanceMeasure) => m !== 'permutation' || importances.permutation !== null;
  const chosen = available(measure) ? measure : 'mdi';
  const picker = dropdown(
    t('Measure'),
    (Object.keys(MEASURES) as ImportanceMeasure[]).filter(available).map((m) => ({ value: m, label: MEASURES[m].label })),
    chosen,
    onMeasure,
  );
  const value = MEASURES[chosen].value;
  const rows = importances.features.map((f) => ({ f, v: value(f) ?? 0 })).sort((a, b) => b.v - a.v);
  const max = Math.max(1e-12, ...rows.map((r) => Math.abs(r.v)));
  const bars = rows.map(({ f, v }) => {
    const spread = chosen === 'permutation' && f.permutationStd !== null ? ` ± ${figure(f.permutationStd, 3)}` : '';
    return el(
      'div',
      { class: 'bar-row', role: 'listitem', 'aria-label': `${f.feature}: ${figure(v, 4)}${spread}` },
      el('span', { class: 'bar-label', title: f.feature }, f.feature),
      el('span', { class: 'bar-track' }, el('span', { class: v < 0 ? 'bar-fill negative' : 'bar-fill', style: `width:${(100 * Math.abs(v)) / max}%` })),
      el('span', { class: 'bar-value' }, figure(v, 4) + spread),
    );
  });
  const p = importances.permutation;
  const note =
    chosen === 'permutation' && p
      ? t(
          'Drop of {0} (baseline {1}) on the {2} rows{3} when the column is shuffled, over {4} shuffles (seed {5}).',
          scoreLabel(p.scoreName),
          figure(p.baselineScore, 4),
          p.set === 'holdout' ? t('hold-out') : t('training'),
          sampled(p),
          p.repeats,
          p.seed,
        )
      : chosen === 'mdi'
        ? t('Share of the total weighted impurity decrease due to splits on each feature; favours features with many distinct values.')
        : t('Decision nodes that split on each feature.');
  replaceChildren(
    container,
    el('div', { class: 'toolbar' }, picker.element),
    el('p', { class: 'muted' }, note),
    el('div', { class: 'bars', role: 'list' }, ...bars),
  );
}

// The forest's Importances tab: per feature, the mean of the trees' MDI ± its spread across the
// trees, or the OOB permutation importance (drop of each tree's OOB score when the column is
// shuffled) ± its spread. A bar per feature, its spread as a whisker.
import type { SpreadImportance } from '../../src/engine/forest/types';
import type { WireForestReport } from '../../src/shared/forest-protocol';
import { el, replaceChildren } from '../dom';
import { dropdown } from '../toolkit';
import { figure, t } from '../l10n';

export type ForestImportance = 'mdi' | 'oobPermutation';

const NOTES: Record<ForestImportance, string> = {
  mdi: t('Mean over the trees of each tree’s mean decrease in impurity (shares summing to 1), ± its standard deviation across the trees. Favours features with many distinct values.'),
  oobPermutation: t('Drop of each tree’s score on its out-of-bag rows when the column is shuffled, averaged over the trees, ± its standard deviation.'),
};

/** A bar per feature with its spread as a whisker; `valueText` replaces the "mean ± std" text (a measure without spread: std 0, no whisker). */
export function bars(list: readonly SpreadImportance[], valueText?: (f: SpreadImportance) => string): HTMLElement {
  const max = Math.max(1e-12, ...list.map((f) => Math.abs(f.mean) + f.std));
  const width = (v: number) => `${(100 * Math.abs(v)) / max}%`;
  // From |mean| − std (not below 0) to |mean| + std, on the bar's scale.
  const whisker = (a: number, std: number) => {
    const lo = Math.max(0, a - std);
    return `left:${width(lo)};width:${width(a + std - lo)}`;
  };
  return el(
    'div',
    { class: 'bars', role: 'list' },
    ...list.map((f) =>
      el(
        'div',
        { class: 'bar-row', role: 'listitem', 'aria-label': `${f.feature}: ${valueText?.(f) ?? `${figure(f.mean, 4)} ± ${figure(f.std, 3)}`}` },
        el('span', { class: 'bar-label', title: f.feature }, f.feature),
        el(
          'span',
          { class: 'bar-track' },
          el('span', { class: f.mean < 0 ? 'bar-fill negative' : 'bar-fill', style: `width:${width(f.mean)}` }),
          f.std > 0 && el('span', { class: 'whisker', style: whisker(Math.abs(f.mean), f.std) }),
        ),
        el('span', { class: 'bar-value' }, valueText?.(f) ?? `${figure(f.mean, 4)} ± ${figure(f.std, 3)}`),
      ),
    ),
  );
}

export function renderForestImportances(container: HTMLElement, importances: WireForestReport['importances'], measure: ForestImportance, onMeasure: (m: ForestImportance) => void): void {
  const permutation = importances.oobPermutation;
  const chosen = measure === 'oobPermutation' && permutation !== null ? 'oobPermutation' : 'mdi';
  const options: { value: ForestImportance; label: string }[] = [{ value: 'mdi', label: t('Mean decrease in impurity (MDI) ± spread') }];
  if (permutation !== null) options.push({ value: 'oobPermutation', label: t('OOB permutation importance ± spread') });
  const picker = dropdown(t('Measure'), options, chosen, onMeasure);
  replaceChildren(
    container,
    el('div', { class: 'toolbar' }, picker.element),
    el('p', { class: 'muted' }, NOTES[chosen]),
    bars(chosen === 'oobPermutation' && permutation !== null ? permutation : importances.mdi),
  );
}

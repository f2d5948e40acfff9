// The readable form of a ForestReport for `train --ensemble … --format text` and `evaluate
// --ensemble …`: the forest, its OOB score and curve beside any hold-out or CV score, the metrics
// and the importances (the --json form is the report itself).
import type { ForestReport } from '../engine/forest/types';
import { formatName } from '../engine/rules/text';
import { crossValidationText, f4, metricsText, repeatedHoldoutText, table } from './report-text';
import { scoreLabel } from '../shared/render/score-label';

/** What a validation run adds to the text: its title for the hold-out metrics. */
export interface ValidationNote {
  holdoutTitle: string | null;
  stratified: boolean;
}

function range(xs: readonly number[]): string {
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return `${lo === hi ? lo : `${lo}–${hi}`} (mean ${mean.toFixed(1)})`;
}

/** A few points of the OOB error curve: 1, 10, 25, 50 % of the trees and all. */
function curvePoints(r: ForestReport): string {
  const c = r.oob.curve;
  if (c === null) return '';
  const n = c.trees[c.trees.length - 1];
  const wanted = new Set([1, Math.round(n / 10), Math.round(n / 4), Math.round(n / 2), n]);
  return c.trees
    .map((k, i) => (wanted.has(k) ? `${k}: ${f4(c.error[i])}` : null))
    .filter((x) => x !== null)
    .join(', ');
}

/** `thresholdLines`: --threshold's section, printed after the validation metrics. */
export function forestReportText(r: ForestReport, csvName: string, v: ValidationNote, thresholdLines: readonly string[] = []): string {
  const m = r.model;
  const p = m.params;
  const kind = p.ensemble === 'forest' ? 'random forest' : 'bagging';
  const how = [
    `${p.algorithm ?? 'cart'}${p.criterion ? `, ${p.criterion}` : ''}`,
    `${p.maxFeatures} of ${m.features.length} features per split`,
    ...(m.task === 'classification' ? [`${p.voting} voting`] : ['mean of the trees']),
    p.bootstrap ? `bootstrap of ${p.maxSamples ?? r.trainingRows} rows per tree` : 'no bootstrap',
    `seed ${p.seed}`,
  ].join(', ');
  const out = [
    `${csvName}: ${m.task} ${kind} of ${m.trees.length} trees for ${formatName(m.target)} (${how}), ${r.trainingRows} training rows`,
    `trees: depth ${range(r.trees.map((t) => t.depth))}, leaves ${range(r.trees.map((t) => t.leaves))}`,
  ];
  const oob = r.oob;
  out.push(oob.score === null ? 'OOB: none (no bootstrap sample leaves rows out)' : `OOB ${scoreLabel(oob.scoreName)} ${f4(oob.score)} on ${oob.rows} rows; OOB ${m.task === 'regression' ? 'MSE' : 'error'} by trees: ${curvePoints(r)}`);
  out.push('');
  if (r.metrics.repeatedHoldout) out.push(...repeatedHoldoutText(r.metrics.repeatedHoldout));
  if (r.metrics.holdout && v.holdoutTitle !== null) out.push(...metricsText(`${v.holdoutTitle}${r.metrics.repeatedHoldout ? ' (the first repeat)' : ''}`, r.metrics.holdout), '');
  const cv = r.metrics.crossValidation;
  if (cv) out.push(...crossValidationText(cv, v.stratified && !cv.leaveOneOut ? ', stratified' : ''));
  if (oob.metrics) out.push(...metricsText('OOB metrics', oob.metrics), '');
  out.push(...thresholdLines);
  out.push(...metricsText('training metrics (every tree saw most of these rows: optimistic)', r.metrics.training), '');
  const perm = new Map((r.importances.oobPermutation ?? []).map((x) => [x.feature, x]));
  out.push(`feature importances (MDI: mean over the trees ± std${r.importances.oobPermutation ? `; OOB permutation: ${scoreLabel(oob.scoreName)} drop on each tree's OOB rows ± std across trees` : ''})`);
  out.push(
    ...table(
      ['feature', 'MDI', '± std', 'OOB permutation', '± std'],
      r.importances.mdi.map((x) => {
        const q = perm.get(x.feature);
        return [formatName(x.feature), f4(x.mean), f4(x.std), q ? f4(q.mean) : '-', q ? f4(q.std) : '-'];
      }),
    ),
  );
  return out.join('\n') + '\n';
}

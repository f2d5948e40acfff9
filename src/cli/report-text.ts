// The readable form of a TreeReport for `evaluate` (its --json form is the report itself).
import { beatsBaseline, majorityBaseline } from '../engine/metrics/baseline';
import type { ClassificationMetrics, Metrics } from '../engine/metrics/types';
import type { CrossValidationResult, RepeatedHoldoutResult } from '../engine/validation/types';
import type { TreeReport } from '../engine/report-types';
import { formatName } from '../engine/rules/text';
import { scoreLabel } from '../shared/render/score-label';

export const f4 = (x: number): string => x.toFixed(4);

export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => '  ' + cells.map((s, c) => (c === 0 ? s.padEnd(widths[c]) : s.padStart(widths[c]))).join('  ');
  return [line(header), ...rows.map(line)];
}

/** Why this class is positive: its share of the rows, and that the rarer class is the default (validation/positive-class.ts). */
function positiveShare(m: ClassificationMetrics, support: number): string {
  return `${((100 * support) / Math.max(1, m.rows)).toFixed(1)} % of these rows; the less frequent class by default, --positive-class overrides`;
}

function classificationText(m: ClassificationMetrics): string[] {
  const names = m.classes.map(formatName);
  const base = majorityBaseline(m);
  const verdict = beatsBaseline(m) ? `the tree beats it by ${f4(m.accuracy - base.accuracy)}` : 'the tree does NOT beat it';
  const lines = [
    `  accuracy ${f4(m.accuracy)}   error rate ${f4(m.errorRate)}`,
    `  majority-class baseline ${f4(base.accuracy)} (always ${formatName(base.class)}): ${verdict}`,
    '  confusion matrix (rows = true class, columns = predicted):',
  ];
  lines.push(...table(['', ...names], m.confusion.map((row, i) => [names[i], ...row.map(String)])).map((l) => '  ' + l));
  const rates = (label: string, x: { precision: number; recall: number; specificity: number; fpr: number; fdr: number; f1: number }, support: string) => [
    label,
    f4(x.precision),
    f4(x.recall),
    f4(x.specificity),
    f4(x.fpr),
    f4(x.fdr),
    f4(x.f1),
    support,
  ];
  lines.push(
    ...table(
      ['class', 'precision', 'recall', 'specificity', 'FPR', 'FDR', 'F1', 'support'],
      [
        ...m.perClass.map((c, i) => rates(names[i], c, String(c.support))),
        rates('macro avg', m.macro, String(m.rows)),
        rates('weighted avg', m.weighted, String(m.rows)),
      ],
    ),
  );
  if (m.positiveClass !== null) {
    const p = m.perClass[m.classes.indexOf(m.positiveClass)];
    lines.push(`  positive class ${formatName(m.positiveClass)} (${positiveShare(m, p.support)}): precision ${f4(p.precision)}, recall ${f4(p.recall)}`);
  }
  if (m.roc) lines.push(`  ROC AUC ${f4(m.roc.auc)} (positive class ${formatName(m.roc.positiveClass)}, ${m.roc.fpr.length} points)`);
  if (m.pr) lines.push(`  PR AUC ${f4(m.pr.auc)}, average precision ${f4(m.pr.averagePrecision)}`);
  return lines;
}

export function metricsText(title: string, m: Metrics): string[] {
  const lines = [`${title} (${m.rows} rows)`];
  if (m.task === 'classification') lines.push(...classificationText(m));
  else lines.push(`  MSE ${m.mse.toPrecision(6)}   RMSE ${m.rmse.toPrecision(6)}   MAE ${m.mae.toPrecision(6)}   R² ${f4(m.r2)}`);
  return lines;
}

/**
 * A cross-validation's summary line and its out-of-fold metrics (`how`: e.g. ", stratified").
 * Leave-one-out gives the pooled score, not a score per row (each 0 or 1).
 */
export function crossValidationText(cv: CrossValidationResult, how: string): string[] {
  const score = scoreLabel(cv.scoreName);
  let line: string;
  if (cv.leaveOneOut) {
    const right = cv.scoreName === 'accuracy' ? ` (${cv.scores.filter((x) => x === 1).length} of ${cv.folds} rows predicted right)` : '';
    line = `leave-one-out cross-validation (${cv.folds} folds of one row, not stratified${how}): ${score} ${f4(cv.mean)}${right}`;
  } else {
    line = `${cv.folds}-fold cross-validation (seed ${cv.seed}${how}): mean ${score} ${f4(cv.mean)} ± ${f4(cv.std)}; per fold ${cv.scores.map(f4).join(', ')}`;
  }
  return [line, ...metricsText('out-of-fold metrics', cv.pooled), ''];
}

/** The repeated hold-out: its score per repeat, then every figure's mean ± std, lowest and highest. */
export function repeatedHoldoutText(r: RepeatedHoldoutResult): string[] {
  const seeds = `seeds ${r.seeds[0]}–${r.seeds[r.seeds.length - 1]}`;
  return [
    `hold-out repeated ${r.repeats} times (test fraction ${r.testSize}, ${seeds}${r.stratified ? ', stratified' : ''}): mean ${scoreLabel(r.scoreName)} ${f4(r.mean)} ± ${f4(r.std)}; per repeat ${r.scores.map(f4).join(', ')}`,
    ...table(
      ['figure', 'mean', '± std', 'min', 'max'],
      r.figures.map((f) => [f.name, f4(f.mean), f4(f.std), f4(Math.min(...f.values)), f4(Math.max(...f.values))]),
    ),
    '',
  ];
}

/** `thresholdLines`: evaluate --threshold's section, printed after the validation metrics. */
export function reportText(r: TreeReport, csvName: string, thresholdLines: readonly string[] = []): string {
  const s = r.settings;
  const p = s.params;
  const out = [
    `${csvName}: ${r.model.task} tree for ${formatName(r.model.target)} (${p.algorithm}, ${p.criterion}), ${r.trainingRows} training rows`,
    `tree: ${r.grown.nodes} nodes grown; shown: ${r.final.nodes} nodes, ${r.final.leaves} leaves, depth ${r.final.depth} (` +
      (s.prune === 'cost-complexity' ? `cost-complexity pruning at ccp_alpha ${s.ccpAlpha}` : s.prune === 'pessimistic' ? `pessimistic pruning, ε ${s.pessimisticEpsilon}` : 'not pruned') +
      (s.simplify ? ', simplified)' : ')'),
  ];
  if (r.alphaSelection) {
    const a = r.alphaSelection;
    out.push(
      `ccp_alpha chosen by ${a.folds}-fold cross-validation (${a.rule} rule, seed ${a.seed}): ${a.chosenAlpha}, mean ${scoreLabel(a.scoreName)} ${f4(a.chosenScore)} ` +
        `on the folds that chose it (optimistic; best mean at ${a.bestAlpha})`,
    );
    out.push(...table(['alpha', `mean ${scoreLabel(a.scoreName)}`, 'std', 'std error'], a.candidates.map((c) => [String(c.alpha), f4(c.meanScore), f4(c.stdScore), f4(c.stdError)])));
    const n = a.nested;
    if (n) {
      out.push(
        `nested estimate (alpha chosen again by ${n.folds}-fold CV inside each of ${n.folds} outer folds, ${n.fits} trees grown): ` +
          `mean ${scoreLabel(n.scoreName)} ${f4(n.mean)} ± ${f4(n.std)}; per fold ${n.scores.map((x, i) => `${f4(x)} (α ${n.alphas[i].toPrecision(4)})`).join(', ')}`,
      );
    }
  }
  out.push('');
  const v = s.validation;
  if (r.metrics.repeatedHoldout) out.push(...repeatedHoldoutText(r.metrics.repeatedHoldout));
  if (r.metrics.holdout && v.kind === 'holdout') {
    const first = r.metrics.repeatedHoldout ? ' (the first repeat: the tree shown)' : '';
    out.push(...metricsText(`hold-out metrics, test fraction ${v.testSize}, seed ${v.seed}${v.stratified ? ', stratified' : ''}${first}`, r.metrics.holdout), '');
  }
  const cv = r.metrics.crossValidation;
  if (cv) out.push(...crossValidationText(cv, (v.kind === 'cv' && v.stratified ? ', stratified' : '') + (cv.alphas ? ', ccp_alpha chosen inside each fold' : '')));
  out.push(...thresholdLines);
  if (v.kind === 'none') out.push('note: no --test-size or --cv: the metrics below are on the training rows, an optimistic estimate', '');
  out.push(...metricsText('training metrics', r.metrics.training), '');
  const perm = r.importances.permutation;
  const sample = perm && perm.rows < perm.setRows ? ` (a random ${perm.rows} of ${perm.setRows})` : '';
  out.push(perm ? `feature importances (permutation: ${scoreLabel(perm.scoreName)} drop on the ${perm.set === 'holdout' ? 'hold-out' : 'training'} rows${sample}, ${perm.repeats} repeats, seed ${perm.seed})` : 'feature importances');
  out.push(
    ...table(
      ['feature', 'MDI', 'splits', 'mean depth', 'permutation', '± std'],
      r.importances.features.map((f) => [
        formatName(f.feature),
        f4(f.mdi),
        String(f.splitCount),
        f.meanDepth === null ? '-' : f.meanDepth.toFixed(2),
        f.permutationMean === null ? '-' : f4(f.permutationMean),
        f.permutationStd === null ? '-' : f4(f.permutationStd),
      ]),
    ),
  );
  return out.join('\n') + '\n';
}

// --threshold on `train --ensemble` and `evaluate --ensemble` (docs/cli.md "Decision threshold"): a
// binary forest predicts its positive class where its share of it (the mean leaf share; with hard
// voting the vote fraction) is ≥ T, and the model records T. A rule chooses T from scores of rows
// the deciding trees never saw: the out-of-fold scores of evaluate's --cv K folds when asked, else
// the OOB scores (docs/formulas.md "Ensembles").
import type { Dataset } from '../engine/dataset';
import { InputError } from '../engine/errors';
import { forestWithThreshold } from '../engine/forest/predict';
import type { ForestReport } from '../engine/forest/types';
import { chooseThreshold, ruleText, thresholdSection, type ThresholdRule, type ThresholdSection } from '../engine/metrics/threshold';
import type { ClassificationMetrics, Metrics } from '../engine/metrics/types';
import { resolvePositiveClass } from '../engine/validation/positive-class';

export interface ForestAtThreshold {
  /** The report with the threshold recorded on its model. */
  report: ForestReport;
  /** The figures at T beside 0.5 on `on`; null when no scored rows measure it (no bootstrap, no hold-out or folds). */
  threshold: ThresholdSection | null;
  on: string;
}

/** `report` (its metrics as measured: hold-out and folds filled in by evaluate) with the forest decided at `rule`'s threshold. */
export function forestAtThreshold(report: ForestReport, rule: ThresholdRule, dataset: Dataset, asked: string | undefined): ForestAtThreshold {
  const m = report.model;
  const positiveClass = resolvePositiveClass(m, dataset, asked);
  if (positiveClass === undefined) throw new InputError('bad-option', `--threshold applies to a target with two classes; "${m.target}" has ${m.task === 'regression' ? 'numeric values' : `${m.classes?.length ?? 0} classes`}`);
  const { holdout, crossValidation: cv } = report.metrics;
  const oob = report.oob.metrics;
  let chosenBy: string | undefined;
  if (rule.kind !== 'value') {
    const from: Metrics | null = cv ? cv.pooled : oob;
    if (from === null) throw new InputError('bad-option', `--threshold ${ruleText(rule)} chooses from scores of rows the trees did not see: this forest has no OOB rows (no bootstrap); give a number, or with evaluate add --cv K`);
    chosenBy = cv
      ? `${ruleText(rule)} on the ${cv.leaveOneOut ? 'leave-one-out' : `${cv.folds}-fold`} out-of-fold scores (seed ${cv.seed})`
      : `${ruleText(rule)} on the OOB scores of ${m.trees.length} trees (seed ${m.params.seed})`;
  }
  const value = rule.kind === 'value' ? rule.value : chooseThreshold(rule, (cv ? cv.pooled : oob) as ClassificationMetrics);
  const model = forestWithThreshold(m, { positiveClass, value, ...(chosenBy ? { chosenBy } : {}) });
  const optimistic = chosenBy ? ' (the scores the threshold was chosen on, so optimistic)' : '';
  const [measured, on] = holdout ? [holdout, 'the hold-out rows'] : cv ? [cv.pooled, `the out-of-fold predictions${optimistic}`] : [oob, `the OOB predictions${oob && !cv ? optimistic : ''}`];
  const threshold = measured && measured.task === 'classification' && measured.positiveClass === positiveClass ? thresholdSection(measured, value, chosenBy ?? null) : null;
  return { report: { ...report, model }, threshold, on };
}

// The majority-class baseline (caret's "no-information rate"): the accuracy of always predicting the
// most frequent true class of the rows measured. A tree that does not beat it has learnt nothing a
// count of the classes does not give (docs/formulas.md "Validation"). Ties go to the first class.
import type { ClassificationMetrics } from './types';

export interface MajorityBaseline {
  /** The class predicted every time. */
  class: string;
  accuracy: number;
}

/** Measured as the metrics are: by weight when they were (a class's support is then its weight). */
export function majorityBaseline(m: ClassificationMetrics): MajorityBaseline {
  let best = 0;
  let total = 0;
  m.perClass.forEach((c, i) => {
    total += c.support;
    if (c.support > m.perClass[best].support) best = i;
  });
  return { class: m.classes[best], accuracy: total === 0 ? 0 : m.perClass[best].support / total };
}

/** Whether the tree's accuracy is above the baseline (not merely equal to it). */
export function beatsBaseline(m: ClassificationMetrics): boolean {
  return m.accuracy > majorityBaseline(m).accuracy;
}

// The positive class of a binary target's precision, recall, ROC and PR figures. By default the
// less frequent of the two classes: a binary question is nearly always about the rare event (the
// default, the fraud, the churner), and the PR AUC of the 95 % class says nothing about it
// (docs/formulas.md "Validation"). On a tie the second class, as scikit-learn's pos_label=1.
import type { Dataset } from '../dataset';
import { InputError } from '../errors';
import type { TreeModel } from '../model';
import { readTruth } from './truth';

/** The code (0 or 1) of the less frequent of two classes among `codes` (codes ≥ 2 are not counted); 1 on a tie. */
export function minorityCode(codes: ArrayLike<number>): 0 | 1 {
  let zeros = 0;
  let ones = 0;
  for (let i = 0; i < codes.length; i++) {
    if (codes[i] === 0) zeros++;
    else if (codes[i] === 1) ones++;
  }
  return zeros < ones ? 0 : 1;
}

/**
 * The positive class for measuring `head` on `dataset`: `asked` (checked: a binary target and one
 * of its classes), else the less frequent class of the dataset's rows; undefined unless the target
 * has two classes and nothing was asked.
 */
export function resolvePositiveClass(head: Pick<TreeModel, 'task' | 'target' | 'classes'>, dataset: Dataset, asked: string | undefined): string | undefined {
  const classes = head.classes ?? [];
  if (asked !== undefined) {
    if (head.task !== 'classification' || classes.length !== 2) {
      throw new InputError('bad-option', `a positive class applies to a target with two classes; "${head.target}" has ${head.task === 'regression' ? 'numeric values' : `${classes.length} classes`}`);
    }
    if (!classes.includes(asked)) throw new InputError('bad-option', `positive class "${asked}" is not a class of "${head.target}" (classes: ${classes.join(', ')})`);
    return asked;
  }
  if (head.task !== 'classification' || classes.length !== 2) return undefined;
  return classes[minorityCode(readTruth(head, dataset).codes)];
}

// Which rows of a file train a report's tree and which test it: a hold-out split drawn from the
// seed, or all rows. Drawn the same way when the tree is trained (report.ts) and when its edits
// are replayed (edited-report.ts), so an edited tree is scored on the very rows the panel showed.
import type { Dataset } from './dataset';
import type { Task } from './model';
import { holdoutSplit, targetStrata, type Strata } from './validation/split';
import { subsetDataset } from './validation/subset';

export interface ReportRows {
  train: Dataset;
  /** The held-out rows; null without a hold-out split. */
  test: Dataset | null;
  /** The target's strata the split was drawn from (null without a split). */
  strata: Strata | null;
}

export interface HoldoutDraw {
  testSize: number;
  seed: number;
  stratify: boolean;
}

/** The rows of `dataset` as a hold-out `draw` cuts them (every row trains without one). */
export function reportRows(dataset: Dataset, target: string, task: 'auto' | Task, draw: HoldoutDraw | null): ReportRows {
  if (draw === null) return { train: dataset, test: null, strata: null };
  const strata = targetStrata(dataset, target, task, draw.stratify);
  const split = holdoutSplit(strata, draw.testSize, draw.seed);
  return { train: subsetDataset(dataset, split.train), test: subsetDataset(dataset, split.test), strata };
}

// The hover job's computation: every column's profile and, against the current target, every
// column's best split (the HoverData of src/shared/worker-messages.ts).
import type { Dataset } from '../../engine/dataset';
import { columnIndex } from '../../engine/dataset';
import { InputError } from '../../engine/errors';
import { profileColumn } from '../../engine/profile';
import { columnSplits } from '../../engine/splits/column-splits';
import type { SplitsReport } from '../../engine/splits/types';
import type { HoverData, SplitRequest } from '../../shared/worker-messages';

/** Top values kept per column profile: the target's show its class distribution. */
const TOP_VALUES = 5;
const TARGET_CLASSES_SHOWN = 25;

export function buildHoverData(dataset: Dataset, recordStarts: Int32Array, request: SplitRequest): HoverData {
  const { target, splits, note, ignored } = scoreColumns(dataset, request);
  const t = columnIndex(dataset, target);
  const profiles = dataset.columns.map((c, i) => profileColumn(c, { topCount: i === t ? TARGET_CLASSES_SHOWN : TOP_VALUES }));
  return { dataset, recordStarts, profiles, target, splits, note, ignored };
}

/** Names of `dataset` the request names, but the target: a column since renamed or removed is dropped. */
function present(names: readonly string[], target: string, chosen: readonly string[] | undefined): string[] | undefined {
  return chosen?.filter((name) => name !== target && names.includes(name));
}

/**
 * Every column's best split against the request's target (the hover, Rank Columns and the profile
 * view): the file's settings, or the defaults when those do not fit the target (said in `note`).
 */
export function scoreColumns(dataset: Dataset, request: SplitRequest, curvePoints?: number): Pick<HoverData, 'target' | 'splits' | 'note' | 'ignored'> {
  const names = dataset.columns.map((c) => c.name);
  const target = request.target !== undefined && names.includes(request.target) ? request.target : names[names.length - 1];
  const ignore = present(names, target, request.ignore);
  const keep = present(names, target, request.keep)?.filter((name) => !ignore?.includes(name));
  const { minSamplesLeaf, minCategorySamples } = request;
  const options = { target, algorithm: request.algorithm, criterion: request.criterion, minSamplesLeaf, minCategorySamples, keep, ignore, curvePoints };
  let splits: SplitsReport | null = null;
  let note: string | null = null;
  try {
    splits = columnSplits(dataset, options);
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    if (err.code === 'bad-option') {
      // The file's settings do not fit this target (e.g. gini for a numeric one): the defaults do.
      try {
        splits = columnSplits(dataset, { target, minSamplesLeaf, minCategorySamples, keep, ignore, curvePoints });
        note = `${err.message}; showing ${splits.algorithm} with ${splits.criterion} instead`;
      } catch (again) {
        if (!(again instanceof InputError)) throw again;
        note = again.message;
      }
    } else {
      note = err.message;
    }
  }
  return { target, splits, note, ignored: ignore ?? [] };
}

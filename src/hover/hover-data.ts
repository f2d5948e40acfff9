// What the CSV hover knows about one version of a document, computed in the engine worker: the
// parsed data set, where each record starts (to map positions to cells), every column's profile
// and, against the current target, every column's best split. Plain data, no vscode.
import type { ColumnType, Dataset } from '../engine/dataset';
import { columnIndex } from '../engine/dataset';
import { InputError } from '../engine/errors';
import type { Algorithm, Criterion } from '../engine/model';
import { profileColumn, type ColumnProfile } from '../engine/profile';
import { columnSplits } from '../engine/splits/column-splits';
import type { SplitsReport } from '../engine/splits/types';

/** How the split scores are computed: the target and the tree settings that apply to the file. */
export interface SplitRequest {
  /** Remembered target; the last column when absent or no longer a column. */
  target?: string;
  algorithm?: Algorithm;
  criterion?: Criterion;
  minSamplesLeaf?: number;
  /** Columns the user keeps even when ID-like or constant (names the file may no longer have). */
  keep?: string[];
  /** Columns the user left out of training (file-choices.ts; names the file may no longer have). */
  ignore?: string[];
  /** The file's chosen column types (file-choices.ts), read by the hover job's parse. */
  types?: Readonly<Record<string, ColumnType>>;
  minCategorySamples?: number;
}

export interface HoverData {
  dataset: Dataset;
  /** 0-based line on which each record starts (the header is record 0). */
  recordStarts: Int32Array;
  profiles: ColumnProfile[];
  target: string;
  /** Null when the target cannot be split on (see `note`). */
  splits: SplitsReport | null;
  /** Why there are no split scores, or which settings had to be replaced; null when all is well. */
  note: string | null;
  /** Columns the user chose to ignore for this file: not scored. */
  ignored: string[];
}

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

// The messages between the extension host and the engine worker (src/worker.ts). Everything is
// structured-clone data: typed arrays travel as such, errors as plain records rebuilt on arrival.
import type { ColumnType, Dataset } from '../engine/dataset';

/** CSV content: the file's bytes, or the text of an editor with unsaved edits. */
export type CsvSource = { kind: 'bytes'; bytes: Uint8Array } | { kind: 'text'; text: string };

export interface LoadJob {
  source: CsvSource;
  /** Shown in error messages ("iris.csv: line 12 has …"). */
  fileName: string;
  /** Forced delimiter (a `.tsv` means tab); sniffed when absent. */
  delimiter?: string;
}

/** What the target QuickPick shows for one column. */
export interface ColumnSummary {
  name: string;
  type: ColumnType;
  distinct: number;
  missing: number;
}

export interface LoadResult {
  dataset: Dataset;
  columns: ColumnSummary[];
}

/** Progress the worker reports while it works. */
export type JobProgress = { phase: 'parse'; fraction: number } | { phase: 'train'; nodesGrown: number };

/** A failure as it crosses the thread boundary (InputError fields kept so the host can rebuild it). */
export interface WireError {
  name: string;
  message: string;
  code?: string;
  line?: number;
  column?: number;
  stack?: string;
}

export type ToWorker = { id: number; kind: string; job: unknown };

export type FromWorker =
  | { id: number; type: 'progress'; progress: JobProgress }
  | { id: number; type: 'done'; result: unknown }
  | { id: number; type: 'failed'; error: WireError };

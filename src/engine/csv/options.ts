// Options of the CSV reader (README "CSV input"). Shared by the streaming and the in-memory entry
// points.
import type { ColumnType } from '../dataset';
import type { DecimalMark } from './number-forms';

export interface CsvOptions {
  /** Field delimiter; sniffed among `,` `;` tab `|` when absent. One ASCII character. */
  readonly delimiter?: string;
  /** Tokens that mean "missing", compared case-insensitively; the empty field is always missing. */
  readonly missingTokens?: readonly string[];
  /** Per-column type overrides by header name (after blank/duplicate names are made unique). */
  readonly types?: Readonly<Record<string, ColumnType>>;
  /**
   * Types for the columns of these names that the file has (a model's features): unlike `types`,
   * a name the file lacks is no error, and `types` wins where both name a column.
   */
  readonly presentTypes?: Readonly<Record<string, ColumnType>>;
  /** Columns set to numeric whose values that are not numbers read as missing (`numeric:coerce`). */
  readonly coerce?: readonly string[];
  /** Ordinal columns' categories in order, lowest first (`ordinal:Low,Medium,High`). */
  readonly orders?: Readonly<Record<string, readonly string[]>>;
  /** Decimal mark; `,` for a `;` file and `.` otherwise when absent (README "Numbers in other forms"). */
  readonly decimal?: DecimalMark;
  readonly signal?: AbortSignal;
  /** Called with the number of bytes consumed so far (at most about every 1% when `totalBytes` is known). */
  readonly onProgress?: (bytesRead: number) => void;
  /** Size of the source in bytes, when known: sizes the column arrays up front and spaces out progress reports. */
  readonly totalBytes?: number;
  /**
   * Column arrays on SharedArrayBuffers: a forest's pool of worker threads then reads them as they
   * are instead of sharing a copy of every column (168 MB at 1M rows × 20 numbers).
   */
  readonly sharedMemory?: boolean;
}

export const DEFAULT_MISSING_TOKENS: readonly string[] = ['NA', 'N/A', 'NaN', 'null', '?'];

/** Candidate delimiters for sniffing, in order of preference when the evidence ties. */
export const SNIFF_DELIMITERS: readonly string[] = [',', ';', '\t', '|'];

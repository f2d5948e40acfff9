// The column profile view (README "Profile CSV Columns"): what the worker computes for it, and
// every message between its host (src/panel/profile-panel.ts) and its webview (webview/profile/).
// Messages from the webview are untrusted: `parseFromProfileView` checks each one.
import type { ColumnType } from '../engine/dataset';
import type { DatasetProfile } from '../engine/profile';
import type { Histogram } from '../engine/profile-histogram';
import type { SplitsReport } from '../engine/splits/types';

/** Everything the view shows of one CSV: the CLI's `profile --json`, charts, and split scores. */
export interface ProfileView {
  /** Exactly `profile --json` of the file read with its chosen column types. */
  profile: DatasetProfile;
  /** Per column (same order): a histogram of a numeric or date column, else null. */
  histograms: (Histogram | null)[];
  /** The target the split scores are against: the remembered one, else the last column. */
  target: string;
  /** Every column's best split against `target` (no curves); null when none (see `note`). */
  splits: SplitsReport | null;
  note: string | null;
  /** Columns ignored for training by the user's choice. */
  ignored: string[];
  /** Column types the user chose for the file (the others are detected). */
  types: Readonly<Record<string, ColumnType>>;
}

// ─── host → webview ─────────────────────────────────────────────────────────────────────────

export type ToProfileView = { type: 'show'; fileName: string; view: ProfileView } | { type: 'busy'; message: string } | { type: 'failed'; message: string };

// ─── webview → host ─────────────────────────────────────────────────────────────────────────

/** A card's choice: the target, ignore or use a column, read it as a type (null: detected). */
export type ProfileAction =
  | { type: 'setTarget'; column: string }
  | { type: 'ignore'; column: string; ignored: boolean }
  | { type: 'setType'; column: string; columnType: ColumnType | null };

export type FromProfileView = { type: 'ready' } | ProfileAction;

const COLUMN_TYPES: readonly ColumnType[] = ['numeric', 'categorical', 'boolean', 'date', 'ordinal'];
/** A column name from the page: a string of sane length (the host also checks it is a column). */
const isName = (v: unknown): v is string => typeof v === 'string' && v.length <= 10_000;

/** The message if it is one the view may send; undefined for anything else. */
export function parseFromProfileView(raw: unknown): FromProfileView | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const m = raw as Record<string, unknown>;
  switch (m.type) {
    case 'ready':
      return { type: 'ready' };
    case 'setTarget':
      return isName(m.column) ? { type: 'setTarget', column: m.column } : undefined;
    case 'ignore':
      return isName(m.column) && typeof m.ignored === 'boolean' ? { type: 'ignore', column: m.column, ignored: m.ignored } : undefined;
    case 'setType':
      if (!isName(m.column)) return undefined;
      if (m.columnType === null) return { type: 'setType', column: m.column, columnType: null };
      return COLUMN_TYPES.includes(m.columnType as ColumnType) ? { type: 'setType', column: m.column, columnType: m.columnType as ColumnType } : undefined;
    default:
      return undefined;
  }
}

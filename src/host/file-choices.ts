// What the user chose for a file (target column, "with Options…" answers), remembered in the
// workspace state so the next training of that file asks with the same defaults.
import type { ColumnChoice } from '../shared/column-choice';
import type { ForestSettings } from '../shared/forest-settings';
import type { TrainSettings } from '../shared/train-settings';
import type { ColumnTypes } from '../shared/worker-messages';

/** The part of vscode.Memento used here, so the logic is tested without VS Code. */
export interface ChoiceStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

export interface FileChoices {
  target?: string;
  options?: Partial<TrainSettings>;
  /**
   * The tree panel's own settings (its settings drawer), kept to make the panel's tree again after
   * a reload — never read by a training the user starts, which follows `options` and `decisionTree.*`.
   */
  panel?: Partial<TrainSettings>;
  /** "Train Random Forest with Options…" answers. */
  forestOptions?: Partial<ForestSettings>;
  /** Columns used even when ID-like or constant (the "Keep …" of left-out-offer.ts). */
  keep?: string[];
  /** Column types chosen with "Set Column Type…", by column name; other columns are detected. */
  types?: ColumnTypes;
  /** Columns left out of training, the hover's scores and the ranking (the profile view's "Ignore"). */
  ignore?: string[];
}

const keyOf = (fileKey: string) => `decisionTree.choices:${fileKey}`;

export function readChoices(store: ChoiceStore, fileKey: string): FileChoices {
  const saved = store.get<unknown>(keyOf(fileKey));
  return saved !== null && typeof saved === 'object' ? (saved as FileChoices) : {};
}

export async function rememberChoices(store: ChoiceStore, fileKey: string, choices: FileChoices): Promise<void> {
  await store.update(keyOf(fileKey), { ...readChoices(store, fileKey), ...choices });
}

/**
 * One "with Options…" memory (a tree's, a forest's): where its answers are kept, which settings it
 * asks, and the check remembered values pass (workspace state is untrusted).
 */
export interface OptionsMemory<S> {
  key: 'options' | 'forestOptions';
  asked: readonly (keyof S)[];
  valid(overrides: unknown): Partial<S>;
}

/** The settings a training of the file starts from: `configured` with the file's remembered answers over it. */
export function rememberedSettings<S extends object>(store: ChoiceStore, fileKey: string, memory: OptionsMemory<S>, configured: S): S {
  return { ...configured, ...memory.valid(readChoices(store, fileKey)[memory.key]) };
}

/**
 * Remembers what "with Options…" asked (and `also`, e.g. the target): only the asked settings
 * override later, so a setting the user never chose for this file still follows `decisionTree.*`.
 */
export async function rememberAnswers<S extends object>(store: ChoiceStore, fileKey: string, memory: OptionsMemory<S>, picked: S, also: FileChoices = {}): Promise<void> {
  const answers = Object.fromEntries(memory.asked.map((k) => [k, picked[k]]));
  await rememberChoices(store, fileKey, { ...also, [memory.key]: answers });
}

/** The remembered target if the file still has that column, else the last column. */
export function defaultTarget(choices: FileChoices, columnNames: readonly string[]): string | undefined {
  if (choices.target !== undefined && columnNames.includes(choices.target)) return choices.target;
  return columnNames[columnNames.length - 1];
}

/**
 * The file's column types with `column` set to `type` (undefined: detected again), keeping only
 * columns the file still has (`columnNames`), so a renamed column's old choice cannot fail a read.
 */
export function withColumnType(choices: FileChoices, columnNames: readonly string[], column: string, type: ColumnChoice | undefined): ColumnTypes {
  const types: Record<string, ColumnChoice> = {};
  for (const [name, t] of Object.entries(choices.types ?? {})) if (columnNames.includes(name)) types[name] = t;
  if (type === undefined) delete types[column];
  else types[column] = type;
  return types;
}

/** A remembered list of column names (workspace state is untrusted: anything but names is dropped). */
export function rememberedNames(choices: FileChoices, key: 'keep' | 'ignore'): string[] {
  const names: unknown = choices[key];
  return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
}

/** The remembered `key` columns the file still has (an unknown one would fail the training), target excluded. */
export function presentNames(choices: FileChoices, key: 'keep' | 'ignore', columnNames: readonly string[], target?: string): string[] {
  return rememberedNames(choices, key).filter((name) => name !== target && columnNames.includes(name));
}

/** `column` ignored (or used again): a column is never both ignored and kept. */
export function withIgnored(choices: FileChoices, column: string, ignored: boolean): Pick<FileChoices, 'ignore' | 'keep'> {
  const ignore = rememberedNames(choices, 'ignore').filter((name) => name !== column);
  const keep = rememberedNames(choices, 'keep').filter((name) => name !== column);
  return { ignore: ignored ? [...ignore, column] : ignore, keep };
}

/** The training's ignore and keep (TrainParams) from the file's choices: columns the file has, never the target, never both. */
export function trainingColumns(choices: FileChoices, columnNames: readonly string[], target: string): { ignore?: string[]; keep?: string[] } {
  const ignore = presentNames(choices, 'ignore', columnNames, target);
  const keep = presentNames(choices, 'keep', columnNames, target).filter((name) => !ignore.includes(name));
  return { ...(ignore.length > 0 ? { ignore } : {}), ...(keep.length > 0 ? { keep } : {}) };
}

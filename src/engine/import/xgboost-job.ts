// What the Dask training job (python/dask_train.py, docs/cli.md "Training on a Dask cluster")
// stores in the XGBoost model it saves, as the learner attribute `decision_tree_explorer` (a JSON
// text): the target's name, the class names in output order (class k is the k-th), each text
// column's categories in code order (code k is the k-th), and the held-out scores the cluster
// computed. XGBoost itself stores only class indices and category codes (docs/model-format.md
// "Models trained elsewhere"), so with this the model reads by name without a CSV to name it.
import { InputError } from '../errors';

export const JOB_ATTRIBUTE = 'decision_tree_explorer';

export interface JobNames {
  target: string;
  /** null: regression. */
  classes: string[] | null;
  /** Text columns' categories by column name, code order. */
  categories: Record<string, string[]>;
  /** The job's held-out scores (python/dask_train.py held_out_metrics), said with the model. */
  heldOut: string | null;
}

const bad = (message: string): InputError => new InputError('bad-model', `not a usable XGBoost model: its "${JOB_ATTRIBUTE}" attribute ${message}`);

const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The job's names from the learner's attributes; null when the model holds none (not trained by the job). */
export function jobNames(learner: Record<string, unknown>): JobNames | null {
  const attributes = learner.attributes;
  if (attributes === null || typeof attributes !== 'object' || !(JOB_ATTRIBUTE in attributes)) return null;
  const raw = (attributes as Record<string, unknown>)[JOB_ATTRIBUTE];
  let value: unknown;
  try {
    value = typeof raw === 'string' ? JSON.parse(raw) : null;
  } catch {
    throw bad('is not JSON');
  }
  if (value === null || typeof value !== 'object') throw bad('is not a JSON object');
  const { target, classes, categories, held_out: heldOut } = value as Record<string, unknown>;
  if (typeof target !== 'string' || target === '') throw bad('names no target');
  if (classes !== null && classes !== undefined && !isTextList(classes)) throw bad('has "classes" that are not a list of names');
  const named: Record<string, string[]> = {};
  if (categories !== undefined && categories !== null) {
    if (typeof categories !== 'object' || Array.isArray(categories)) throw bad('has "categories" that are not an object of lists');
    for (const [column, list] of Object.entries(categories)) {
      if (!isTextList(list)) throw bad(`has categories of "${column}" that are not a list of names`);
      named[column] = list;
    }
  }
  return { target, classes: classes ?? null, categories: named, heldOut: heldOutText(heldOut) };
}

const round = (v: unknown): string => String(Number(Number(v).toPrecision(4)));

/** "held-out accuracy 0.7941 on 68 rows (majority-class baseline 0.5147)", or R², RMSE and MAE. */
function heldOutText(m: unknown): string | null {
  if (m === null || typeof m !== 'object') return null;
  const r = m as Record<string, unknown>;
  if (typeof r.rows !== 'number' || r.rows <= 0) return null;
  if (typeof r.accuracy === 'number') return `held-out accuracy ${round(r.accuracy)} on ${r.rows} rows (majority-class baseline ${round(r.baseline)})`;
  if (typeof r.rmse === 'number') return `held-out R² ${r.r2 === null ? '—' : round(r.r2)}, RMSE ${round(r.rmse)}, MAE ${round(r.mae)} on ${r.rows} rows`;
  return null;
}

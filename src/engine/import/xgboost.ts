// XGBoost's model file (`save_model('m.json')` or `'m.ubj'`, schema doc/model.schema in XGBoost's
// repository) as an ImportedEnsemble: gbtree boosters (random-forest ones with num_parallel_tree > 1
// too) for the objectives below. XGBoost compares float32 values (`x < t`, categories in the
// node's set go right) and sums leaf values in float32 (docs/model-format.md "Models trained elsewhere").
import { InputError } from '../errors';
import type { ModelFeature, ModelSplit, Task } from '../model';
import { buildTree, type SourceNode, type TreeHead } from './build-tree';
import type { ImportedEnsemble, Link } from './ensemble';
import { below } from './float32';
import { jobNames } from './xgboost-job';

/** Objectives read: task, link, and how base_score becomes the base margin (XGBoost's ProbToMargin). */
const OBJECTIVES: Record<string, { task: Task; link: Link; margin: (p: number) => number }> = {
  'reg:squarederror': { task: 'regression', link: 'identity', margin: (p) => p },
  'reg:absoluteerror': { task: 'regression', link: 'identity', margin: (p) => p },
  'reg:pseudohubererror': { task: 'regression', link: 'identity', margin: (p) => p },
  'reg:logistic': { task: 'regression', link: 'logistic', margin: (p) => -Math.log(1 / p - 1) },
  'binary:logistic': { task: 'classification', link: 'logistic', margin: (p) => -Math.log(1 / p - 1) },
  'multi:softprob': { task: 'classification', link: 'softmax', margin: (p) => p },
  'multi:softmax': { task: 'classification', link: 'softmax', margin: (p) => p },
};

const bad = (message: string): InputError => new InputError('bad-model', `not a usable XGBoost model: ${message}`);

type Obj = Record<string, unknown>;

function field(o: unknown, key: string, where: string): unknown {
  if (o === null || typeof o !== 'object' || !(key in o)) throw bad(`${where} has no "${key}"`);
  return (o as Obj)[key];
}

function numbers(o: unknown, key: string, where: string): number[] {
  const v = field(o, key, where);
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'number')) throw bad(`${where}.${key} is not a list of numbers`);
  return v as number[];
}

function param(o: unknown, key: string, where: string): number {
  const raw = field(o, key, where);
  const v = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof v !== 'number' || Number.isNaN(v)) throw bad(`${where}.${key} is not a number`);
  return v;
}

/** Whether a parsed JSON or UBJSON value looks like an XGBoost model (has a learner). */
export const isXgboostModel = (value: unknown): boolean => value !== null && typeof value === 'object' && 'learner' in value;

export function readXgboost(value: unknown): ImportedEnsemble {
  const learner = field(value, 'learner', 'the file');
  const version = Array.isArray((value as Obj).version) ? ((value as Obj).version as number[]).join('.') : 'unknown version';
  const booster = field(learner, 'gradient_booster', 'learner') as Obj;
  const name = field(booster, 'name', 'gradient_booster');
  if (name === 'gblinear') throw bad('a gblinear (linear) booster has no trees; only gbtree boosters are read');
  if (name !== 'gbtree') throw bad(`booster "${String(name)}" is not supported; only gbtree boosters are read`);
  const objective = String(field(field(learner, 'objective', 'learner'), 'name', 'objective'));
  const known = OBJECTIVES[objective];
  if (known === undefined) throw bad(`objective "${objective}" is not supported (supported: ${Object.keys(OBJECTIVES).join(', ')})`);
  const lmp = field(learner, 'learner_model_param', 'learner');
  if ('num_target' in (lmp as Obj) && param(lmp, 'num_target', 'learner_model_param') > 1) throw bad('a multi-target model is not supported');
  const numClass = param(lmp, 'num_class', 'learner_model_param');
  const numFeature = param(lmp, 'num_feature', 'learner_model_param');
  const baseScore = Math.fround(param(lmp, 'base_score', 'learner_model_param'));

  const names = Array.isArray((learner as Obj).feature_names) ? ((learner as Obj).feature_names as string[]) : [];
  const types = Array.isArray((learner as Obj).feature_types) ? ((learner as Obj).feature_types as string[]) : [];
  const positional = names.length === 0;
  if (!positional && names.length !== numFeature) throw bad(`${names.length} feature names for ${numFeature} features`);
  const featureName = (f: number): string => (positional ? `f${f}` : names[f]);

  const model = field(booster, 'model', 'gradient_booster');
  const trees = field(model, 'trees', 'model');
  if (!Array.isArray(trees)) throw bad('model.trees is not a list');
  const treeInfo = numbers(model, 'tree_info', 'model');
  if (treeInfo.length !== trees.length) throw bad(`${trees.length} trees but ${treeInfo.length} tree_info entries`);
  const parallel = param(field(model, 'gbtree_model_param', 'model'), 'num_parallel_tree', 'gbtree_model_param');

  const task = known.task;
  const outputs = objective.startsWith('multi:') ? numClass : 1;
  if (objective.startsWith('multi:') && numClass < 2) throw bad(`objective ${objective} with num_class ${numClass}`);
  // Our Dask job's model names its target, classes and categories (xgboost-job.ts); any other holds indices and codes.
  const job = jobNames(learner as Obj);
  const classCount = outputs === 1 ? 2 : outputs;
  if (task === 'classification' && job?.classes && job.classes.length !== classCount) throw bad(`${job.classes.length} class names stored for ${classCount} classes`);
  const classes = task === 'classification' ? (job?.classes ?? Array.from({ length: classCount }, (_, k) => String(k))) : undefined;
  const target = job?.target ?? 'target';

  // Categorical features: the codes their splits name (the file names no categories).
  const maxCode = new Map<number, number>();
  const categorical = (f: number): boolean => types[f] === 'c';
  for (const t of trees as Obj[]) {
    const cats = Array.isArray(t.categories) ? (t.categories as number[]) : [];
    const idx = Array.isArray(t.split_indices) ? (t.split_indices as number[]) : [];
    const nodes = Array.isArray(t.categories_nodes) ? (t.categories_nodes as number[]) : [];
    const seg = Array.isArray(t.categories_segments) ? (t.categories_segments as number[]) : [];
    const size = Array.isArray(t.categories_sizes) ? (t.categories_sizes as number[]) : [];
    nodes.forEach((nid, j) => {
      for (let c = seg[j]; c < seg[j] + size[j]; c++) maxCode.set(idx[nid], Math.max(maxCode.get(idx[nid]) ?? 0, cats[c]));
    });
  }
  const categoriesOf = (f: number): string[] => {
    const codes = (maxCode.get(f) ?? 0) + 1;
    const named = job?.categories[featureName(f)];
    if (named === undefined) return codeNames(codes);
    if (named.length < codes) throw bad(`a split of "${featureName(f)}" names category code ${codes - 1}, and ${named.length} categories are stored`);
    return named;
  };
  const features: ModelFeature[] = Array.from({ length: numFeature }, (_, f) =>
    categorical(f) ? { name: featureName(f), type: 'categorical', categories: categoriesOf(f) } : { name: featureName(f), type: 'numeric' },
  );
  const head: TreeHead = { task: 'regression', target, features, library: 'XGBoost' };

  const built = (trees as unknown[]).map((t, i) => {
    const output = treeInfo[i];
    if (!Number.isInteger(output) || output < 0 || output >= outputs) throw bad(`tree ${i} adds to output ${output} of ${outputs}`);
    return readTree(head, t, i, features, output);
  });
  return {
    library: 'xgboost',
    description: `XGBoost ${version} gbtree${parallel > 1 ? ` (${parallel} parallel trees per round)` : ''}, objective ${objective}${job === null ? '' : `, trained on a Dask cluster${job.heldOut === null ? '' : `: ${job.heldOut}`}`}`,
    objective,
    task,
    target,
    targetNamed: job !== null,
    ...(classes === undefined ? {} : { classes }),
    classNames: job?.classes ? 'model' : 'indices',
    features,
    positional,
    unnamedCategories: features.filter((f, i) => f.type === 'categorical' && job?.categories[featureName(i)] === undefined).map((f) => f.name),
    trees: built,
    outputs,
    base: new Array<number>(outputs).fill(Math.fround(known.margin(baseScore))),
    average: false,
    link: known.link,
    scale: 1,
    float32: true,
    label: objective === 'binary:logistic' ? 'probability' : 'argmax',
  };
}

const codeNames = (n: number): string[] => Array.from({ length: n }, (_, c) => String(c));

function readTree(head: TreeHead, t: unknown, index: number, features: ModelFeature[], output: number) {
  const where = `tree ${index}`;
  const left = numbers(t, 'left_children', where);
  const right = numbers(t, 'right_children', where);
  const feature = numbers(t, 'split_indices', where);
  const cond = numbers(t, 'split_conditions', where);
  const defaultLeft = numbers(t, 'default_left', where);
  const hess = numbers(t, 'sum_hessian', where);
  const loss = numbers(t, 'loss_changes', where);
  const baseWeights = numbers(t, 'base_weights', where);
  const splitType = 'split_type' in (t as Obj) ? numbers(t, 'split_type', where) : [];
  const n = left.length;
  for (const [key, list] of [['right_children', right], ['split_indices', feature], ['split_conditions', cond], ['default_left', defaultLeft], ['sum_hessian', hess], ['loss_changes', loss], ['base_weights', baseWeights]] as const) {
    if (list.length !== n) throw bad(`${where}: ${key} has ${list.length} entries for ${n} nodes`);
  }
  if (n === 0) throw bad(`${where} has no nodes`);
  const catSets = new Map<number, number[]>();
  if (splitType.some((s) => s === 1)) {
    const cats = numbers(t, 'categories', where);
    const nodes = numbers(t, 'categories_nodes', where);
    const seg = numbers(t, 'categories_segments', where);
    const size = numbers(t, 'categories_sizes', where);
    nodes.forEach((nid, j) => catSets.set(nid, cats.slice(seg[j], seg[j] + size[j])));
  }
  const node = (id: number): SourceNode => {
    if (!Number.isInteger(id) || id < 0 || id >= n) throw bad(`${where}: child ${id} is not a node (0..${n - 1})`);
    const leaf = left[id] === -1;
    if (leaf) return { children: null, split: null, missingGoesTo: 0, value: Math.fround(cond[id]), cover: hess[id], gain: NaN };
    const f = features[feature[id]];
    if (f === undefined) throw bad(`${where}: node ${id} splits on feature ${feature[id]} of ${features.length}`);
    let split: ModelSplit;
    if (splitType[id] === 1) {
      const set = catSets.get(id);
      if (set === undefined || f.type !== 'categorical') throw bad(`${where}: node ${id} is a categorical split without categories, or on a numeric feature`);
      // Categories in the node's set go right, every other one left; code k is the feature's k-th category.
      const all = f.categories as string[];
      const right = new Set(set.map((code) => all[code]));
      split = { feature: f.name, kind: 'categorical', branches: [all.filter((c) => !right.has(c)), all.filter((c) => right.has(c))] };
    } else split = { feature: f.name, kind: 'numeric', threshold: below(Math.fround(cond[id])) };
    return { children: [left[id], right[id]], split, missingGoesTo: defaultLeft[id] === 1 ? 0 : 1, value: Math.fround(baseWeights[id]), cover: hess[id], gain: loss[id] };
  };
  return buildTree(head, index, 0, node, output);
}

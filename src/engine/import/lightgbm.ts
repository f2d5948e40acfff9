// LightGBM's text model (`save_model('m.txt')`; the layout is LightGBM's GBDT::SaveModelToString
// and Tree::ToString) as an ImportedEnsemble: gbdt and rf boosting, numeric and categorical splits,
// the three missing-value types. LightGBM compares float64 values (`x ≤ t`; categories in the
// node's bitset go left, missing and negative ones right) and sums leaf values in float64
// (docs/model-format.md "Models trained elsewhere").
import { InputError } from '../errors';
import type { ModelFeature, ModelSplit, Task } from '../model';
import { buildTree, type SourceNode, type TreeHead } from './build-tree';
import type { ImportedEnsemble, Link } from './ensemble';
import { prevDouble } from './float32';

/** LightGBM's kZeroThreshold: |x| ≤ it counts as zero. */
const ZERO = 1e-35;
/** The largest float64 below −1e-35: `x ≤` it is `x < −1e-35`. */
const belowNegativeZero = prevDouble(-ZERO);

const bad = (message: string, line?: number): InputError => new InputError('bad-model', `not a usable LightGBM model: ${line === undefined ? '' : `line ${line}: `}${message}`, line);

/** Objectives read (the first word of the `objective=` line), and their link. */
const OBJECTIVES: Record<string, { task: Task; link: Link }> = {
  regression: { task: 'regression', link: 'identity' },
  regression_l1: { task: 'regression', link: 'identity' },
  huber: { task: 'regression', link: 'identity' },
  fair: { task: 'regression', link: 'identity' },
  quantile: { task: 'regression', link: 'identity' },
  mape: { task: 'regression', link: 'identity' },
  poisson: { task: 'regression', link: 'exp' },
  gamma: { task: 'regression', link: 'exp' },
  tweedie: { task: 'regression', link: 'exp' },
  binary: { task: 'classification', link: 'logistic' },
  multiclass: { task: 'classification', link: 'softmax' },
};

/** Whether a text file looks like a LightGBM model (its first line). */
export const isLightgbmText = (text: string): boolean => /^(tree|version=v\d)\r?\n/.test(text.slice(0, 20));

interface Block {
  line: number;
  values: Map<string, string>;
}

/** key=value lines, grouped: the header, then one block per `Tree=N`, up to `end of trees`. */
function blocks(lines: string[]): { header: Block; trees: Block[]; rest: number } {
  const header: Block = { line: 1, values: new Map() };
  const trees: Block[] = [];
  let current = header;
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (line === 'end of trees') return { header, trees, rest: i + 1 };
    if (line === '' || line === 'tree') continue;
    const eq = line.indexOf('=');
    if (eq < 0) {
      // Flags without a value (average_output).
      current.values.set(line, '');
      continue;
    }
    const key = line.slice(0, eq);
    if (key === 'Tree') {
      current = { line: i + 1, values: new Map() };
      trees.push(current);
    }
    current.values.set(key, line.slice(eq + 1));
  }
  throw bad('no "end of trees" line: the file is truncated or not a LightGBM model');
}

export function readLightgbm(text: string): ImportedEnsemble {
  const lines = text.split('\n');
  const { header, trees, rest } = blocks(lines);
  const h = (key: string): string => {
    const v = header.values.get(key);
    if (v === undefined) throw bad(`the header has no ${key}=`);
    return v;
  };
  const version = header.values.get('version') ?? 'v?';
  const objectiveLine = h('objective');
  const [objective, ...objectiveParams] = objectiveLine.split(' ');
  const known = OBJECTIVES[objective];
  if (known === undefined) throw bad(`objective "${objective}" is not supported (supported: ${Object.keys(OBJECTIVES).join(', ')})`);
  const sigmoid = objectiveParams.find((p) => p.startsWith('sigmoid:'));
  const numClass = Number(h('num_class'));
  const perIteration = Number(h('num_tree_per_iteration'));
  const names = h('feature_names').split(' ');
  const infos = h('feature_infos').split(' ');
  const featureCount = Number(h('max_feature_idx')) + 1;
  if (names.length !== featureCount || infos.length !== featureCount) throw bad(`${names.length} feature names and ${infos.length} feature infos for ${featureCount} features`);
  if (trees.length === 0) throw bad('the file holds no trees');
  if (trees.length % perIteration !== 0) throw bad(`${trees.length} trees is not a whole number of iterations of ${perIteration}`);

  // pandas_categorical: the category names of the categorical columns, in column order.
  const footer = lines.slice(rest).find((l) => l.startsWith('pandas_categorical:'));
  let pandas: unknown = null;
  if (footer !== undefined) {
    try {
      pandas = JSON.parse(footer.slice('pandas_categorical:'.length));
    } catch {
      throw bad('the pandas_categorical line is not JSON');
    }
  }
  const pandasLists = Array.isArray(pandas) ? (pandas as unknown[]) : [];
  let categoricalSeen = 0;
  const features: ModelFeature[] = names.map((name, f) => {
    const info = infos[f];
    if (info === 'none' || info.startsWith('[')) return { name, type: 'numeric' };
    // A categorical feature's info lists its integer codes: "0:3:1".
    const codes = info.split(':').map(Number);
    const named = pandasLists[categoricalSeen++];
    const categories = Array.isArray(named) ? named.map(String) : Array.from({ length: Math.max(...codes) + 1 }, (_, c) => String(c));
    return { name, type: 'categorical', categories };
  });
  const positional = names.every((n, f) => n === `Column_${f}`);

  const task = known.task;
  const outputs = task === 'classification' && objective === 'multiclass' ? numClass : 1;
  const classes = task === 'classification' ? Array.from({ length: outputs === 1 ? 2 : outputs }, (_, k) => String(k)) : undefined;
  const head: TreeHead = { task: 'regression', target: 'target', features, library: 'LightGBM' };
  // With use_missing=false training read NaN as 0, so missing_type None no longer says no row was missing.
  const useMissing = !lines.slice(rest).some((l) => l.trim() === '[use_missing: 0]');
  const built = trees.map((block, i) => readTree(head, block, i, features, i % perIteration, useMissing));
  return {
    library: 'lightgbm',
    description: `LightGBM ${version} ${header.values.has('average_output') ? 'random forest (rf)' : 'gbdt'}, objective ${objectiveLine}`,
    objective,
    task,
    target: 'target',
    targetNamed: false,
    ...(classes === undefined ? {} : { classes }),
    classNames: 'indices',
    features,
    positional,
    unnamedCategories: [],
    trees: built,
    outputs,
    base: new Array<number>(outputs).fill(0),
    average: header.values.has('average_output'),
    link: known.link,
    scale: sigmoid === undefined ? 1 : Number(sigmoid.slice('sigmoid:'.length)),
    float32: false,
    label: 'argmax',
  };
}

/** A number as LightGBM writes it: C++ streams spell infinities "inf" and "-inf". */
const lightgbmNumber = (word: string): number => (word === 'inf' ? Infinity : word === '-inf' ? -Infinity : word === 'nan' ? NaN : Number(word));

function readTree(head: TreeHead, block: Block, index: number, features: ModelFeature[], output: number, useMissing: boolean) {
  const get = (key: string): string => {
    const v = block.values.get(key);
    if (v === undefined) throw bad(`tree ${index} has no ${key}=`, block.line);
    return v;
  };
  const list = (key: string, count: number): number[] => {
    const raw = block.values.get(key);
    const v = raw === undefined || raw === '' ? [] : raw.split(' ').map(lightgbmNumber);
    if (v.length !== count || v.some((x) => Number.isNaN(x))) throw bad(`tree ${index}: ${key} has ${v.length} numbers, ${count} expected`, block.line);
    return v;
  };
  if (block.values.get('is_linear') === '1') throw bad(`tree ${index} is a linear tree (linear_tree=true): its leaves are linear models, which this reader does not support`, block.line);
  const leaves = Number(get('num_leaves'));
  if (!Number.isInteger(leaves) || leaves < 1) throw bad(`tree ${index}: num_leaves=${get('num_leaves')}`, block.line);
  const leafValue = list('leaf_value', leaves);
  const leafCount = block.values.has('leaf_count') ? list('leaf_count', leaves) : new Array<number>(leaves).fill(0);
  if (leaves === 1) {
    // A single leaf (a constant tree).
    return buildTree(head, index, -1, () => ({ children: null, split: null, missingGoesTo: 0, value: leafValue[0], cover: leafCount[0], gain: NaN }), output);
  }
  const inner = leaves - 1;
  const feature = list('split_feature', inner);
  const gain = list('split_gain', inner);
  const threshold = list('threshold', inner);
  const decision = list('decision_type', inner);
  const left = list('left_child', inner);
  const right = list('right_child', inner);
  const internalValue = block.values.has('internal_value') ? list('internal_value', inner) : new Array<number>(inner).fill(NaN);
  const internalCount = block.values.has('internal_count') ? list('internal_count', inner) : new Array<number>(inner).fill(0);
  const numCat = Number(block.values.get('num_cat') ?? '0');
  const catBoundaries = numCat > 0 ? list('cat_boundaries', numCat + 1) : [];
  const catThreshold = numCat > 0 ? list('cat_threshold', catBoundaries[numCat]) : [];

  // Source ids: inner node i is i, leaf l is ~l (LightGBM's own child encoding), and the nodes
  // standing in for a zero-as-missing split i below ~(leaves − 1): `synthetic(i, part)`.
  const synthetic = (i: number, part: number): number => -leaves - 1 - (i * 4 + part);
  const stand = new Map<number, SourceNode>();
  /**
   * A zero-as-missing split that sends zero (and NaN) across its threshold `t`, as our splits can
   * say it: x < −1e-35 ? (x ≤ t ? left : right) : x ≤ 1e-35 or missing ? default : (x ≤ t ? left : right).
   * The children's subtrees are copied where they appear twice.
   */
  const zeroAgainstThreshold = (id: number, feature: string, t: number, defaultChild: number): SourceNode => {
    const parts = { cover: internalCount[id], gain: gain[id], sourceId: id, value: internalValue[id] };
    const byThreshold: SourceNode = { ...parts, children: [left[id], right[id]], split: { feature, kind: 'numeric', threshold: t }, missingGoesTo: 1 };
    stand.set(synthetic(id, 1), byThreshold);
    stand.set(synthetic(id, 3), byThreshold);
    stand.set(synthetic(id, 2), { ...parts, children: [defaultChild, synthetic(id, 3)], split: { feature, kind: 'numeric', threshold: ZERO }, missingGoesTo: 0 });
    return { ...parts, children: [synthetic(id, 1), synthetic(id, 2)], split: { feature, kind: 'numeric', threshold: belowNegativeZero }, missingGoesTo: 1 };
  };
  const node = (id: number): SourceNode => {
    const standing = stand.get(id);
    if (standing !== undefined) return standing;
    if (id < 0) {
      const leaf = ~id;
      if (leaf >= leaves) throw bad(`tree ${index}: leaf ${leaf} of ${leaves}`, block.line);
      return { children: null, split: null, missingGoesTo: 0, value: leafValue[leaf], cover: leafCount[leaf], gain: NaN };
    }
    if (id >= inner) throw bad(`tree ${index}: node ${id} of ${inner}`, block.line);
    const f = features[feature[id]];
    if (f === undefined) throw bad(`tree ${index}: node ${id} splits on feature ${feature[id]} of ${features.length}`, block.line);
    const d = decision[id];
    const categorical = (d & 1) === 1;
    const defaultLeft = (d & 2) === 2;
    const missingType = (d >> 2) & 3;
    let split: ModelSplit;
    let missingGoesTo: 0 | 1;
    if (categorical) {
      const c = threshold[id];
      if (!Number.isInteger(c) || c < 0 || c >= numCat || f.type !== 'categorical') throw bad(`tree ${index}: node ${id} is a categorical split with category set ${c} on a ${f.type} feature`, block.line);
      const words = catThreshold.slice(catBoundaries[c], catBoundaries[c + 1]);
      const all = f.categories as string[];
      const inSet = (code: number): boolean => (words[code >> 5] ?? 0) & (1 << (code & 31)) ? true : false;
      split = { feature: f.name, kind: 'categorical', branches: [all.filter((_, code) => inSet(code)), all.filter((_, code) => !inSet(code))] };
      // Missing values and categories outside the set go right.
      missingGoesTo = 1;
    } else {
      const t = threshold[id];
      split = { feature: f.name, kind: 'numeric', threshold: t };
      if (missingType === 2) missingGoesTo = defaultLeft ? 0 : 1;
      else if (missingType === 0) missingGoesTo = 0 <= t ? 0 : 1; // NaN is read as 0
      else {
        // Zero as missing: NaN and |x| ≤ 1e-35 take the default side; exact as one split when zero is on that side anyway.
        const zeroSide = ZERO <= t ? 0 : -ZERO > t ? 1 : -1;
        if (zeroSide !== (defaultLeft ? 0 : 1)) return zeroAgainstThreshold(id, f.name, t, defaultLeft ? left[id] : right[id]);
        missingGoesTo = zeroSide;
      }
    }
    // missing_type None (use_missing on): the training data had no missing value of this feature
    // at all, so none reached this split. NaN (or Zero) says some row somewhere had one, not that
    // one reached here: not known (docs/model-format.md "Models trained elsewhere").
    const sawMissing = useMissing && !categorical && missingType === 0 ? { sawMissing: false } : {};
    return { children: [left[id], right[id]], split, missingGoesTo, ...sawMissing, value: internalValue[id], cover: internalCount[id], gain: gain[id] };
  };
  // Each zero-as-missing rewrite adds two levels.
  return buildTree(head, index, 0, node, output, { maxDepth: 3 * inner });
}

// Plain-text wording of a tree node: its condition, impurity, counts and branch labels. Shared by
// the Mermaid renderer, the webview's details pane and the exporters, so all say the same thing.
import { isPresenceThreshold, type Criterion, type ModelNode, type ModelSplit, type TreeModel } from '../../engine/model';
import { type FeatureKind, featureOf, valueText } from '../../engine/feature-text';
import { formatNumber as formatRuleNumber } from '../../engine/number-text';
import { criterionSpec } from '../../engine/tree/criteria';

/** A number with at most `significant` significant digits, without trailing zeros. */
export function formatNumber(x: number, significant = 4): string {
  if (!Number.isFinite(x)) return String(x);
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return String(x);
  return String(Number(x.toPrecision(significant)));
}

/** Thresholds keep six digits, as the rules do: `≤ 20.995` must not read as `≤ 21`. */
export const formatThreshold: (t: number) => string = formatRuleNumber;

/** The impurity named by its criterion: `gini = 0.42`, `entropy = 0.971 bits`, `mse = 3.1`. */
export function impurityText(criterion: Criterion, impurity: number): string {
  const spec = criterionSpec(criterion);
  return `${spec.impurityName} = ${formatNumber(impurity, 3)}${spec.units}`;
}

/** `{a, b}` or, for a single category, just `a`; long sets are cut with a count of the rest. */
export function categorySetText(values: readonly string[], maxShown = 4): string {
  if (values.length === 1) return values[0];
  const shown = values.length > maxShown ? values.slice(0, maxShown - 1) : values;
  const rest = values.length - shown.length;
  return `{${shown.join(', ')}${rest > 0 ? `, … +${rest}` : ''}}`;
}

/** The question a decision node asks. Categorical splits name the feature; edges carry the sets. `feature` shows dates and ordinal categories (feature-text.ts). */
export function conditionText(split: ModelSplit, feature?: FeatureKind): string {
  if (split.kind !== 'numeric') return split.feature;
  return isPresenceThreshold(split.threshold) ? `${split.feature} is present` : `${split.feature} ≤ ${valueText(feature, split.threshold, formatThreshold)}`;
}

/** Label of the edge to child `branch` of a split; a "missing vs present" split's read `is present` / `is missing`. */
export function branchText(split: ModelSplit, branch: number, feature?: FeatureKind): string {
  if (split.kind === 'numeric' && isPresenceThreshold(split.threshold)) return branch === 0 ? 'is present' : 'is missing';
  if (split.kind === 'numeric') return `${branch === 0 ? '≤' : '>'} ${valueText(feature, split.threshold, formatThreshold)}`;
  const values = split.branches[branch] ?? [];
  return values.length === 1 ? `= ${values[0]}` : `∈ ${categorySetText(values)}`;
}

/** One condition of the rule leading to a child, e.g. `petal_length > 2.45`, `outlook ∈ {rain, overcast}`. */
export function ruleConditionText(split: ModelSplit, branch: number, feature?: FeatureKind): string {
  return `${split.feature} ${branchText(split, branch, feature)}`;
}

/** Share of the majority class (classification), in [0, 1]; 1 for an empty node. */
export function purity(node: ModelNode): number {
  if (!Array.isArray(node.value)) return 1;
  let max = 0;
  let sum = 0;
  for (const c of node.value) {
    sum += c;
    if (c > max) max = c;
  }
  return sum > 0 ? max / sum : 1;
}

/** Index of the majority class (first on ties, as scikit-learn's argmax), or −1 for regression. */
export function majorityClass(node: ModelNode): number {
  if (!Array.isArray(node.value)) return -1;
  let best = 0;
  for (let i = 1; i < node.value.length; i++) if (node.value[i] > node.value[best]) best = i;
  return best;
}

function countsText(value: readonly number[]): string {
  return `value = [${value.map((c) => formatNumber(c)).join(', ')}]`;
}

function predictionText(node: ModelNode): string {
  return typeof node.prediction === 'number' ? `value = ${formatNumber(node.prediction)}` : node.prediction;
}

/**
 * A node's rows: a tree trained with weights says their weight (its counts and impurities are of
 * the weight); a forest's tree on a bootstrap draw says the distinct rows and the draws with their
 * repeats, which its counts are of ("samples = 91 (weight 150)" read as a mystery).
 */
export function samplesText(model: TreeModel, node: ModelNode): string {
  if (node.weightedSamples === undefined) return `samples = ${node.samples}`;
  if (model.weightsAreDraws) return `samples = ${node.samples} distinct rows, ${formatNumber(node.weightedSamples)} with repeats`;
  return `samples = ${node.samples} (weight ${formatNumber(node.weightedSamples)})`;
}

/** Lines shown in a node, unescaped: decision nodes ask their question, leaves state the answer. */
export function nodeLines(model: TreeModel, node: ModelNode): string[] {
  if (model.importedFrom !== undefined) return importedLines(node);
  const impurity = impurityText(model.params.criterion, node.impurity);
  const samples = samplesText(model, node);
  if (node.split) {
    const lines = [conditionText(node.split, featureOf(model, node.split.feature)), samples, impurity];
    lines.push(Array.isArray(node.value) ? countsText(node.value) : `value = ${formatNumber(node.value)}`);
    return lines;
  }
  if (Array.isArray(node.value)) {
    return [predictionText(node), samples, `purity = ${formatNumber(purity(node) * 100, 3)}%`];
  }
  return [predictionText(node), samples, impurity];
}

/**
 * A node of a tree trained elsewhere (docs/model-format.md "Models trained elsewhere"): its library
 * stores a cover (XGBoost: the sum of hessians; LightGBM: rows; ONNX: none) and each split's gain,
 * no impurity; a regression tree's leaf value is the raw score it adds, a classifier's the weight
 * it adds to each class.
 */
function importedLines(node: ModelNode): string[] {
  const cover = node.samples > 0 ? [`cover = ${formatNumber(node.samples)}`] : [];
  const value = Array.isArray(node.value) ? `weights = [${node.value.map((c) => formatNumber(c)).join(', ')}]` : `value = ${formatNumber(node.value)}`;
  if (node.split) return [conditionText(node.split), ...cover, ...(node.gain === undefined ? [] : [`gain = ${formatNumber(node.gain)}`])];
  return Array.isArray(node.value) ? [predictionText(node), ...cover, value] : [value, ...cover];
}

/** The conditions from the root to `nodeId`, in order (empty for the root). */
export function ruleTo(model: TreeModel, nodeId: number): string[] {
  const parent = parentIndex(model);
  const conditions: string[] = [];
  for (let id = nodeId; parent[id] >= 0; id = parent[id]) {
    const p = model.nodes[parent[id]];
    if (p.split) conditions.push(ruleConditionText(p.split, p.children.indexOf(id), featureOf(model, p.split.feature)));
  }
  return conditions.reverse();
}

/** parent[id] of every node, −1 for the root (and for nodes not sent to the webview yet). */
export function parentIndex(model: TreeModel): Int32Array {
  const parent = new Int32Array(model.nodes.length).fill(-1);
  for (const node of model.nodes) if (node) for (const c of node.children) parent[c] = node.id;
  return parent;
}

/** The node ids from the root down to `nodeId`. */
export function pathTo(model: TreeModel, nodeId: number): number[] {
  const parent = parentIndex(model);
  const path: number[] = [];
  for (let id = nodeId; id >= 0; id = parent[id]) path.push(id);
  return path.reverse();
}

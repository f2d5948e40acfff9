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

/**
 * How a label writes a number it has already worded (`5.45`, `-0.5`): the CLI, model files, exports
 * and Markdown formulas keep the decimal point (`PLAIN`, every function's default); a page passes
 * its language's decimal mark (webview/l10n.ts `labelNumber`), so Italian and Finnish read `≤ 5,45`.
 */
export type NumberStyle = (plain: string) => string;
export const PLAIN: NumberStyle = (plain) => plain;

const styles = new Map<string, NumberStyle>();

/** The NumberStyle of a language tag: its decimal mark (`,` for `it` and `fi`), PLAIN where that is the point. */
export function numberStyleOf(language: string): NumberStyle {
  let style = styles.get(language);
  if (style === undefined) {
    const mark = new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    styles.set(language, (style = mark === '.' ? PLAIN : (plain) => plain.replace('.', mark)));
  }
  return style;
}

/** `x` worded by `formatNumber` (`significant` digits), in `style`. */
export function styledNumber(x: number, style: NumberStyle = PLAIN, significant = 4): string {
  return style(formatNumber(x, significant));
}

/** The impurity named by its criterion: `gini = 0.42`, `entropy = 0.971 bits`, `mse = 3.1`. */
export function impurityText(criterion: Criterion, impurity: number, style: NumberStyle = PLAIN): string {
  const spec = criterionSpec(criterion);
  return `${spec.impurityName} = ${styledNumber(impurity, style, 3)}${spec.units}`;
}

/** `{a, b}` or, for a single category, just `a`; long sets are cut with a count of the rest. */
export function categorySetText(values: readonly string[], maxShown = 4): string {
  if (values.length === 1) return values[0];
  const shown = values.length > maxShown ? values.slice(0, maxShown - 1) : values;
  const rest = values.length - shown.length;
  return `{${shown.join(', ')}${rest > 0 ? `, … +${rest}` : ''}}`;
}

/** The question a decision node asks. Categorical splits name the feature; edges carry the sets. `feature` shows dates and ordinal categories (feature-text.ts). */
export function conditionText(split: ModelSplit, feature?: FeatureKind, style: NumberStyle = PLAIN): string {
  if (split.kind !== 'numeric') return split.feature;
  return isPresenceThreshold(split.threshold) ? `${split.feature} is present` : `${split.feature} ≤ ${thresholdText(feature, split.threshold, style)}`;
}

/** A threshold as `valueText` words it (a date, an ordinal category), a plain number in `style`. */
function thresholdText(feature: FeatureKind | undefined, threshold: number, style: NumberStyle): string {
  return valueText(feature, threshold, (x) => style(formatThreshold(x)));
}

/** Label of the edge to child `branch` of a split; a "missing vs present" split's read `is present` / `is missing`. */
export function branchText(split: ModelSplit, branch: number, feature?: FeatureKind, style: NumberStyle = PLAIN): string {
  if (split.kind === 'numeric' && isPresenceThreshold(split.threshold)) return branch === 0 ? 'is present' : 'is missing';
  if (split.kind === 'numeric') return `${branch === 0 ? '≤' : '>'} ${thresholdText(feature, split.threshold, style)}`;
  const values = split.branches[branch] ?? [];
  return values.length === 1 ? `= ${values[0]}` : `∈ ${categorySetText(values)}`;
}

/** One condition of the rule leading to a child, e.g. `petal_length > 2.45`, `outlook ∈ {rain, overcast}`. */
export function ruleConditionText(split: ModelSplit, branch: number, feature?: FeatureKind, style: NumberStyle = PLAIN): string {
  return `${split.feature} ${branchText(split, branch, feature, style)}`;
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

function countsText(value: readonly number[], style: NumberStyle): string {
  // A comma already separates the counts: in a decimal-comma language they are separated by `; `.
  return `value = [${value.map((c) => styledNumber(c, style)).join(style === PLAIN ? ', ' : '; ')}]`;
}

function predictionText(node: ModelNode, style: NumberStyle): string {
  return typeof node.prediction === 'number' ? `value = ${styledNumber(node.prediction, style)}` : node.prediction;
}

/**
 * A node's rows: a tree trained with weights says their weight (its counts and impurities are of
 * the weight); a forest's tree on a bootstrap draw says the distinct rows and the draws with their
 * repeats, which its counts are of ("samples = 91 (weight 150)" read as a mystery).
 */
export function samplesText(model: TreeModel, node: ModelNode, style: NumberStyle = PLAIN): string {
  if (node.weightedSamples === undefined) return `samples = ${node.samples}`;
  if (model.weightsAreDraws) return `samples = ${node.samples} distinct rows, ${styledNumber(node.weightedSamples, style)} with repeats`;
  return `samples = ${node.samples} (weight ${styledNumber(node.weightedSamples, style)})`;
}

/** Lines shown in a node, unescaped: decision nodes ask their question, leaves state the answer. */
export function nodeLines(model: TreeModel, node: ModelNode, style: NumberStyle = PLAIN): string[] {
  if (model.importedFrom !== undefined) return importedLines(node, style);
  const impurity = impurityText(model.params.criterion, node.impurity, style);
  const samples = samplesText(model, node, style);
  if (node.split) {
    const lines = [conditionText(node.split, featureOf(model, node.split.feature), style), samples, impurity];
    lines.push(Array.isArray(node.value) ? countsText(node.value, style) : `value = ${styledNumber(node.value, style)}`);
    return lines;
  }
  if (Array.isArray(node.value)) {
    return [predictionText(node, style), samples, `purity = ${styledNumber(purity(node) * 100, style, 3)}%`];
  }
  return [predictionText(node, style), samples, impurity];
}

/**
 * A node of a tree trained elsewhere (docs/model-format.md "Models trained elsewhere"): its library
 * stores a cover (XGBoost: the sum of hessians; LightGBM: rows; ONNX: none) and each split's gain,
 * no impurity; a regression tree's leaf value is the raw score it adds, a classifier's the weight
 * it adds to each class.
 */
function importedLines(node: ModelNode, style: NumberStyle): string[] {
  const cover = node.samples > 0 ? [`cover = ${styledNumber(node.samples, style)}`] : [];
  const value = Array.isArray(node.value) ? `weights = [${node.value.map((c) => styledNumber(c, style)).join(style === PLAIN ? ', ' : '; ')}]` : `value = ${styledNumber(node.value, style)}`;
  if (node.split) return [conditionText(node.split, undefined, style), ...cover, ...(node.gain === undefined ? [] : [`gain = ${styledNumber(node.gain, style)}`])];
  return Array.isArray(node.value) ? [predictionText(node, style), ...cover, value] : [value, ...cover];
}

/** The conditions from the root to `nodeId`, in order (empty for the root). */
export function ruleTo(model: TreeModel, nodeId: number, style: NumberStyle = PLAIN): string[] {
  const parent = parentIndex(model);
  const conditions: string[] = [];
  for (let id = nodeId; parent[id] >= 0; id = parent[id]) {
    const p = model.nodes[parent[id]];
    if (p.split) conditions.push(ruleConditionText(p.split, p.children.indexOf(id), featureOf(model, p.split.feature), style));
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

// Whether a split the user chose can stand at a node (docs/cli.md "Editing a tree"): a feature of the tree
// (not the target, an ignored or a left-out column), of the split's kind; a numeric threshold
// inside the range of the node's values; for categories, two non-empty sets of known categories
// that do not overlap (ID3/C4.5: two or more). Each refusal is an InputError saying what to change.
import { type Dataset, columnCells, columnIndex, isNumeric, isOrderedType } from '../dataset';
import { InputError } from '../errors';
import { isPresenceThreshold, type ModelSplit, type TreeModel } from '../model';
import { formatNumber } from '../number-text';

function refuse(problem: string): never {
  throw new InputError('bad-option', problem);
}

function checkFeature(model: TreeModel, split: ModelSplit): void {
  const name = split.feature;
  const p = model.params;
  if (name === model.target) refuse(`cannot split on "${name}": it is the target`);
  if ((p.ignore ?? []).includes(name)) refuse(`cannot split on "${name}": the column is ignored (train without ignoring it first)`);
  const leftOut = (p.leftOut ?? []).find((c) => c.column === name);
  if (leftOut !== undefined) refuse(`cannot split on "${name}": it was left out as ${leftOut.reason} (train with it kept first)`);
  const feature = model.features.find((f) => f.name === name);
  if (feature === undefined) refuse(`the tree has no feature "${name}" (features: ${model.features.map((f) => f.name).join(', ')})`);
  const numericFeature = isOrderedType(feature.type);
  if (numericFeature !== (split.kind === 'numeric')) {
    refuse(`"${name}" is ${feature.type}: split it ${numericFeature ? 'by a threshold (COL<=T)' : 'by a set of categories (COL in a,b)'}`);
  }
}

/** Smallest and largest present value (numeric) or code (ordinal) of the column in `rows`. */
function rangeOf(rows: Dataset, name: string): [number, number] {
  const column = rows.columns[columnIndex(rows, name)];
  const values: ArrayLike<number> = columnCells(column);
  let lo = Infinity;
  let hi = -Infinity;
  for (let r = 0; r < rows.rowCount; r++) {
    const v = values[r];
    if (Number.isNaN(v) || (!isNumeric(column) && v < 0)) continue;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return [lo, hi];
}

function checkNumber(split: Extract<ModelSplit, { kind: 'numeric' }>): void {
  const t = split.threshold;
  if (typeof t !== 'number' || Number.isNaN(t) || t === -Infinity) refuse(`the threshold of "${split.feature}" must be a number`);
}

function checkThreshold(rows: Dataset, nodeId: number, split: Extract<ModelSplit, { kind: 'numeric' }>): void {
  checkNumber(split);
  const t = split.threshold;
  if (isPresenceThreshold(t)) return;
  const [lo, hi] = rangeOf(rows, split.feature);
  if (!(t >= lo && t < hi)) {
    const range = lo > hi ? 'no values there' : `${formatNumber(lo)} … ${formatNumber(hi)}`;
    refuse(`threshold ${formatNumber(t)} is outside the range of "${split.feature}" at node ${nodeId} (${range}): every row would go the same way`);
  }
}

function checkCategories(model: TreeModel, split: Extract<ModelSplit, { kind: 'categorical' }>): void {
  const known = new Set(model.features.find((f) => f.name === split.feature)?.categories ?? []);
  // CART splits in two; ID3/C4.5 in a branch per category (or per set of them).
  const multiway = (model.params.algorithm ?? 'cart') !== 'cart';
  if (!Array.isArray(split.branches) || (multiway ? split.branches.length < 2 : split.branches.length !== 2)) refuse(`a split of "${split.feature}" needs ${multiway ? 'at least ' : ''}two category sets`);
  if (split.branches.some((b) => b.length === 0)) refuse(`a category set of "${split.feature}" is empty: tick at least one category on each side`);
  const seen = new Set<string>();
  for (const name of split.branches.flat()) {
    if (!known.has(name)) refuse(`"${name}" is not a category of "${split.feature}" (${[...known].join(', ')})`);
    if (seen.has(name)) refuse(`"${name}" is in both category sets of "${split.feature}"`);
    seen.add(name);
  }
}

/**
 * Throws InputError unless `split` can replace the split at `nodeId`; `rows`: the training rows
 * reaching it, null when its cases are not whole rows (ID3/C4.5: multiway-regrow.ts then refuses a
 * split that sends every case one way).
 */
export function checkSplit(model: TreeModel, nodeId: number, rows: Dataset | null, split: ModelSplit): void {
  checkFeature(model, split);
  if (split.kind === 'numeric' && rows !== null) checkThreshold(rows, nodeId, split);
  else if (split.kind === 'numeric') checkNumber(split);
  else checkCategories(model, split);
}

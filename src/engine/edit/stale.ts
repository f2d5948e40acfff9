// Whether a trained model still fits the data it is edited against (an edit on a stale tree after
// the CSV changed is refused: docs/cli.md "Editing a tree"). The data must hold the model's target and features with
// their types and categories, no new feature column, and route the rows with a target to every
// leaf in the counts the tree was trained with; otherwise an edit would regrow on the wrong rows.
import { type Dataset, columnIndex, isMissing, isNumeric, isNumericType } from '../dataset';
import { InputError } from '../errors';
import type { TreeModel } from '../model';
import { predictLeaves } from '../tree/predict';
import { usesWeights } from '../tree/sample-weights';

function stale(problem: string): never {
  throw new InputError('stale-model', `the data no longer matches the tree (${problem}); the file may have changed since training: retrain`);
}

function checkColumns(dataset: Dataset, model: TreeModel): void {
  if (columnIndex(dataset, model.target) < 0) stale(`no target column "${model.target}"`);
  for (const f of model.features) {
    const i = columnIndex(dataset, f.name);
    if (i < 0) stale(`no column "${f.name}"`);
    const column = dataset.columns[i];
    if (column.type !== f.type) stale(`"${f.name}" is ${column.type}, the tree read it as ${f.type}`);
    if (!isNumeric(column) && !isNumericType(f.type)) {
      const known = new Set(column.categories);
      const lost = (f.categories ?? []).find((c) => !known.has(c));
      if (lost !== undefined) stale(`"${f.name}" has no value "${lost}" any more`);
    }
  }
  const p = model.params;
  const notFeatures = new Set([model.target, ...(p.ignore ?? []), ...(p.leftOut ?? []).map((c) => c.column), ...(p.sampleWeightColumn === undefined ? [] : [p.sampleWeightColumn])]);
  const features = new Set(model.features.map((f) => f.name));
  const added = dataset.columns.find((c) => !notFeatures.has(c.name) && !features.has(c.name));
  if (added !== undefined) stale(`a new column "${added.name}"`);
}

/**
 * The leaf each row of `dataset` (the rows the tree was trained on) reaches; throws
 * InputError('stale-model') unless the data fits `model`.
 */
export function freshLeaves(dataset: Dataset, model: TreeModel): Int32Array {
  checkColumns(dataset, model);
  const leaves = predictLeaves(model, dataset);
  const target = dataset.columns[columnIndex(dataset, model.target)];
  const reached = new Float64Array(model.nodes.length);
  for (let r = 0; r < dataset.rowCount; r++) if (!isMissing(target, r)) reached[leaves[r]]++;
  // C4.5 spreads a row missing the split's value over every branch (fractional counts), where
  // prediction follows one, and weighted training leaves rows of weight 0 out: only unweighted
  // CART's leaves hold exactly the rows routed there.
  const cart = (model.params.algorithm ?? 'cart') === 'cart' && !usesWeights(model.params);
  const total = reached.reduce((a, b) => a + b, 0);
  if (!cart && !usesWeights(model.params) && total !== model.nodes[0].samples) stale(`the tree was trained on ${model.nodes[0].samples} rows, the data has ${total} with a target`);
  for (const node of cart ? model.nodes : []) {
    if (node.children.length === 0 && reached[node.id] !== node.samples) {
      stale(`leaf ${node.id} was trained on ${node.samples} rows, the data sends ${reached[node.id]} there`);
    }
  }
  return leaves;
}

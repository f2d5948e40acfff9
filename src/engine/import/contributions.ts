// What each tree of an imported ensemble adds to one row's prediction (docs/model-format.md
// "Models trained elsewhere"): the leaf the row reaches in every tree and its value, the sums per
// output, and the link that turns them into the prediction — the row's whole computation.
import type { Dataset } from '../dataset';
import { compiledPath } from '../tree/predict';
import { compileTree } from '../tree/compiled-tree';
import { linkText, type ImportedEnsemble } from './ensemble';
import { ensembleMargins, libraryLeafId, predictEnsemble } from './predict';
import { subsetDataset } from '../validation/subset';

export interface TreeContribution {
  tree: number;
  /** The output (class) it adds to; null: every class (a leaf weight per class). */
  output: number | null;
  /** Our node id of the leaf, and the library's id of it. */
  node: number;
  leaf: number;
  /** The leaf's raw score, or its weight per class. */
  value: number | number[];
}

export interface RowContributions {
  row: number;
  trees: TreeContribution[];
  /** Raw score per output, as the library reports it. */
  margins: number[];
  /** The link stated plainly. */
  link: string;
  prediction: string | number;
  probabilities: number[] | null;
}

export function rowContributions(e: ImportedEnsemble, dataset: Dataset, row: number): RowContributions {
  if (!Number.isInteger(row) || row < 0 || row >= dataset.rowCount) throw new RangeError(`row ${row} is not in 0..${dataset.rowCount - 1}`);
  const one = subsetDataset(dataset, Int32Array.of(row));
  const trees = e.trees.map((t, tree): TreeContribution => {
    const path = compiledPath(compileTree(t.model, one), 0);
    const node = path[path.length - 1];
    return { tree, output: t.output, node, leaf: libraryLeafId(t.sourceId[node]), value: t.model.nodes[node].value };
  });
  const predicted = predictEnsemble(e, one);
  return {
    row,
    trees,
    margins: Array.from(ensembleMargins(e, one)),
    link: linkText(e),
    prediction: predicted.predictions[0],
    probabilities: predicted.probabilities === null ? null : Array.from(predicted.probabilities),
  };
}

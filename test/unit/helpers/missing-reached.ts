// The truth ModelNode.sawMissing is checked against: which split nodes training rows missing the
// split's feature reached, by walking each row down the tree.
import { columnIndex, isMissing, type Dataset } from '../../../src/engine/dataset';
import type { TreeModel } from '../../../src/engine/model';
import { decisionPath } from '../../../src/engine/tree/predict';

/** Split node id → whether one of `rows` (all by default) reached it with the split's feature missing. */
export function missingReached(model: TreeModel, data: Dataset, rows: Iterable<number> = Array.from({ length: data.rowCount }, (_, r) => r)): Map<number, boolean> {
  const seen = new Map<number, boolean>();
  for (const n of model.nodes) if (n.split) seen.set(n.id, false);
  for (const row of rows) {
    for (const id of decisionPath(model, data, row)) {
      const split = model.nodes[id].split;
      if (split && isMissing(data.columns[columnIndex(data, split.feature)], row)) seen.set(id, true);
    }
  }
  return seen;
}

/** Split node id → its recorded sawMissing. */
export const sawMissingFlags = (model: TreeModel): Map<number, boolean | undefined> => new Map(model.nodes.filter((n) => n.split).map((n) => [n.id, n.sawMissing]));

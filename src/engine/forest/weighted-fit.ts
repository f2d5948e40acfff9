// A tree fitted with an integer weight per dataset row. TEMPORARY stand-in until trainTree takes
// sample weights (contracts.md, helper "weights"): each row is repeated `weight` times, which
// grows the same tree as weights with the default stopping rules (a duplicate never splits from
// itself) but costs a copy of the data per tree. Swap the body for
// `trainTree(dataset, params, hooks, weights)` once that lands; nothing else changes.
import type { Dataset } from '../dataset';
import type { TrainParams } from '../model';
import type { GrowHooks } from '../tree/grow-hooks';
import { trainTree, type TrainResult } from '../tree/train';
import { subsetDataset } from '../validation/subset';

export function fitWeighted(dataset: Dataset, params: TrainParams, hooks: GrowHooks, weights: Float64Array): TrainResult {
  let total = 0;
  for (const w of weights) total += w;
  const rows = new Int32Array(total);
  let at = 0;
  weights.forEach((w, r) => {
    for (let k = 0; k < w; k++) rows[at++] = r;
  });
  return trainTree(subsetDataset(dataset, rows), params, hooks);
}

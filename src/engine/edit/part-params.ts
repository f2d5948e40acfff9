// A model's parameters for a tree grown on part of its training rows (a node's or a child's), so
// that the part grows as it would inside the whole tree: the limits stated relative to the whole
// — the minimum impurity decrease (stopping.ts weighs a decrease by N_t/N) and the minimum weight
// fraction of a leaf — are rescaled from the whole tree's N rows to the part's.
import type { TrainParams } from '../model';

/** The fraction of its own rows each leaf of the part needs (above 0.5: the part cannot split). */
export const partLeafFraction = (params: TrainParams, total: number, part: number): number => ((params.minWeightFractionLeaf ?? 0) * total) / part;

/** `params` for a tree on `part` of the `total` rows; a leaf fraction above 0.5 is capped (the part's root then cannot split). */
export function paramsForPart(params: TrainParams, total: number, part: number): TrainParams {
  const fraction = partLeafFraction(params, total, part);
  return {
    ...params,
    minImpurityDecrease: ((params.minImpurityDecrease ?? 0) * total) / part,
    ...(fraction > 0 ? { minWeightFractionLeaf: Math.min(0.5, fraction) } : {}),
  };
}

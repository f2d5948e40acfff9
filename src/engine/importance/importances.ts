// All feature importances of a model in one result: MDI, split counts and mean depth from the
// tree itself, and optionally permutation importance measured on a dataset.
import type { Dataset } from '../dataset';
import type { TreeModel } from '../model';
import type { FeatureImportance, Importances } from './types';
import { mdiImportances } from '../tree/mdi';
import { permutationImportance } from './permutation';
import { scoreName } from '../validation/evaluate';

export interface PermutationOptions {
  dataset: Dataset;
  set: 'holdout' | 'training';
  repeats: number;
  seed: number;
}

export function computeImportances(model: TreeModel, permutation?: PermutationOptions): Importances {
  const mdi = mdiImportances(model);
  const perm = permutation && permutation.repeats > 0 ? permutationImportance(model, permutation.dataset, permutation.repeats, permutation.seed) : null;
  // Split counts and depth sums in one pass over the nodes, not one per feature.
  const splits = new Map(model.features.map((f) => [f.name, { count: 0, depths: 0 }]));
  for (const n of model.nodes) {
    const s = n.split && splits.get(n.split.feature);
    if (s) {
      s.count++;
      s.depths += n.depth;
    }
  }
  const features: FeatureImportance[] = model.features.map((f, i) => {
    const { count, depths } = splits.get(f.name) as { count: number; depths: number };
    return {
      feature: f.name,
      mdi: mdi[f.name],
      splitCount: count,
      meanDepth: count ? depths / count : null,
      permutationMean: perm ? perm.mean[i] : null,
      permutationStd: perm ? perm.std[i] : null,
    };
  });
  features.sort((a, b) => b.mdi - a.mdi || (b.permutationMean ?? 0) - (a.permutationMean ?? 0));
  return {
    features,
    permutation:
      perm && permutation
        ? {
            set: permutation.set,
            rows: perm.rows,
            setRows: permutation.dataset.rowCount,
            repeats: permutation.repeats,
            seed: permutation.seed,
            scoreName: scoreName(model),
            baselineScore: perm.baselineScore,
          }
        : null,
  };
}

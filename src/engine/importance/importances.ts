// All feature importances of a model in one result: MDI, split counts and mean depth from the
// tree itself, and optionally permutation importance measured on a dataset.
import type { Dataset } from '../dataset';
import type { TreeModel } from '../model';
import type { FeatureImportance, Importances } from './types';
import { mdiImportances } from './mdi';
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
  const features: FeatureImportance[] = model.features.map((f, i) => {
    const depths = model.nodes.filter((n) => n.split?.feature === f.name).map((n) => n.depth);
    return {
      feature: f.name,
      mdi: mdi[f.name],
      splitCount: depths.length,
      meanDepth: depths.length ? depths.reduce((a, b) => a + b, 0) / depths.length : null,
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

// Importances of an imported ensemble as the libraries report them: per feature, the number of
// splits on it (XGBoost "weight", LightGBM "split") and the sum of their gains (XGBoost
// "total_gain", LightGBM "gain"; XGBoost's "gain" is that sum over the split count), and the sum
// of their cover (XGBoost "total_cover").
import type { ImportedEnsemble } from './ensemble';

export interface EnsembleImportance {
  feature: string;
  splits: number;
  /** NaN when the file stores no gains (ONNX). */
  gain: number;
  cover: number;
}

/** Features in the model's order, every feature listed (zero splits included). */
export function ensembleImportances(e: ImportedEnsemble): EnsembleImportance[] {
  const rows = new Map(e.features.map((f) => [f.name, { feature: f.name, splits: 0, gain: 0, cover: 0 }]));
  for (const tree of e.trees) {
    // A split the reader drew as several nodes, or copied (lightgbm.ts), counts once.
    const counted = new Set<number>();
    tree.model.nodes.forEach((n, id) => {
      if (n.split === null || counted.has(tree.sourceId[id])) return;
      counted.add(tree.sourceId[id]);
      const row = rows.get(n.split.feature) as EnsembleImportance;
      row.splits++;
      row.gain += tree.gain[id];
      row.cover += n.samples;
    });
  }
  return [...rows.values()];
}

// Random feature subsets per split (random forests, docs/formulas.md "Ensembles"): at each node the
// CART splitter searches only a fresh random draw of `maxFeatures` features, as scikit-learn's
// BestSplitter — a Fisher–Yates draw without replacement, and drawing goes on past `maxFeatures`
// while every feature drawn was constant in the node, so a node with a usable feature left never
// becomes a leaf just because its draw was unlucky. The draws of one tree come from one seeded
// generator, so a tree depends only on its seed (not on scikit-learn's exact random stream).
import { createRng, randomInt, type Rng } from '../random';

export interface FeatureDrawSpec {
  /** Features searched per node (at least 1; capped at the feature count). */
  maxFeatures: number;
  seed: number;
}

export class FeatureDraw {
  /** The features, permuted in place by successive draws (any permutation is as good a start). */
  private readonly pool: Int32Array;
  private readonly rng: Rng;
  private readonly maxFeatures: number;

  constructor(featureCount: number, spec: FeatureDrawSpec) {
    this.pool = Int32Array.from({ length: featureCount }, (_, f) => f);
    this.rng = createRng(spec.seed);
    this.maxFeatures = Math.max(1, Math.min(featureCount, spec.maxFeatures));
  }

  /** Draws the features of one node: `scan(f)` for each non-constant one, in draw order. */
  forEach(isConstant: (f: number) => boolean, scan: (f: number) => void): void {
    const { pool, rng } = this;
    let remaining = pool.length;
    let drawn = 0;
    let usable = 0;
    while (remaining > 0 && (drawn < this.maxFeatures || usable === 0)) {
      const j = randomInt(rng, remaining);
      const f = pool[j];
      pool[j] = pool[--remaining];
      pool[remaining] = f;
      drawn++;
      if (isConstant(f)) continue;
      usable++;
      scan(f);
    }
  }
}

/** The draw a tree's splitter uses, or null to search every feature at every node. */
export function featureDrawFor(featureCount: number, spec: FeatureDrawSpec | undefined): FeatureDraw | null {
  return spec === undefined ? null : new FeatureDraw(featureCount, spec);
}

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
  readonly maxFeatures: number;

  constructor(featureCount: number, spec: FeatureDrawSpec) {
    this.pool = Int32Array.from({ length: featureCount }, (_, f) => f);
    this.rng = createRng(spec.seed);
    this.maxFeatures = Math.max(1, Math.min(featureCount, spec.maxFeatures));
  }

  /**
   * Draws the features of one node: `scan(f)` for each non-constant one, in draw order.
   * `prepare(features, from, to)` first sees every feature about to be read — the first
   * `maxFeatures` drawn together (they are drawn whatever they hold), then any later one alone —
   * so a splitter can gather their statistics in one pass over the node's samples.
   */
  forEach(isConstant: (f: number) => boolean, scan: (f: number) => void, prepare?: (features: Int32Array, from: number, to: number) => void): void {
    const { pool, rng } = this;
    let remaining = pool.length;
    const draw = (): void => {
      const j = randomInt(rng, remaining);
      const f = pool[j];
      pool[j] = pool[--remaining];
      pool[remaining] = f;
    };
    // Drawn features collect at the pool's end, the first drawn last.
    while (remaining > pool.length - this.maxFeatures) draw();
    prepare?.(pool, remaining, pool.length);
    let usable = 0;
    for (let p = pool.length - 1; p >= remaining; p--) {
      if (isConstant(pool[p])) continue;
      usable++;
      scan(pool[p]);
    }
    while (remaining > 0 && usable === 0) {
      draw();
      prepare?.(pool, remaining, remaining + 1);
      if (isConstant(pool[remaining])) continue;
      usable++;
      scan(pool[remaining]);
    }
  }
}

/** The draw a tree's splitter uses, or null to search every feature at every node. */
export function featureDrawFor(featureCount: number, spec: FeatureDrawSpec | undefined): FeatureDraw | null {
  return spec === undefined ? null : new FeatureDraw(featureCount, spec);
}

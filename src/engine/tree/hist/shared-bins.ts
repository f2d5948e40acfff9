// Histogram bins made once for many trees (a forest's, as LightGBM bins a data set once before
// bagging): the bin edges come from every training row, and each member's bootstrap sample picks
// its rows' bins (binSubset) instead of sorting every feature again. A member's edges are thus the
// full set's, not its sample's own.
import { type BinnedSet, binSubset, binTrainingSet } from './bins';
import type { Scratch } from '../scratch';
import type { TrainingSet } from '../training-set';

/** Serves the trees grown on one training set's rows or on subsets of them (TrainingSet.sampledFrom), and only those. */
export class SharedBins {
  /**
   * `full`: the set's bins made before (a pool's, on shared memory), else made on first use.
   * `scratch`: where a subset's bins go, written over by the next tree's (12 MB a tree at 1M rows).
   */
  constructor(
    private full: BinnedSet | null = null,
    private readonly scratch: Scratch | null = null,
  ) {}

  of(set: TrainingSet): BinnedSet {
    const source = set.sampledFrom;
    const features = source?.features ?? set.features;
    const n = features[0].x.length;
    if (this.full === null || this.full.bins.length !== n * features.length) this.full = binTrainingSet({ features, n });
    if (source === undefined) return this.full;
    return binSubset(this.full, source.keep, this.scratch?.bytes('bins', source.keep.length * features.length));
  }
}

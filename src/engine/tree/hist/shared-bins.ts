// Histogram bins made once for many trees (a forest's, as LightGBM bins a data set once before
// bagging): the bin edges come from every training row, and each member's bootstrap sample picks
// its rows' bins (binSubset) instead of sorting every feature again. A member's edges are thus the
// full set's, not its sample's own.
import { type BinnedSet, binSubset, binTrainingSet } from './bins';
import type { TrainingSet } from '../training-set';

/** Serves the trees grown on one training set's rows or on subsets of them (TrainingSet.sampledFrom), and only those. */
export class SharedBins {
  private full: BinnedSet | null = null;

  of(set: TrainingSet): BinnedSet {
    const source = set.sampledFrom;
    const features = source?.features ?? set.features;
    const n = features[0].x.length;
    if (this.full === null || this.full.bins.length !== n * features.length) this.full = binTrainingSet({ features, n });
    return source === undefined ? this.full : binSubset(this.full, source.keep);
  }
}

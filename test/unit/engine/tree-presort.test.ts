// A forest's speed-ups must not change a single tree: feature orders sorted once for the full
// training set and filtered to a bootstrap sample (presort.ts) equal orders sorted afresh, and the
// split search's hot paths with integer weights (draw counts) give the general path's numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../../src/engine/random';
import { CartSplitter, sampleStatsOf, tieTolerance } from '../../../src/engine/tree/cart-splitter';
import { entropyProxy, giniProxy, squaredErrorProxy, type SideProxy } from '../../../src/engine/tree/criterion';
import { Presorted } from '../../../src/engine/tree/presort';
import { withWeights } from '../../../src/engine/tree/sample-weights';
import { SortedSamples } from '../../../src/engine/tree/sorted-samples';
import { trainTree } from '../../../src/engine/tree/train';
import { buildTrainingSet, type TrainingSet } from '../../../src/engine/tree/training-set';
import { cat, dataset, drawCounts, num } from '../helpers/tree-data';

const N = 400;

/** Ties, missing values, −0 and +0, categories and a regression target: every key rule of SortedSamples. */
function mixedData(seed: number) {
  const rng = createRng(seed);
  const tied: Array<number | null> = [];
  const zeros: number[] = [];
  const smooth: number[] = [];
  const colour: Array<string | null> = [];
  const label: string[] = [];
  const amount: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = rng() < 0.1 ? null : Math.floor(rng() * 12);
    const z = rng() < 0.3 ? (rng() < 0.5 ? -0 : 0) : rng() * 4 - 2;
    const s = rng() * 100;
    const c = rng() < 0.05 ? null : ['red', 'green', 'blue', 'grey'][Math.floor(rng() * 4)];
    tied.push(t);
    zeros.push(z);
    smooth.push(s);
    colour.push(c);
    label.push((t ?? 6) + s / 20 + (c === 'red' ? 3 : 0) + rng() * 4 > 12 ? 'yes' : rng() < 0.5 ? 'no' : 'maybe');
    amount.push(s * 0.3 + (t ?? 0) + rng() * 5);
  }
  return dataset(num('tied', tied), num('zeros', zeros), num('smooth', smooth), cat('colour', colour), cat('label', label), num('amount', amount));
}

function sortedFresh(set: TrainingSet): SortedSamples {
  return new SortedSamples(set, sampleStatsOf(set).slot);
}

test('a bootstrap sample filtered from orders sorted once equals its own sort, feature by feature', () => {
  const data = mixedData(1);
  for (const target of ['label', 'amount']) {
    const full = buildTrainingSet(data, target);
    const presorted = new Presorted();
    for (const seed of [2, 3]) {
      const sample = withWeights(data, full, {}, drawCounts(seed, data.rowCount));
      assert.ok(sample.sampledFrom !== undefined && sample.n < full.n, 'rows of weight 0 are left out');
      const fresh = sortedFresh(sample);
      const filtered = new SortedSamples(sample, sampleStatsOf(sample).slot, presorted);
      assert.deepEqual(filtered.order, fresh.order, `${target}: order`);
      assert.deepEqual(filtered.slots, fresh.slots, `${target}: slots`);
      // Keys may be the full set's ranks: they must order and equate as the sample's own do.
      for (let p = 1; p < sample.n * sample.features.length; p++) {
        if (p % sample.n === 0) continue;
        assert.equal(Math.sign(filtered.keys[p] - filtered.keys[p - 1]), Math.sign(fresh.keys[p] - fresh.keys[p - 1]), `${target}: keys at ${p}`);
      }
    }
  }
});

test('a forest member grown from presorted orders is the tree grown without them', () => {
  const data = mixedData(4);
  for (const [target, criterion] of [['label', 'gini'], ['label', 'entropy'], ['amount', 'squared_error']] as const) {
    const presorted = new Presorted();
    for (const seed of [5, 6, 7]) {
      const weights = drawCounts(seed, data.rowCount);
      const hooks = { featureDraw: { maxFeatures: 2, seed } };
      const plain = trainTree(data, { target, criterion }, hooks, weights).model;
      const shared = trainTree(data, { target, criterion }, { ...hooks, presorted }, weights).model;
      assert.deepEqual(shared, plain, `${criterion}, seed ${seed}`);
      assert.ok(plain.nodes.length > 20);
    }
  }
});

/** Each feature's best split of the root searched on the hot path and on the general one (an observer forces it). */
function rootSearches(set: TrainingSet, proxy: SideProxy) {
  const stats = sampleStatsOf(set);
  const samples = new SortedSamples(set, stats.slot);
  const search = new CartSplitter(set.features, samples, stats, proxy, 1, 0);
  const nodeStats = new Float64Array(stats.dim);
  for (let i = 0; i < set.n; i++) nodeStats[stats.slot[i]] += stats.amount === null ? 1 : stats.amount[i];
  const impurity = 1;
  const tolerance = tieTolerance(set, set.weightedN, impurity);
  return set.features.map((_, f) => {
    const hot = search.findBestOn(f, 0, set.n, nodeStats, tolerance, null, set.weightedN);
    const hotProxy = search.bestProxy;
    const general = search.findBestOn(f, 0, set.n, nodeStats, tolerance, () => {}, set.weightedN);
    return { hot, hotProxy, general, generalProxy: search.bestProxy };
  });
}

test('with integer weights the hot paths find the general path’s split with the same score, bit for bit', () => {
  // No missing values (the hot paths' domain): numeric features with ties.
  const rng = createRng(8);
  const cols = [0, 1, 2].map(() => Array.from({ length: N }, () => Math.floor(rng() * 40) / 4));
  const label = cols[0].map((a, i) => (a + cols[1][i] + rng() * 6 > 12 ? 'a' : rng() < 0.4 ? 'b' : 'c'));
  const amount = cols[0].map((a, i) => a * 2 + cols[2][i] + rng());
  const data = dataset(num('x0', cols[0]), num('x1', cols[1]), num('x2', cols[2]), cat('label', label), num('amount', amount));
  for (const [target, proxy] of [['label', giniProxy], ['label', entropyProxy], ['amount', squaredErrorProxy]] as const) {
    const set = withWeights(data, buildTrainingSet(data, target), {}, drawCounts(9, data.rowCount));
    for (const { hot, hotProxy, general, generalProxy } of rootSearches(set, proxy)) {
      assert.ok(hot !== null && general !== null);
      assert.equal(hot.leftKey, general.leftKey);
      assert.equal(hot.threshold, general.threshold);
      assert.equal(hotProxy, generalProxy);
    }
  }
});

test("a bootstrap sample's columns hold the kept rows' values, copied when first read (a histogram forest never reads them)", () => {
  const data = mixedData(4);
  const full = buildTrainingSet(data, 'label');
  const counts = drawCounts(5, data.rowCount);
  const sample = withWeights(data, full, {}, counts);
  const keep = sample.sampledFrom?.keep;
  assert.ok(keep !== undefined && sample.n < full.n);
  full.features.forEach((f, j) => {
    const x = sample.features[j].x;
    assert.equal(x.length, sample.n);
    keep.forEach((i, q) => assert.ok(Object.is(x[q], f.x[i]), `${f.name} sample ${q}`));
    assert.equal(sample.features[j].x, x, 'copied once');
  });
});

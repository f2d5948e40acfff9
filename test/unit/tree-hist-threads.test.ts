// Histogram mode on two threads (tree/parallel/): the helper thread's half of a histogram equals
// one thread's, and the trees are identical with and without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TrainParams } from '../../src/engine/model';
import { createRng } from '../../src/engine/random';
import { binTrainingSet } from '../../src/engine/tree/hist/bins';
import { fillHistogram } from '../../src/engine/tree/hist/fill-histogram';
import { growHist } from '../../src/engine/tree/hist/hist-builder';
import { HistogramHelper, sharedArray } from '../../src/engine/tree/parallel/histogram-helper';
import { resolveParams } from '../../src/engine/tree/params';
import { toModel } from '../../src/engine/tree/to-model';
import { buildTrainingSet } from '../../src/engine/tree/training-set';
import { cat, dataset, num } from './helpers/tree-data';

function randomData(seed: number, n: number, regression: boolean) {
  const rng = createRng(seed);
  const xs = Array.from({ length: 6 }, () => new Array<number | null>(n));
  const ids: Array<string | null> = [];
  const y: Array<number | string> = [];
  for (let r = 0; r < n; r++) {
    const x = xs.map((c) => (c[r] = rng() < 0.03 ? null : rng() * 100));
    const id = rng() < 0.03 ? null : `k${Math.floor(rng() * 40)}`;
    ids.push(id);
    const s = (x[0] ?? 50) + Math.sin((x[1] ?? 0) / 9) * 30 + (id === null ? 0 : Number(id.slice(1)));
    y.push(regression ? s + rng() * 10 : rng() < 0.15 ? 'abc'[Math.floor(rng() * 3)] : s > 90 ? 'a' : s > 60 ? 'b' : 'c');
  }
  return dataset(...xs.map((c, j) => num(`x${j}`, c)), cat('id', ids), regression ? num('y', y as number[]) : cat('y', y as string[]));
}

test('the helper thread bins its columns and fills its features of a histogram exactly as one thread does', () => {
  const set = buildTrainingSet(randomData(1, 5000, true), 'y');
  const alone = binTrainingSet(set);
  const F = set.features.length;
  const idx = sharedArray(Int32Array, 4, set.n);
  idx.forEach((_, p) => (idx[p] = (p * 7) % set.n));
  const input = {
    bins: sharedArray(Uint8Array, 1, set.n * F),
    idx,
    slot: sharedArray(Int32Array, 4, set.n),
    amount: sharedArray(Float64Array, 8, set.n, set.yValue),
    offsets: sharedArray(Int32Array, 4, F),
    featureCount: F,
    dim: 1,
    // The helper bins the numeric columns 2, 3 and 5.
    xs: set.features.map((feature, f) => (feature.type === 'numeric' && [2, 3, 5].includes(f) ? sharedArray(Float64Array, 8, set.n, feature.x) : null)),
  };
  const helper = HistogramHelper.start(input);
  assert.ok(helper !== null, 'the helper thread starts');
  try {
    const binned = binTrainingSet(set, input.bins, helper);
    assert.deepEqual(binned, alone);
    input.offsets.set(binned.offsets);
    for (const [start, end, split] of [[0, 5000, 3], [100, 2600, 1], [2600, 5000, F - 1]]) {
      const one = new Float64Array(binned.slotCount * 2);
      fillHistogram(one, idx, start, end, binned.bins, binned.offsets, F, 0, F, input.slot, input.amount, 1);
      const two = new Float64Array(binned.slotCount * 2);
      helper.fill(two, start, end, split);
      assert.deepEqual(two, one, `[${start}, ${end}) split at feature ${split}`);
    }
  } finally {
    helper.close();
  }
});

test('hist grows identical trees with and without the helper thread', () => {
  for (const [regression, extra] of [
    [false, {}],
    [false, { criterion: 'entropy', maxDepth: 12 }],
    [false, { maxLeafNodes: 300 }],
    [true, {}],
    [true, { maxLeafNodes: 300 }],
  ] as Array<[boolean, Partial<TrainParams>]>) {
    const data = randomData(2, 6000, regression);
    const set = buildTrainingSet(data, 'y');
    const grow = (threads: number) => {
      const params: TrainParams = { target: 'y', splitter: 'hist', threads, ...extra };
      const resolved = resolveParams(params, set.task);
      // Thresholds lowered so that 6,000 rows use the helper for every node above 500 samples.
      return toModel(growHist(set, resolved, {}, { parallelAboveRows: 0, parallelFillAbove: 500 }), set, { ...params, threads: 1 }, { ...resolved, threads: 1 });
    };
    const two = grow(2);
    assert.ok(two.nodes.length > 100);
    assert.deepEqual(two, grow(1), `${set.task} ${JSON.stringify(extra)}`);
  }
});

// Histogram mode's binning: a numeric value's bin is the number of bin edges below it (the missing
// bin for NaN), whatever the distribution — checked against a plain count over the edges.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../../src/engine/random';
import { binTrainingSet } from '../../../src/engine/tree/hist/bins';
import type { TrainingSet } from '../../../src/engine/tree/training-set';

function numericSet(columns: Float64Array[]): TrainingSet {
  const n = columns[0].length;
  return {
    task: 'regression',
    target: 'y',
    classes: [],
    n,
    rows: Int32Array.from({ length: n }, (_, i) => i),
    yClass: new Int32Array(0),
    yValue: new Float64Array(n),
    features: columns.map((x, f) => ({ name: `x${f}`, type: 'numeric', categories: [], x })),
    droppedMissingTarget: 0,
    leftOut: [],
    weight: null,
    weightedN: n,
  };
}

test('numeric bins count the edges below each value, for spread, skewed, tied, tiny-range and extreme values', () => {
  const rng = createRng(31);
  const n = 30_000;
  const make = (value: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => value(i));
  const columns = [
    make(() => rng() * 1000 - 500), // spread
    make(() => Math.exp(rng() * 30) * (rng() < 0.5 ? -1 : 1)), // heavily skewed, both signs
    make(() => Math.floor(rng() * 40) / 4), // few distinct values, ties on every one
    make((i) => (i % 97 === 0 ? NaN : i % 89 === 0 ? Infinity : i % 83 === 0 ? -Infinity : rng())), // missing and infinite
    make(() => 1 + rng() * 1e-12), // a range of a few ulps' worth of buckets
    make(() => 1e-310 * Math.floor(rng() * 5)), // subnormal values: the bucket scale overflows
    make(() => 42), // one value
  ];
  columns.push(make(() => stepsAboveOne(Math.floor(rng() * 2000)))); // values equal to edges
  columns.push(make((i) => [0, -0, 5e-324, Number.MAX_VALUE, -Number.MAX_VALUE, 1, 2, 3][i % 8] + (i % 2 === 0 ? 0 : i))); // extremes
  const binned = binTrainingSet(numericSet(columns));
  const F = columns.length;
  columns.forEach((x, f) => {
    const { binCount, upper } = binned.features[f];
    const edges = upper.subarray(0, binCount - 1);
    assert.ok(binCount <= 255 && binCount >= 1);
    for (let i = 0; i < n; i++) {
      const v = x[i];
      let below = 0;
      for (const e of edges) if (e < v) below++;
      assert.equal(binned.bins[i * F + f], Number.isNaN(v) ? binCount : below, `feature ${f}, value ${v}`);
    }
  });
});

/** The double k steps above 1 (adjacent doubles: their midpoints round to one of them, so edges equal values). */
function stepsAboveOne(k: number): number {
  const b = new Float64Array([1]);
  new BigInt64Array(b.buffer)[0] += BigInt(k);
  return b[0];
}

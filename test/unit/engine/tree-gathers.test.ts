// A random forest's exact splitter keeps only the samples' order partitioned and gathers a drawn
// feature's keys and slots per node (sorted-samples.ts "gathers"): at every node down a random
// path, each feature it asks about must read exactly what the fully partitioned samples hold —
// ties, −0 and +0, missing values and categories included — so the trees stay the same bit for bit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../../src/engine/random';
import { Presorted } from '../../../src/engine/tree/presort';
import { withWeights } from '../../../src/engine/tree/sample-weights';
import { SortedSamples } from '../../../src/engine/tree/sorted-samples';
import { buildTrainingSet, type TrainingSet } from '../../../src/engine/tree/training-set';
import { cat, dataset, drawCounts, num } from '../helpers/tree-data';

function data(seed: number, n: number) {
  const rng = createRng(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rng() * xs.length)];
  const column = (f: () => number | null) => Array.from({ length: n }, f);
  return dataset(
    num('ties', column(() => pick([1, 2, 2, 3, -0, 0, null]))),
    num('wide', column(() => (rng() < 0.05 ? null : rng() * 100))),
    num('constant', column(() => 7)),
    cat('colour', column(() => null).map(() => pick(['red', 'green', 'blue', null, 'grey']))),
    num('steps', column(() => Math.floor(rng() * 5))),
    cat('y', column(() => null).map(() => pick(['a', 'b', 'c']))),
  );
}

/** Down a random path, every feature each node asks about reads the same in `gathered` as in `full`. */
function samePath(set: TrainingSet, full: SortedSamples, gathered: SortedSamples, seed: number): void {
  assert.equal(gathered.gathers, true);
  const rng = createRng(100 + seed);
  const f = set.features.length;
  let [start, end] = [0, set.n];
  let nodes = 0;
  while (end - start > 1) {
    nodes++;
    for (let j = 0; j < f; j++) {
      const constant = full.isConstant(j, start, end);
      assert.equal(gathered.isConstant(j, start, end), constant, `feature ${j}, node [${start}, ${end})`);
      if (constant) continue;
      const at = (s: SortedSamples) => [s.order, s.keys, s.slots].map((a) => [...a.subarray(j * set.n + start, j * set.n + end)]);
      assert.deepEqual(at(gathered), at(full), `feature ${j}, node [${start}, ${end})`);
    }
    // A random side per sample, the same for both.
    for (let p = start; p < end; p++) {
      const side = rng() < 0.5 ? 1 : 0;
      full.goLeft[full.order[p]] = side;
      gathered.goLeft[full.order[p]] = side;
    }
    const mid = full.partition(start, end, f);
    assert.equal(gathered.partition(start, end, f), mid);
    if (mid === start || mid === end) continue;
    [start, end] = rng() < 0.5 ? [start, mid] : [mid, end];
  }
  assert.ok(nodes >= 5, `a path of ${nodes} nodes`);
}

for (const seed of [1, 2, 3]) {
  test(`gathered segments equal the partitioned ones at every node of a random path (seed ${seed})`, () => {
    const set = buildTrainingSet(data(seed, 400), 'y');
    samePath(set, new SortedSamples(set, set.yClass), new SortedSamples(set, set.yClass, null, true), seed);
  });

  test(`so do a bootstrap sample's filtered from orders sorted once, its keys read from the full set's rows (seed ${seed})`, () => {
    const rows = data(seed, 400);
    const presorted = new Presorted();
    const set = withWeights(rows, buildTrainingSet(rows, 'y'), {}, drawCounts(seed, rows.rowCount));
    assert.ok(set.sampledFrom !== undefined && set.n < 400);
    samePath(set, new SortedSamples(set, set.yClass, presorted), new SortedSamples(set, set.yClass, presorted, true), seed);
  });
}

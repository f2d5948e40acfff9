// Histogram mode (splitter: 'hist'): the same tree as exact when every feature has few distinct
// values, accuracy close to exact on many-valued data, a model whose routing agrees with the
// builder's partition (missing values, categories beyond 255 levels), the same tree whether small
// nodes are searched from sorted samples or full histograms, and cancellation mid-growth.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { parseCsv } from '../../../src/engine/csv/read';
import { type Dataset, isNumeric } from '../../../src/engine/dataset';
import { CancelledError, InputError } from '../../../src/engine/errors';
import type { TrainParams, TreeModel } from '../../../src/engine/model';
import { createRng } from '../../../src/engine/random';
import { predict, predictLeaves } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';
import { growCart } from '../../../src/engine/tree/cart-builder';
import { HistogramSplitter } from '../../../src/engine/tree/hist/histogram-splitter';
import { SMALL_NODE } from '../../../src/engine/tree/hist/hist-splitter';
import { binSubset, binTrainingSet } from '../../../src/engine/tree/hist/bins';
import { SharedBins } from '../../../src/engine/tree/hist/shared-bins';
import { featureDrawFor } from '../../../src/engine/tree/feature-draw';
import { resolveParams } from '../../../src/engine/tree/params';
import { withWeights } from '../../../src/engine/tree/sample-weights';
import { toModel } from '../../../src/engine/tree/to-model';
import { buildTrainingSet } from '../../../src/engine/tree/training-set';
import { cat, dataset, num, randomNumeric } from '../helpers/tree-data';

const sample = (name: string): Dataset => parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', name)));
// A bin's bound may lie anywhere between the two training values that exact mode splits between.
const structure = (m: TreeModel) =>
  m.nodes.map((n) => ({ feature: n.split?.feature, branches: n.split?.kind === 'categorical' ? n.split.branches : null, samples: n.samples, value: n.value, children: n.children, missing: n.missingGoesTo }));

/** Every leaf's training sample count equals the rows that predict() routes to it. */
function assertRoutingAgrees(data: Dataset, model: TreeModel): void {
  const reached = new Map<number, number>();
  for (const id of predictLeaves(model, data)) reached.set(id, (reached.get(id) ?? 0) + 1);
  for (const node of model.nodes) if (node.children.length === 0) assert.equal(reached.get(node.id) ?? 0, node.samples, `leaf ${node.id}`);
}

for (const [file, target] of [
  ['iris.csv', 'species'],
  ['play_tennis.csv', 'play'],
  ['bike_or_car.csv', 'go_by_car'],
] as const) {
  test(`hist grows the exact tree (same partitions) when every feature has ≤ 255 distinct values: ${file}`, () => {
    const data = sample(file);
    const exact = trainTree(data, { target }).model;
    const hist = trainTree(data, { target, splitter: 'hist' }).model;
    assert.equal(hist.params.splitter, 'hist');
    assert.deepEqual(structure(hist), structure(exact));
    assert.deepEqual(predictLeaves(hist, data), predictLeaves(exact, data));
  });
}

const rule = (x: number[], rng: () => number): string => {
  const s0 = x[0] + x[1] - x[2];
  const s1 = x[3] - 0.5 * x[4] + 5;
  const c = s0 >= s1 ? (x[5] > 10 ? 'a' : 'b') : 'c';
  return rng() < 0.1 ? ['a', 'b', 'c'][Math.floor(rng() * 3)] : c;
};

function accuracy(model: TreeModel, data: Dataset): number {
  const y = data.columns[data.columns.length - 1];
  if (isNumeric(y)) throw new Error('classification target expected');
  const pred = predict(model, data);
  let right = 0;
  pred.forEach((p, r) => (right += p === y.categories[y.codes[r]] ? 1 : 0));
  return right / data.rowCount;
}

test('hist test accuracy within 0.5 pp of exact on 20,000 many-valued rows (gini and entropy, depth 10 and full)', () => {
  const train = randomNumeric(5, 20_000, 8, rule);
  const held = randomNumeric(6, 10_000, 8, rule);
  for (const params of [{ maxDepth: 10 }, { criterion: 'entropy', maxDepth: 10 }, {}] as Array<Partial<TrainParams>>) {
    const exact = trainTree(train, { target: 'y', ...params }).model;
    const hist = trainTree(train, { target: 'y', ...params, splitter: 'hist' }).model;
    const diff = Math.abs(accuracy(hist, held) - accuracy(exact, held));
    assert.ok(diff <= 0.005, `${JSON.stringify(params)}: exact ${accuracy(exact, held)}, hist ${accuracy(hist, held)}`);
    // Binned thresholds: at most 254 distinct per feature, each between two training values.
    const thresholds = new Set(hist.nodes.filter((n) => n.split?.kind === 'numeric').map((n) => n.split?.feature + ':' + (n.split as { threshold: number }).threshold));
    assert.ok(thresholds.size > 0);
  }
});

test('hist regression: routing agrees and the training error is close to exact at depth 8', () => {
  const data = randomNumeric(8, 5000, 5, (x, rng) => x[0] * 2 + Math.sin(x[1]) * 5 + rng());
  const mse = (m: TreeModel) => {
    const y = (data.columns[5] as { values: Float64Array }).values;
    return (predict(m, data) as number[]).reduce((s, p, r) => s + (p - y[r]) ** 2, 0) / data.rowCount;
  };
  const exact = trainTree(data, { target: 'y', maxDepth: 8 }).model;
  const hist = trainTree(data, { target: 'y', maxDepth: 8, splitter: 'hist' }).model;
  assertRoutingAgrees(data, hist);
  assert.ok(mse(hist) < mse(exact) * 1.1, `exact ${mse(exact)}, hist ${mse(hist)}`);
});

test('hist with missing values, a 400-level categorical and best-first growth: model routing matches the partition', () => {
  const rng = createRng(3);
  const n = 6000;
  const xs: Array<number | null> = [];
  const ids: Array<string | null> = [];
  const ys: string[] = [];
  for (let r = 0; r < n; r++) {
    const x = rng() < 0.1 ? null : Math.floor(rng() * 5000) / 7;
    const id = rng() < 0.05 ? null : `k${Math.floor(rng() * 400)}`;
    xs.push(x);
    ids.push(id);
    const idEven = id !== null && Number(id.slice(1)) % 2 === 0;
    ys.push((x === null ? rng() < 0.7 : x > 300) !== idEven ? 'yes' : 'no');
  }
  const data = dataset(num('x', xs), cat('id', ids), cat('y', ys));
  for (const params of [{}, { maxLeafNodes: 40 }, { minSamplesLeaf: 5 }] as Array<Partial<TrainParams>>) {
    const model = trainTree(data, { target: 'y', splitter: 'hist', ...params }).model;
    assertRoutingAgrees(data, model);
    if (params.maxLeafNodes) assert.ok(model.nodes.filter((m) => m.children.length === 0).length <= params.maxLeafNodes);
    if (params.minSamplesLeaf) for (const node of model.nodes) assert.ok(node.samples >= params.minSamplesLeaf);
    const cats = model.nodes.filter((m) => m.split?.kind === 'categorical');
    assert.ok(cats.length > 0, 'the categorical column is used');
  }
});

test('hist is CART only, and an unknown splitter is an input error', () => {
  const data = sample('play_tennis.csv');
  assert.throws(() => trainTree(data, { target: 'play', algorithm: 'id3', splitter: 'hist' }), InputError);
  assert.throws(() => trainTree(data, { target: 'play', splitter: 'fast' as never }), InputError);
});

for (const splitter of ['exact', 'hist'] as const) {
  test(`${splitter}: aborting mid-growth stops the builder at its next node`, () => {
    const data = randomNumeric(9, 20_000, 4, (x, rng) => (rng() < 0.3 ? 'n' : x[0] > 10 ? 'p' : 'n'));
    const controller = new AbortController();
    let reports = 0;
    let afterAbort = 0;
    const run = () =>
      trainTree(data, { target: 'y', splitter }, {
        signal: controller.signal,
        onProgress: () => {
          if (controller.signal.aborted) afterAbort++;
          if (++reports === 1) controller.abort();
        },
      });
    assert.throws(run, CancelledError);
    assert.equal(reports, 1);
    assert.equal(afterAbort, 0);
    const full = trainTree(data, { target: 'y', splitter }).model;
    assert.ok(full.nodes.length > 2048, `enough nodes to report progress (${full.nodes.length})`);
  });
}

test("splitter 'auto' takes hist above the row threshold (CART only) and records the choice in the model", () => {
  const iris = sample('iris.csv');
  const chosen = (params: Partial<TrainParams>) => trainTree(iris, { target: 'species', splitter: 'auto', ...params }).model.params.splitter;
  assert.equal(chosen({ histogramAboveRows: 149 }), 'hist');
  assert.equal(chosen({ histogramAboveRows: 150 }), 'exact');
  assert.equal(chosen({}), 'exact', 'the default threshold is far above 150 rows');
  assert.equal(chosen({ histogramAboveRows: 10, algorithm: 'id3' }), 'exact');
  assert.throws(() => chosen({ histogramAboveRows: -1 }), InputError);
  assert.equal(trainTree(iris, { target: 'species' }).model.params.splitter, undefined, 'no splitter asked, none recorded');
});

test('hist: small nodes searched from their sorted samples give the tree of full-histogram scans', () => {
  const rng = createRng(11);
  const n = 4000;
  const cols = Array.from({ length: 4 }, () => new Array<number | null>(n));
  const few = new Array<number>(n);
  const ids: Array<string | null> = [];
  const labels: string[] = [];
  const amounts: number[] = [];
  for (let r = 0; r < n; r++) {
    const x = cols.map((c) => (c[r] = rng() < 0.05 ? null : Math.floor(rng() * 4000) / 8));
    few[r] = Math.floor(rng() * 6);
    const id = rng() < 0.05 ? null : `k${Math.floor(rng() * 30)}`;
    ids.push(id);
    const s = (x[0] ?? 250) - (x[1] ?? 100) + few[r] * 40 + (id === null ? 0 : Number(id.slice(1)) * 5);
    labels.push(rng() < 0.2 ? 'abc'[Math.floor(rng() * 3)] : s > 300 ? 'a' : s > 100 ? 'b' : 'c');
    // Integer targets: histogram sums are exact whichever way they are added (built or subtracted).
    amounts.push(Math.round(s / 10) + Math.floor(rng() * 20));
  }
  const features = [...cols.map((c, j) => num(`x${j}`, c)), num('few', few), cat('id', ids)];
  const cases: Array<[Dataset, Partial<TrainParams>]> = [
    [dataset(...features, cat('y', labels)), {}],
    [dataset(...features, cat('y', labels)), { criterion: 'entropy', minSamplesLeaf: 3 }],
    [dataset(...features, cat('y', labels)), { maxLeafNodes: 400 }],
    [dataset(...features, num('y', amounts)), {}],
    [dataset(...features, num('y', amounts)), { maxLeafNodes: 400 }],
  ];
  // Integer weights with zeros, as a bootstrap's draw counts: the small-node scans sum weights too.
  const counts = new Float64Array(n);
  for (let k = 0; k < n; k++) counts[Math.floor(rng() * n)] += 1;
  for (const [data, extra] of cases) {
    for (const weights of [undefined, counts]) {
      const params: TrainParams = { target: 'y', splitter: 'hist', ...extra };
      const set = withWeights(data, buildTrainingSet(data, 'y'), {}, weights);
      const resolved = resolveParams(params, set.task, set.weightedN);
      const grow = (smallNode?: number) => toModel(growCart(set, resolved, {}, new HistogramSplitter(set, resolved, smallNode)), set, params, resolved);
      const bySorted = grow();
      const byHistogram = grow(0);
      const what = `${set.task} ${JSON.stringify(extra)}${weights ? ' weighted' : ''}`;
      const smallSplits = bySorted.nodes.filter((m) => m.children.length > 0 && m.samples <= SMALL_NODE && m.samples > 2).length;
      assert.ok(smallSplits > 50, `${what}: the small-node path is exercised (${smallSplits} splits)`);
      assert.deepEqual(bySorted, byHistogram, what);
    }
  }
});

test('hist with a feature draw: histograms filled per drawn feature, and a forest member binned once for the forest, give the same trees', () => {
  // A continuous regression target and leaves of at least 5 rows (no two candidates tie), so
  // drawing every feature in a random order finds the split that searching them in file order does.
  const data = randomNumeric(21, 3000, 6, (x, rng) => x[0] * 2 + x[1] * x[2] * 0.1 + rng() * 3);
  const rng = createRng(22);
  const counts = new Float64Array(data.rowCount);
  for (let k = 0; k < data.rowCount; k++) counts[Math.floor(rng() * data.rowCount)] += 1;
  const params: TrainParams = { target: 'y', splitter: 'hist' };
  const everyFeature = { featureDraw: { maxFeatures: 6, seed: 3 } };
  const bigLeaves: TrainParams = { ...params, minSamplesLeaf: 5 };
  const drawn = trainTree(data, bigLeaves, everyFeature, counts).model;
  const plain = trainTree(data, bigLeaves, {}, counts).model;
  assert.deepEqual(drawn.nodes, plain.nodes);
  assert.ok(plain.nodes.length > 300);

  // Bins made once over every row: a sample's bins are the full set's rows, its edges the full set's.
  const full = buildTrainingSet(data, 'y');
  const sample = withWeights(data, full, {}, counts);
  const shared = new SharedBins();
  const own = binTrainingSet({ features: full.features, n: full.n });
  const picked = shared.of(sample);
  assert.equal(picked.bins.length, sample.n * 6);
  for (let q = 0; q < sample.n; q++) {
    for (let f = 0; f < 6; f++) assert.equal(picked.bins[q * 6 + f], own.bins[(sample.sampledFrom?.keep[q] ?? -1) * 6 + f]);
  }
  assert.deepEqual(picked.features, own.features);
  // A member grown with the shared bins is the tree grown on the sample with the full set's bin edges.
  const draw = { featureDraw: { maxFeatures: 2, seed: 5 } };
  const member = trainTree(data, params, { ...draw, sharedBins: shared }, counts).model;
  const resolved = resolveParams(params, sample.task, sample.weightedN);
  const reference = toModel(growCart(sample, resolved, draw, new HistogramSplitter(sample, resolved, SMALL_NODE, featureDrawFor(6, draw.featureDraw), { of: () => binSubset(own, sample.sampledFrom?.keep ?? new Int32Array(0)) } as unknown as SharedBins)), sample, params, resolved);
  assert.deepEqual(member.nodes, reference.nodes);
});

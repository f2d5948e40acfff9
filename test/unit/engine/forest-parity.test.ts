// Statistical parity with scikit-learn 1.2.1's random forests (issue 17; fixtures made by
// test/fixtures/forest/make_forest_fixtures.py): on iris, wine, breast_cancer and diabetes, over
// seeds 0-4, the mean OOB score and the mean 5-fold CV score within 1 percentage point (R² within
// 0.01) of scikit-learn's, and the mean MDI importances ranked alike (Spearman ≥ 0.9). The forests
// differ tree by tree (other random streams); the means over seeds must not. Exact: a bootstrap
// sample given as weights grows scikit-learn's tree fitted with that sample_weight (its size, depth
// and every in-bag row's prediction).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import { trainForest } from '../../../src/engine/forest/train';
import { crossValidateForest } from '../../../src/engine/forest/validate';
import { predict } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';

const DIR = 'test/fixtures/forest';

interface Expected {
  n_trees: number;
  seeds: number[];
  datasets: Record<string, { task: 'classification' | 'regression'; features: string[]; mean_oob: number; mean_cv: number; mean_mdi: number[] }>;
  weighted_trees: Record<string, { counts: number[]; node_count: number; depth: number; predictions: Array<string | number> }>;
}

const expected = JSON.parse(readFileSync(path.join(DIR, 'forest_parity.json'), 'utf8')) as Expected;
const load = (name: string): Dataset => parseCsv(readFileSync(path.join(DIR, `${name}.csv`)));
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Ranks 1..n, ties sharing their mean rank. */
function ranks(xs: readonly number[]): number[] {
  const order = xs.map((x, i) => [x, i] as const).sort((a, b) => a[0] - b[0]);
  const r = new Array<number>(xs.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1][0] === order[i][0]) j++;
    for (let k = i; k <= j; k++) r[order[k][1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return r;
}

/**
 * Near-ties of scikit-learn's mean importances: two means within NEAR_TIE of each other (relative)
 * have no reliable order over 5 × 50 trees — iris's petal length and width swap places from one
 * set of seeds to another in either implementation — so each run of near neighbours is one group.
 * Both vectors are compared with every group replaced by its mean, so only orders scikit-learn
 * itself resolves count.
 */
const NEAR_TIE = 0.1;
function groupsOf(xs: readonly number[]): number[] {
  const order = xs.map((_, i) => i).sort((a, b) => xs[a] - xs[b]);
  const group = new Array<number>(xs.length);
  let g = 0;
  order.forEach((i, k) => {
    if (k > 0 && xs[i] - xs[order[k - 1]] > NEAR_TIE * xs[i]) g++;
    group[i] = g;
  });
  return group;
}

function grouped(xs: readonly number[], group: readonly number[]): number[] {
  return xs.map((_, i) => mean(xs.filter((__, j) => group[j] === group[i])));
}

function spearman(a: readonly number[], b: readonly number[]): number {
  const ra = ranks(a);
  const rb = ranks(b);
  const ma = mean(ra);
  const mb = mean(rb);
  let num = 0;
  let da = 0;
  let db = 0;
  ra.forEach((x, i) => {
    num += (x - ma) * (rb[i] - mb);
    da += (x - ma) ** 2;
    db += (rb[i] - mb) ** 2;
  });
  return num / Math.sqrt(da * db);
}

for (const [name, want] of Object.entries(expected.datasets)) {
  test(`${name}: mean OOB and 5-fold CV scores within 0.01 of scikit-learn's, MDI ranked alike (Spearman ≥ 0.9; scikit-learn's near-ties grouped)`, async (t) => {
    const data = load(name);
    const oob: number[] = [];
    const cv: number[] = [];
    const mdi: number[][] = [];
    for (const seed of expected.seeds) {
      const params = { target: 'target', ensemble: 'forest' as const, nTrees: expected.n_trees, seed };
      const report = trainForest(data, params);
      oob.push(report.oob.score as number);
      mdi.push(want.features.map((f) => report.model.featureImportances[f]));
      const folds = await crossValidateForest(data, params, 5, { seed, stratify: true }, (d, p) => Promise.resolve(trainForest(d, p)));
      cv.push(folds.mean);
    }
    const ours = { oob: mean(oob), cv: mean(cv), mdi: want.features.map((_, j) => mean(mdi.map((m) => m[j]))) };
    const group = groupsOf(want.mean_mdi);
    const rho = spearman(grouped(ours.mdi, group), grouped(want.mean_mdi, group));
    const detail = `ours OOB ${ours.oob.toFixed(4)} CV ${ours.cv.toFixed(4)}; scikit-learn OOB ${want.mean_oob.toFixed(4)} CV ${want.mean_cv.toFixed(4)}; Spearman ${rho.toFixed(3)}`;
    t.diagnostic(detail);
    assert.ok(Math.abs(ours.oob - want.mean_oob) <= 0.01, detail);
    assert.ok(Math.abs(ours.cv - want.mean_cv) <= 0.01, detail);
    assert.ok(rho >= 0.9, detail);
  });
}

for (const [name, want] of Object.entries(expected.weighted_trees)) {
  test(`${name}: a bootstrap sample given as weights grows scikit-learn's tree fitted with that sample_weight`, () => {
    const data = load(name);
    const task = expected.datasets[name].task;
    const { model } = trainTree(data, { target: 'target', task }, {}, Float64Array.from(want.counts));
    assert.equal(model.nodes.length, want.node_count);
    assert.equal(Math.max(...model.nodes.map((n) => n.depth)), want.depth);
    // In-bag rows: a row out of the sample (weight 0) may fall either side of a split that ties with
    // another on the sample (scikit-learn breaks such ties by a random feature order).
    const got = predict(model, data);
    want.counts.forEach((c, i) => {
      if (c === 0) return;
      if (task === 'classification') assert.equal(got[i], want.predictions[i], `row ${i}`);
      else assert.ok(Math.abs((got[i] as number) - (want.predictions[i] as number)) <= 1e-9 * (1 + Math.abs(got[i] as number)), `row ${i}`);
    });
  });
}

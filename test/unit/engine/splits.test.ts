// Per-column split scores: the numbers are the tree's own (each column's best split equals the
// root of a depth-1 tree trained on that column alone), and match the textbook values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import type { Criterion } from '../../../src/engine/model';
import { columnSplits } from '../../../src/engine/splits/column-splits';
import { trainTree } from '../../../src/engine/tree/train';

const sample = (name: string) => parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', `${name}.csv`)));
const near = (a: number | null | undefined, b: number, tol: number, what: string) => assert.ok(a !== null && a !== undefined && Math.abs(a - b) <= tol, `${what}: ${a} != ${b}`);

/** The dataset with only `feature` and `target`. */
function only(dataset: Dataset, feature: string, target: string): Dataset {
  return { ...dataset, columns: dataset.columns.filter((c) => c.name === feature || c.name === target) };
}

/** Root split of a depth-1 tree on one column, and its decrease N_L/N·imp_L etc. */
function depthOneRoot(dataset: Dataset, feature: string, target: string, criterion: Criterion) {
  const { model } = trainTree(only(dataset, feature, target), { target, criterion, maxDepth: 1 });
  const [root, l, r] = [model.nodes[0], model.nodes[model.nodes[0].children[0]], model.nodes[model.nodes[0].children[1]]];
  return { split: root.split, decrease: root.impurity - (l.samples / root.samples) * l.impurity - (r.samples / root.samples) * r.impurity };
}

test('bike_or_car by information gain: required_speed ≤ 20.995 with gain 0.3928, ranked first, the tree\'s root', () => {
  const report = columnSplits(sample('bike_or_car'), { target: 'go_by_car', criterion: 'entropy' });
  const top = report.splits[0];
  assert.equal(top.feature, 'required_speed');
  assert.equal(top.rank, 1);
  near(top.threshold, 20.995, 1e-9, 'threshold');
  assert.equal(top.informationGain?.toFixed(4), '0.3928');
  assert.equal(report.root?.feature, 'required_speed');
  assert.deepEqual(trainTree(sample('bike_or_car'), { target: 'go_by_car', criterion: 'entropy', maxDepth: 1 }).model.nodes[0].split, {
    feature: 'required_speed',
    kind: 'numeric',
    threshold: top.threshold,
  });
});

test('play_tennis by gain ratio (C4.5): outlook gain 0.2467 and gain ratio 0.1564, as the fixture says', () => {
  const exp = JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/parity/play_tennis/expected.json'), 'utf8'));
  const report = columnSplits(sample('play_tennis'), { target: 'play', criterion: 'gain_ratio' });
  assert.equal(report.algorithm, 'c45');
  for (const s of report.splits) {
    const e = exp.root_attribute_stats[s.feature];
    near(s.informationGain, e.info_gain, 1e-9, `gain ${s.feature}`);
    near(s.gainRatio, e.gain_ratio, 1e-9, `gain ratio ${s.feature}`);
  }
  const outlook = report.splits.find((s) => s.feature === 'outlook');
  assert.equal(outlook?.informationGain?.toFixed(4), '0.2467');
  assert.equal(outlook?.gainRatio?.toFixed(4), '0.1564');
  assert.deepEqual(outlook?.branches, [['sunny'], ['overcast'], ['rain']]);
  assert.equal(report.root?.feature, trainTree(sample('play_tennis'), { target: 'play', algorithm: 'c45' }).model.nodes[0].split?.feature);
});

for (const [name, target, criterion] of [
  ['iris', 'species', 'gini'],
  ['iris', 'species', 'entropy'],
  ['play_tennis', 'play', 'gini'],
  ['diabetes', 'disease_progression', 'squared_error'],
] as const) {
  test(`${name} (${criterion}): every column's split is the root of a depth-1 tree on that column`, () => {
    const dataset = sample(name);
    const report = columnSplits(dataset, { target, criterion });
    assert.equal(report.splits.length, dataset.columns.length - 1);
    for (const s of report.splits) {
      const root = depthOneRoot(dataset, s.feature, target, criterion);
      if (s.kind === 'numeric') assert.deepEqual(root.split, { feature: s.feature, kind: 'numeric', threshold: s.threshold });
      else assert.deepEqual(root.split?.kind === 'categorical' && root.split.branches.map((b) => [...b].sort()).sort(), s.branches?.map((b) => [...b].sort()).sort());
      near(s.score, root.decrease, 1e-9 * Math.max(1, root.decrease), `${s.feature} decrease`);
    }
    // Ranked by the score, best first.
    for (let i = 1; i < report.splits.length; i++) assert.ok(report.splits[i - 1].score >= report.splits[i].score - 1e-12);
  });
}

test('the curve peaks at the chosen threshold with the chosen score', () => {
  const report = columnSplits(sample('diabetes'), { target: 'disease_progression', curvePoints: 40 });
  for (const s of report.splits) {
    const curve = s.curve ?? [];
    assert.ok(curve.length >= 1 && curve.length <= 40, `${s.feature}: ${curve.length} points`);
    const peak = curve.reduce((a, b) => (b.score > a.score ? b : a));
    assert.equal(peak.threshold, s.threshold, s.feature);
    near(peak.score, s.score, 1e-9 * s.score, s.feature);
    for (let i = 1; i < curve.length; i++) assert.ok(curve[i].threshold > curve[i - 1].threshold);
  }
  // bmi has far more than 40 candidate thresholds: thinned to at most one per bucket of 40.
  const bmi = report.splits.find((s) => s.feature === 'bmi')?.curve?.length ?? 0;
  assert.ok(bmi > 20 && bmi <= 40, `bmi: ${bmi} points`);
});

test('missing values: counted, routed as the tree routes them; a constant column is left out', () => {
  const csv = 'x,c,k,y\n1,a,5,no\n2,,5,no\n,b,5,yes\n4,b,5,yes\n5,a,5,yes\n,,5,no\n';
  const dataset = parseCsv(csv);
  const report = columnSplits(dataset, { target: 'y', criterion: 'entropy' });
  assert.deepEqual(report.unsplittable, []);
  assert.deepEqual(report.leftOut, [{ column: 'k', reason: 'constant', detail: 'every row holds 5' }]);
  for (const s of report.splits) {
    assert.equal(s.missing, 2, s.feature);
    near(s.score, depthOneRoot(dataset, s.feature, 'y', 'entropy').decrease, 1e-12, s.feature);
  }
});

test('a target that is not a column is an input error naming it', () => {
  assert.throws(() => columnSplits(sample('iris'), { target: 'nope' }), /unknown target column "nope"/);
  assert.throws(() => columnSplits(sample('iris'), { target: 'species', criterion: 'squared_error' }), /criterion/);
});

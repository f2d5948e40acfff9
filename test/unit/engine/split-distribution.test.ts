import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { buildReport } from '../../../src/engine/report';
import { splitDistributionAt } from '../../../src/engine/split-distribution';
import type { TrainParams } from '../../../src/engine/model';

function trained(file: string, params: TrainParams, testSize?: number) {
  const dataset = parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', file)));
  const report = buildReport(dataset, { params, ...(testSize === undefined ? {} : { testSize, seed: 1 }), permutationRepeats: 0 });
  return { dataset, report, model: report.model };
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

test('numeric split: a histogram per class of the rows at the node, which add up to its class counts, with its threshold', () => {
  // With a hold-out: the rows are the training rows only, as the tree saw them.
  const { dataset, report, model } = trained('iris.csv', { target: 'species' }, 0.3);
  for (const node of model.nodes.filter((n) => n.split)) {
    const d = splitDistributionAt(dataset, model, report.settings, node.id)!;
    assert.equal(d.kind, 'numeric');
    assert.equal(d.feature, node.split!.feature);
    assert.deepEqual(d.series, model.classes);
    assert.deepEqual(d.counts.map((row, k) => sum(row) + d.missing[k]), node.value, `node ${node.id}`);
    assert.equal(d.threshold, node.split!.kind === 'numeric' ? node.split!.threshold : null);
    assert.equal(d.edges.length, d.counts[0].length + 1);
    assert.ok(d.edges[0] <= d.threshold! && d.threshold! <= d.edges.at(-1)!, 'the threshold lies on the axis');
  }
  assert.equal(splitDistributionAt(dataset, model, report.settings, model.nodes.find((n) => !n.split)!.id), null, 'a leaf has none');
});

test('categorical split: rows per category and class, and the branch each category takes', () => {
  const { dataset, report, model } = trained('play_tennis.csv', { target: 'play', algorithm: 'id3' });
  const node = model.nodes.find((n) => n.split?.kind === 'categorical')!;
  const d = splitDistributionAt(dataset, model, report.settings, node.id)!;
  assert.equal(d.kind, 'categorical');
  assert.deepEqual(d.counts.map((row, k) => sum(row) + d.missing[k]), node.value);
  const split = node.split!;
  assert.ok(split.kind === 'categorical');
  d.categories.forEach((c, i) => assert.ok(split.branches[d.branchOf[i]].includes(c), `${c} → branch ${d.branchOf[i]}`));
  const totals = d.categories.map((_, i) => sum(d.counts.map((row) => row[i])));
  assert.deepEqual(totals, [...totals].sort((a, b) => b - a), 'most rows first');
});

test('regression: one series of all rows at the node', () => {
  const { dataset, report, model } = trained('diabetes.csv', { target: 'disease_progression', maxDepth: 3 });
  const d = splitDistributionAt(dataset, model, report.settings, 0)!;
  assert.deepEqual(d.series, ['rows']);
  assert.equal(sum(d.counts[0]) + d.missing[0], model.nodes[0].samples);
});

test('a node the tree does not have is an error, not a crash', () => {
  const { dataset, report, model } = trained('iris.csv', { target: 'species', maxDepth: 1 });
  assert.throws(() => splitDistributionAt(dataset, model, report.settings, 99), /the tree has no node 99/);
});

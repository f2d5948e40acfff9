import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { InputError } from '../../../src/engine/errors';
import { bestSplitsAt } from '../../../src/engine/node-alternatives';
import { buildReport } from '../../../src/engine/report';
import type { ReportOptions } from '../../../src/engine/report-types';

function sample(name: string) {
  return parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', name)));
}

function reportOf(name: string, options: ReportOptions) {
  const dataset = sample(name);
  return { dataset, report: buildReport(dataset, options) };
}

test('at every decision node the best split found is the one the tree chose, with its branch sizes', () => {
  const { dataset, report } = reportOf('iris.csv', { params: { target: 'species' }, permutationRepeats: 0 });
  const { model } = report;
  let checked = 0;
  for (const node of model.nodes) {
    if (!node.split || node.split.kind !== 'numeric') continue;
    const splits = bestSplitsAt(dataset, model, report.settings, node.id);
    assert.ok(splits.length >= 1 && splits.length <= 5);
    const best = splits[0];
    assert.equal(best.feature, node.split.feature, `node ${node.id}`);
    assert.equal(best.chosen, true);
    assert.equal(best.condition, `${node.split.feature} ≤ ${Number(node.split.threshold.toPrecision(6))}`);
    for (const s of splits) assert.doesNotMatch(s.condition, /\d{7}/, 'thresholds are shown rounded');
    assert.deepEqual(best.childSamples, node.children.map((c) => model.nodes[c].samples));
    assert.equal(best.scoreName, 'Gini decrease');
    for (let i = 1; i < splits.length; i++) assert.ok(splits[i].score <= splits[i - 1].score && !splits[i].chosen);
    checked++;
  }
  assert.ok(checked >= 3);
});

test('with a hold-out split only the training rows count, as in the tree', () => {
  const { dataset, report } = reportOf('iris.csv', { params: { target: 'species', maxDepth: 3 }, testSize: 0.3, seed: 7, permutationRepeats: 0 });
  const root = report.model.nodes[0];
  assert.equal(root.samples, 105);
  const [best] = bestSplitsAt(dataset, report.model, report.settings, 0);
  assert.equal(best.childSamples.reduce((a, b) => a + b, 0), 105);
  assert.deepEqual(best.childSamples, root.children.map((c) => report.model.nodes[c].samples));
});

test('a non-stratified hold-out is re-drawn non-stratified: the root\'s split counts the tree\'s rows', () => {
  const { dataset, report } = reportOf('iris.csv', { params: { target: 'species', maxDepth: 2 }, testSize: 0.3, seed: 7, stratify: false, permutationRepeats: 0 });
  const root = report.model.nodes[0];
  const [best] = bestSplitsAt(dataset, report.model, report.settings, 0);
  assert.deepEqual(best.childSamples, root.children.map((c) => report.model.nodes[c].samples));
});

test('ID3: one branch per category, scored by information gain', () => {
  const { dataset, report } = reportOf('play_tennis.csv', { params: { target: 'play', algorithm: 'id3' }, permutationRepeats: 0 });
  const splits = bestSplitsAt(dataset, report.model, report.settings, 0);
  assert.equal(splits[0].feature, 'outlook');
  assert.equal(splits[0].condition, 'outlook (3 branches)');
  assert.deepEqual([...splits[0].childSamples].sort(), [4, 5, 5]);
  assert.equal(splits[0].scoreName, 'information gain');
  assert.ok(Math.abs(splits[0].score - 0.24674981977443933) < 1e-12);
  assert.equal(splits.length, 4);
});

test('a node that does not exist is bad input', () => {
  const { dataset, report } = reportOf('play_tennis.csv', { params: { target: 'play' }, permutationRepeats: 0 });
  assert.throws(() => bestSplitsAt(dataset, report.model, report.settings, report.model.nodes.length), InputError);
  assert.throws(() => bestSplitsAt(dataset, report.model, report.settings, -1), InputError);
});

// C4.5 prunes by design: with no pruning asked for, `--algorithm c45` (engine, CLI, extension
// settings) applies pessimistic pruning; `--prune none` keeps the tree as grown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { buildReport } from '../../../src/engine/report';
import { resolvePostProcessing } from '../../../src/engine/prune/post-process';
import { prunePessimistic } from '../../../src/engine/prune/pessimistic';
import { trainTree } from '../../../src/engine/tree/train';
import { serializeModel } from '../../../src/engine/tree/model-json';
import { DEFAULT_TRAIN_SETTINGS, reportOptions } from '../../../src/shared/train-settings';
import { useCli } from '../helpers/cli';

const csvPath = path.join(process.cwd(), 'test/fixtures/metrics/trained-tree.csv');
const data = parseCsv(readFileSync(csvPath));
const params = { target: 'label', algorithm: 'c45' as const };

test('the default pruning is the algorithm\'s: pessimistic for C4.5, none for CART and ID3', () => {
  assert.equal(resolvePostProcessing({ algorithm: 'c45' }).prune, 'pessimistic');
  assert.equal(resolvePostProcessing({ algorithm: 'cart' }).prune, 'none');
  assert.equal(resolvePostProcessing({ algorithm: 'id3' }).prune, 'none');
  assert.equal(resolvePostProcessing({}).prune, 'none');
  assert.equal(resolvePostProcessing({ algorithm: 'c45', prune: 'none' }).prune, 'none');
  assert.equal(resolvePostProcessing({ algorithm: 'c45', ccpAlpha: 0.01 }).prune, 'cost-complexity');
});

test('report: C4.5 is pruned pessimistically unless prune is none', () => {
  const pruned = buildReport(data, { params, permutationRepeats: 0, simplify: false });
  assert.equal(pruned.settings.prune, 'pessimistic');
  assert.ok(pruned.final.nodes < pruned.grown.nodes, `${pruned.final.nodes} < ${pruned.grown.nodes}`);
  assert.deepEqual(pruned.model, prunePessimistic(trainTree(data, params).model, 0.5));
  const grown = buildReport(data, { params, prune: 'none', permutationRepeats: 0, simplify: false });
  assert.equal(grown.settings.prune, 'none');
  assert.equal(grown.final.nodes, grown.grown.nodes);
});

test('extension settings: prune "auto" (the default) gives C4.5 its pessimistic pruning', () => {
  const c45 = buildReport(data, { ...reportOptions({ ...DEFAULT_TRAIN_SETTINGS, algorithm: 'c45' }, 'label'), permutationRepeats: 0 });
  assert.equal(c45.settings.prune, 'pessimistic');
  const cart = buildReport(data, { ...reportOptions({ ...DEFAULT_TRAIN_SETTINGS, maxDepth: 3 }, 'label'), permutationRepeats: 0 });
  assert.equal(cart.settings.prune, 'none');
  const none = buildReport(data, { ...reportOptions({ ...DEFAULT_TRAIN_SETTINGS, algorithm: 'c45', prune: 'none' }, 'label'), permutationRepeats: 0 });
  assert.equal(none.settings.prune, 'none');
});

const cli = useCli();

test('train --algorithm c45 writes the pessimistically pruned tree; --prune none the grown one', () => {
  const pruned = cli.run('train', csvPath, '--target', 'label', '--algorithm', 'c45');
  assert.equal(pruned.status, 0, pruned.stderr);
  const grownModel = trainTree(data, params).model;
  const nodesOf = (json: string) => (JSON.parse(json) as { nodes: unknown[] }).nodes;
  assert.deepEqual(nodesOf(pruned.stdout), nodesOf(serializeModel(prunePessimistic(grownModel, 0.5))));
  const grown = cli.run('train', csvPath, '--target', 'label', '--algorithm', 'c45', '--prune', 'none');
  assert.equal(grown.status, 0, grown.stderr);
  assert.deepEqual(nodesOf(grown.stdout), nodesOf(serializeModel(grownModel)));
  assert.ok(nodesOf(pruned.stdout).length < nodesOf(grown.stdout).length);
});

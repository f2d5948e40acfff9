// The Compare tab's diff runs in the worker (src/worker/jobs/diff.ts), not on the extension host's
// thread: through the real worker, a depth-2 iris tree against the fully grown one.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WorkerBridge } from '../../../src/host/worker-bridge';
import { nodeEngine } from '../../../src/host/node-platform';
import { parseCsv } from '../../../src/engine/csv/read';
import { buildReportBody } from '../../../src/engine/report';
import { packModel } from '../../../src/shared/report-transfer';
import { diffTrees } from '../../../src/shared/tree-diff';
import { bundleWorker } from '../helpers/worker-bundle';

let bridge: WorkerBridge;
before(async () => {
  const engineFile = await bundleWorker();
  bridge = new WorkerBridge(() => nodeEngine(engineFile));
});

test('diffTrees job: the depth-2 tree matches the grown tree\'s top by place, and the grown tree\'s deeper nodes are its own', async () => {
  const iris = parseCsv(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv')));
  const small = buildReportBody(iris, { params: { target: 'species', maxDepth: 2 }, permutationRepeats: 0 }).model;
  const full = buildReportBody(iris, { params: { target: 'species' }, permutationRepeats: 0 }).model;
  const diff = await bridge.run('diffTrees', { a: packModel(small), b: packModel(full) }).result;
  assert.deepEqual(diff, diffTrees(small, full));
  assert.equal(diff.a[0], 'same', 'the same root question (petal ≤ 2.45)');
  assert.equal(diff.a.length, small.nodes.length);
  assert.equal(diff.b.filter((m) => m === 'only').length, full.nodes.length - small.nodes.length, 'every node below depth 2 is only the grown tree\'s');
  assert.ok(diff.a.includes('changed'), 'the depth-2 leaves stand where the grown tree splits again');
});

// The hover job in the real engine worker: an unsaved document's text in, the data set, the
// record index and the split scores back (moved, not copied), equal to the in-process result.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { WorkerBridge } from '../../../src/host/worker-bridge';
import { nodeEngine } from '../../../src/host/node-platform';
import { parseCsv } from '../../../src/engine/csv/read';
import { recordStartLines } from '../../../src/engine/locate/record-lines';
import { buildHoverData } from '../../../src/worker/jobs/hover-data';
import { bundleWorker } from '../helpers/worker-bundle';

let bridge: WorkerBridge;
before(async () => {
  const engineFile = await bundleWorker();
  bridge = new WorkerBridge(() => nodeEngine(engineFile));
});
after(() => bridge.dispose());

test('hover job: text with a multi-line quoted field, scored against the requested target', async () => {
  const text = 'x;note;y\n1;"a\nb";no\n2;plain;no\n3;"c;d";yes\n4;e;yes\n';
  const data = await bridge.run('hover', { source: { kind: 'text', text }, fileName: 'u.csv', request: { target: 'y', criterion: 'entropy' } }).result;
  assert.equal(data.dataset.rowCount, 4);
  assert.equal(data.dataset.delimiter, ';');
  assert.deepEqual([...data.recordStarts], [0, 1, 3, 4, 5]);
  assert.equal(data.target, 'y');
  assert.equal(data.splits?.splits[0].feature, 'x');
  assert.equal(data.splits?.splits[0].threshold, 2.5);
  const local = buildHoverData(parseCsv(text), recordStartLines(text, ';'), { target: 'y', criterion: 'entropy' });
  assert.deepEqual(data.splits, local.splits);
  assert.deepEqual(data.profiles, local.profiles);
});

test('hover job: a remembered target that is gone falls back to the last column; bad CSV fails with its line', async () => {
  const data = await bridge.run('hover', { source: { kind: 'text', text: 'a,b\n1,x\n2,y\n' }, fileName: 'u.csv', request: { target: 'gone' } }).result;
  assert.equal(data.target, 'b');
  await assert.rejects(bridge.run('hover', { source: { kind: 'text', text: 'a,b\n1,"x\n' }, fileName: 'u.csv', request: {} }).result, /line 2/);
});

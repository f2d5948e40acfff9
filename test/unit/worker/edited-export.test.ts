// Issue 18: an edited tree's snipped subtrees travel with it from the worker to the host (the
// report's transfer form, src/shared/report-transfer.ts), so the model JSON the panel exports
// keeps them and, loaded back, its snipped nodes can be restored — to the grown tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { applyEdit } from '../../../src/engine/edit/apply';
import { decodeModel } from '../../../src/engine/model-columns';
import { parseTreeFile } from '../../../src/engine/forest/tree-model-file';
import { serializeModel } from '../../../src/engine/tree/model-json';
import { trainTree } from '../../../src/engine/tree/train';
import { packModel } from '../../../src/shared/report-transfer';
import { exportJob } from '../../../src/worker/jobs/export';

const iris = parseCsv(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv')));

test('snipped subtrees (nested ones too) survive the transfer form, and the exported model restores to the grown tree', () => {
  const grown = trainTree(iris, { target: 'species' }).model;
  const outer = grown.nodes[0].children[1];
  const inner = grown.nodes[outer].children[0];
  // Snip inside first, then its ancestor: the ancestor keeps a subtree that keeps one.
  const edited = applyEdit(iris, applyEdit(iris, grown, { op: 'snip', node: inner }), { op: 'snip', node: outer });
  const crossed = structuredClone(packModel(edited));
  assert.equal(serializeModel(decodeModel(crossed).model), serializeModel(edited));
  const loaded = parseTreeFile(exportJob({ model: crossed, format: 'model' }).content);
  assert.deepEqual(loaded, edited);
  const restored = applyEdit(iris, loaded, { op: 'restore', node: outer });
  assert.deepEqual(applyEdit(iris, restored, { op: 'restore', node: inner }).nodes, grown.nodes);
});

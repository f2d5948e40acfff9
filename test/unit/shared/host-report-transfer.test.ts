import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TreeReport } from '../../../src/engine/report-types';
import { packedBuffers, packReport } from '../../../src/shared/report-transfer';
import { nodeAt } from '../../../src/engine/tree-columns';
import { bigTree } from '../helpers/big-tree';

test('a big tree crosses to the host as columns, moved not copied, and the host reads it as it arrives', () => {
  const model = bigTree(15, 'classification');
  const pruningPath = { ccpAlphas: [0, 0.5], impurities: [0.1, 0.4], nodeCounts: [model.nodes.length, 1], leafCounts: [16384, 1] };
  // A whole report's rules are left out: the host reads them off the tree.
  const report = { model, pruningPath, trainingRows: 9, rules: [{ leaf: 1 }] } as unknown as TreeReport;
  const sent = packReport(report);
  assert.equal('rules' in sent, false);
  // Moved, not copied: the sender's arrays are left empty.
  const packed = structuredClone(sent, { transfer: packedBuffers(sent) });
  assert.equal(sent.model.nodes.depth.length, 0);
  assert.equal(sent.pruningPath.ccpAlphas.length, 0);
  assert.equal(packed.model.totalNodes, model.nodes.length);
  assert.equal(packed.trainingRows, 9);
  assert.deepEqual(Object.fromEntries(Object.entries(packed.pruningPath).map(([k, v]) => [k, Array.from(v)])), pruningPath);
  for (const id of [0, 1, 2, 16383, 16384, model.nodes.length - 1]) assert.deepEqual(nodeAt(packed.model, id), model.nodes[id]);
});

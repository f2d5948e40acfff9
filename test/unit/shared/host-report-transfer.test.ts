import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReportBody } from '../../../src/engine/report';
import { packedBuffers, packReport } from '../../../src/shared/report-transfer';
import { unpackReport } from '../../../src/host/unpack-report';
import { bigTree } from '../helpers/big-tree';

test('a big tree crosses to the host as columns and is decoded a batch at a time, letting other work run', async () => {
  const model = bigTree(15, 'classification');
  const pruningPath = { ccpAlphas: [0, 0.5], impurities: [0.1, 0.4], nodeCounts: [model.nodes.length, 1], leafCounts: [16384, 1] };
  const body = { model, pruningPath, trainingRows: 9 } as unknown as ReportBody;
  const sent = packReport(body);
  // Moved, not copied: the sender's arrays are left empty.
  const packed = structuredClone(sent, { transfer: packedBuffers(sent) });
  assert.equal(sent.model.nodes.depth.length, 0);
  assert.equal(sent.pruningPath.ccpAlphas.length, 0);
  assert.equal(packed.model.totalNodes, model.nodes.length);
  let turns = 0;
  const other = setInterval(() => turns++, 0);
  const { report, packedModel } = await unpackReport(packed);
  clearInterval(other);
  assert.ok(turns >= 2, `other work ran ${turns} times while ${model.nodes.length} nodes were decoded`);
  assert.deepEqual(report.model, model);
  assert.equal(packedModel, packed.model);
  assert.equal(report.trainingRows, 9);
  assert.deepEqual(report.pruningPath, pruningPath);
});

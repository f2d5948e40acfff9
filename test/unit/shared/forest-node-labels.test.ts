// A forest's tree says what its node weights are: on a bootstrap draw, the distinct rows and the
// rows drawn with their repeats (a node read "samples = 91 (weight 150)"); a tree trained with
// weights keeps "weight"; without bootstrap there is nothing to explain.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { encodeModel, decodeModel } from '../../../src/engine/model-columns';
import { memberModel } from '../../../src/engine/forest/predict';
import { inBagCounts } from '../../../src/engine/forest/bootstrap';
import { planForest } from '../../../src/engine/forest/plan';
import { trainForest } from '../../../src/engine/forest/train';
import { firstSlice } from '../../../src/shared/tree-slices';
import { nodeLines } from '../../../src/shared/render/tree-labels';

const iris = parseCsv(readFileSync(path.join('test/fixtures/forest', 'iris.csv')));

test("a bootstrap tree's root: its distinct rows and its 150 draws with repeats, as the forest view gets it", () => {
  const params = { target: 'target', ensemble: 'forest', nTrees: 3, seed: 1 } as const;
  const f = trainForest(iris, params);
  const member = memberModel(f.model, 0);
  assert.equal(member.weightsAreDraws, true);
  // The bootstrap counts of tree 0: the rows it drew at least once, and 150 draws in all.
  const counts = inBagCounts(planForest(iris, params), 0);
  const distinct = Array.from(counts).filter((c) => c > 0).length;
  assert.ok(distinct < 150);
  // Sent to the forest view as the host sends it (columns, first slice) and decoded there.
  const shown = decodeModel(firstSlice(encodeModel(member))).model;
  assert.equal(nodeLines(shown, shown.nodes[0])[1], `samples = ${distinct} distinct rows, 150 with repeats`);
});

test('no bootstrap: no weights to explain; a bootstrap with sample weights keeps "weight"', () => {
  const plain = memberModel(trainForest(iris, { target: 'target', ensemble: 'forest', nTrees: 1, bootstrap: false }).model, 0);
  assert.equal(plain.weightsAreDraws, undefined);
  assert.equal(nodeLines(plain, plain.nodes[0])[1], 'samples = 150');
  const weighted = memberModel(trainForest(iris, { target: 'target', ensemble: 'forest', nTrees: 1, classWeight: 'balanced' }).model, 0);
  assert.equal(weighted.weightsAreDraws, undefined);
  assert.match(nodeLines(weighted, weighted.nodes[0])[1], /^samples = \d+ \(weight [\d.]+\)$/);
});

// "Find node" (src/shared/render/find-nodes.ts) on iris: by id, by feature, by condition, by answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainTree } from '../../../src/engine/tree/train';
import { findNodes } from '../../../src/shared/render/find-nodes';

const { model } = trainTree(parseCsv(readFileSync('media/samples/iris.csv', 'utf8')), { target: 'species' });

test('a number is a node id; a word is a feature, a condition or an answer, case and wrap points ignored', () => {
  assert.deepEqual(findNodes(model, '12'), [12]);
  assert.deepEqual(findNodes(model, '#0'), [0]);
  assert.deepEqual(findNodes(model, '999'), []);
  const width = findNodes(model, 'PETAL_WIDTH');
  assert.ok(width.length > 0 && width.every((id) => model.nodes[id].split?.feature === 'petal_width_cm'), String(width));
  assert.deepEqual(findNodes(model, 'petal_\u200bwidth'), width);
  assert.deepEqual(findNodes(model, '≤ 2.45'), [0]);
  const setosa = findNodes(model, 'setosa');
  assert.ok(setosa.length === 1 && model.nodes[setosa[0]].children.length === 0 && model.nodes[setosa[0]].prediction === 'setosa');
  assert.deepEqual(findNodes(model, '  '), []);
});

// The exact builder's sorted samples keep each sample's class in one byte up to 256 classes and
// in two bytes beyond; values travel as ranks. A fully grown tree must still separate every class.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../../src/engine/random';
import { predict } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';
import { cat, dataset, num } from '../helpers/tree-data';

function separable(classes: number): { labels: string[]; data: ReturnType<typeof dataset> } {
  const rng = createRng(classes);
  const x: number[] = [];
  const noise: number[] = [];
  const labels: string[] = [];
  for (let c = 0; c < classes; c++) {
    for (let k = 0; k < 3; k++) {
      x.push(c * 10 + k);
      noise.push(Math.round(rng() * 100));
      labels.push(`class ${c}`);
    }
  }
  return { labels, data: dataset(num('noise', noise), num('x', x), cat('y', labels)) };
}

for (const classes of [200, 300]) {
  test(`a fully grown tree separates ${classes} classes on the training rows`, () => {
    const { labels, data } = separable(classes);
    // x rises with the row, as a row number would (left-out.ts): kept.
    const { model } = trainTree(data, { target: 'y', keep: ['x'] });
    assert.equal(model.classes?.length, classes);
    assert.deepEqual(predict(model, data), labels);
    // Every leaf is pure.
    for (const node of model.nodes) {
      if (node.children.length === 0) assert.equal((node.value as number[]).filter((v) => v > 0).length, 1);
    }
  });
}

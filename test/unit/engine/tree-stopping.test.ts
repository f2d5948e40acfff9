// The stopping rules every builder shares (stopping.ts): null is the one spelling of "no limit".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveParams } from '../../../src/engine/tree/params';
import { EPSILON, improvesEnough, mightSplit, reached } from '../../../src/engine/tree/stopping';

test('reached: a null limit is never reached; a number is reached at and beyond it', () => {
  assert.equal(reached(0, null), false);
  assert.equal(reached(1e9, null), false);
  assert.equal(reached(2, 3), false);
  assert.equal(reached(3, 3), true);
  assert.equal(reached(4, 3), true);
});

test('mightSplit: max depth (null: none), min samples split and 2·min samples leaf, pure nodes', () => {
  const unlimited = resolveParams({ target: 'y' }, 'classification');
  assert.equal(unlimited.maxDepth, null);
  assert.equal(mightSplit(unlimited, 500, 10, 0.5), true);
  const p = resolveParams({ target: 'y', maxDepth: 3, minSamplesSplit: 6, minSamplesLeaf: 4 }, 'classification');
  assert.equal(mightSplit(p, 2, 10, 0.5), true);
  assert.equal(mightSplit(p, 3, 10, 0.5), false, 'depth');
  assert.equal(mightSplit(p, 0, 7, 0.5), false, 'fewer than 2·min samples leaf');
  assert.equal(mightSplit(resolveParams({ target: 'y', minSamplesSplit: 6 }, 'classification'), 0, 5, 0.5), false, 'min samples split');
  assert.equal(mightSplit(unlimited, 0, 10, EPSILON), false, 'pure');
});

test('improvesEnough: scikit-learn\'s improvement + ε ≥ min impurity decrease', () => {
  const p = resolveParams({ target: 'y', minImpurityDecrease: 0.1 }, 'classification');
  assert.equal(improvesEnough(p, 0.1), true);
  assert.equal(improvesEnough(p, 0.09), false);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PruningPath } from '../../../src/engine/prune/types';
import { MAX_SLIDER_STEPS, pathIndex, sliderSteps } from '../../../src/shared/pruning-steps';

/** A fully grown tree's path: each step prunes one split (two nodes), alphas ascending. */
function longPath(nodes: number): PruningPath {
  const nodeCounts: number[] = [];
  for (let c = nodes; c >= 1; c -= 2) nodeCounts.push(c);
  return {
    ccpAlphas: nodeCounts.map((_, i) => i * 1e-6),
    impurities: nodeCounts.map((_, i) => i * 0.01),
    nodeCounts,
    leafCounts: nodeCounts.map((c) => (c + 1) / 2),
  };
}

test('a pruning path too long for a slider keeps its ends, the tree shown and every small tree', () => {
  const path = longPath(400_001);
  const shownAlpha = path.ccpAlphas[123_457];
  const steps = sliderSteps(path, shownAlpha);
  assert.ok(steps.ccpAlphas.length <= MAX_SLIDER_STEPS + 2 && steps.ccpAlphas.length > MAX_SLIDER_STEPS / 2, `${steps.ccpAlphas.length} steps`);
  assert.equal(steps.nodeCounts[0], 400_001);
  assert.equal(steps.nodeCounts[steps.nodeCounts.length - 1], 1);
  assert.equal(steps.ccpAlphas[pathIndex(steps.ccpAlphas, shownAlpha)], shownAlpha, 'the tree shown is a step of its own');
  // Each kept step is a step of the path, with its own counts and impurity.
  for (let k = 0; k < steps.ccpAlphas.length; k++) {
    const i = path.ccpAlphas.indexOf(steps.ccpAlphas[k]);
    assert.deepEqual([steps.nodeCounts[k], steps.leafCounts[k], steps.impurities[k]], [path.nodeCounts[i], path.leafCounts[i], path.impurities[i]]);
    if (k > 0) assert.ok(steps.ccpAlphas[k] > steps.ccpAlphas[k - 1]);
  }
  const small = path.nodeCounts.filter((c) => c <= 101);
  assert.deepEqual(steps.nodeCounts.filter((c) => c <= 101), small, 'trees of up to 101 nodes keep every step');
  // Above them, spaced evenly in log(node count): no gap much wider than the rest.
  const gaps = steps.nodeCounts.slice(1).filter((c) => c > 101).map((c, k) => steps.nodeCounts[k] / c);
  assert.ok(Math.max(...gaps) < 1.05, `widest step ×${Math.max(...gaps).toFixed(3)}`);
});

test('a pruning path a slider can take goes unchanged', () => {
  const path = longPath(1999);
  assert.equal(sliderSteps(path, 0), path);
});

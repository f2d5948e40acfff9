import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entropyProxy, giniProxy, squaredErrorProxy } from '../../../src/engine/tree/criterion';
import { classImpurity } from '../../../src/engine/tree/criteria';
import { entropy, gini } from '../../../src/engine/impurity';
import { createRng } from '../../../src/engine/random';

const sum = (a: Float64Array) => a.reduce((x, y) => x + y, 0);

test('class proxies equal minus the weighted child impurity, up to the node constant', () => {
  const rng = createRng(3);
  for (let trial = 0; trial < 200; trial++) {
    const k = 2 + Math.floor(rng() * 4);
    const left = Float64Array.from({ length: k }, () => Math.floor(rng() * 20));
    const right = Float64Array.from({ length: k }, () => Math.floor(rng() * 20));
    left[0] += 1;
    right[0] += 1;
    const wl = sum(left);
    const wr = sum(right);
    const g = giniProxy(left, 0, k, wl) + giniProxy(right, 0, k, wr);
    assert.ok(Math.abs(g - (wl + wr - wl * gini(left) - wr * gini(right))) < 1e-9);
    const h = entropyProxy(left, 0, k, wl) + entropyProxy(right, 0, k, wr);
    assert.ok(Math.abs(h + (wl * entropy(left, 'nats') + wr * entropy(right, 'nats'))) < 1e-9);
  }
});

test('squared-error proxy: Σy² − proxy is the children\'s summed squared error', () => {
  const ys = [1, 4, 4, 7, 10, -2];
  for (let cut = 1; cut < ys.length; cut++) {
    const l = ys.slice(0, cut);
    const r = ys.slice(cut);
    const sse = (a: number[]) => {
      const m = a.reduce((x, y) => x + y, 0) / a.length;
      return a.reduce((x, y) => x + (y - m) ** 2, 0);
    };
    const proxy = squaredErrorProxy(Float64Array.of(l.reduce((a, b) => a + b, 0)), 0, 1, l.length) + squaredErrorProxy(Float64Array.of(r.reduce((a, b) => a + b, 0)), 0, 1, r.length);
    const sq = ys.reduce((a, y) => a + y * y, 0);
    assert.ok(Math.abs(sq - proxy - (sse(l) + sse(r))) < 1e-9);
  }
});

test('node impurity: Gini, and entropy in bits like scikit-learn', () => {
  assert.equal(classImpurity('gini', Float64Array.of(35, 35, 35), 105), 1 - 3 / 9);
  assert.ok(Math.abs(classImpurity('entropy', Float64Array.of(35, 35, 35), 105) - Math.log2(3)) < 1e-12);
  assert.equal(classImpurity('gini', Float64Array.of(0, 7), 7), 0);
});

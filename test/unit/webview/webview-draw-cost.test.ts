import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DrawCost, roughDuration } from '../../../webview/draw-cost';

test('before any big draw, the estimate uses the default rate, proportional to the node count', () => {
  const cost = new DrawCost();
  const one = cost.estimateMs(1000);
  assert.ok(one > 0);
  assert.equal(cost.estimateMs(5000), 5 * one);
});

test('the largest draw so far sets the rate; small draws (mostly start-up cost) and smaller ones do not', () => {
  const cost = new DrawCost();
  const before = cost.estimateMs(1000);
  cost.record(31, 900); // the folded first view: 29 ms a node, but mostly Mermaid's start-up
  assert.equal(cost.estimateMs(1000), before);
  cost.record(800, 4000);
  assert.equal(cost.estimateMs(1000), 5000);
  cost.record(400, 4000); // smaller than the draw that set the rate
  assert.equal(cost.estimateMs(1000), 5000);
  cost.record(1600, 16000);
  assert.equal(cost.estimateMs(1000), 10000);
  cost.record(2000, Number.NaN);
  assert.equal(cost.estimateMs(1000), 10000);
});

test('durations read as a person would say them', () => {
  assert.equal(roughDuration(400), 'under a second');
  assert.equal(roughDuration(12_400), 'about 12 s');
  assert.equal(roughDuration(150_000), 'about 3 min');
  assert.equal(roughDuration(4 * 3_600_000), 'about 4 h');
});

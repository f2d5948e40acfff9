// A forest thread's working arrays (tree/scratch.ts): one buffer per name, reused while it is large
// enough and of the asked type, replaced otherwise; what is handed out is a view of exactly the
// asked length.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Scratch } from '../../../src/engine/tree/scratch';

test('a name keeps its buffer while it is large enough and of the same type', () => {
  const scratch = new Scratch();
  const first = scratch.ints('order', 100);
  assert.ok(first instanceof Int32Array);
  assert.equal(first.length, 100);
  first[0] = 7;
  const smaller = scratch.ints('order', 60);
  assert.equal(smaller.length, 60);
  assert.equal(smaller.buffer, first.buffer, 'reused');
  assert.equal(smaller[0], 7, "its contents are the last user's");
  assert.notEqual(scratch.ints('keys', 60).buffer, first.buffer, 'another name, another buffer');
});

test('a larger length or another type replaces the buffer', () => {
  const scratch = new Scratch();
  const first = scratch.bytes('slots', 100);
  const room = scratch.bytes('slots', 105);
  assert.equal(room.buffer, first.buffer, 'a little room was kept for a slightly larger next sample');
  const larger = scratch.bytes('slots', 1000);
  assert.notEqual(larger.buffer, first.buffer);
  assert.equal(larger.length, 1000);
  const shorts = scratch.shorts('slots', 10);
  assert.ok(shorts instanceof Uint16Array, 'more than 256 classes: 16-bit slots');
  assert.ok(scratch.doubles('slots', 10) instanceof Float64Array);
  assert.ok(scratch.bytes('slots', 10) instanceof Uint8Array);
});

test('a store is reset for the next tree and kept per value size', () => {
  const scratch = new Scratch();
  const store = scratch.store(3);
  store.addNode(0, 10, 10, 0.5, [1, 2, 3]);
  store.addNode(1, 4, 4, 0, [1, 0, 0]);
  assert.equal(store.count, 2);
  assert.equal(scratch.store(3), store);
  assert.equal(store.count, 0, 'empty for the next tree');
  assert.notEqual(scratch.store(1), store);
  assert.equal(scratch.store(1).valueDim, 1);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { argsortFloat64 } from '../../../src/engine/tree/argsort';
import { midpoint } from '../../../src/engine/tree/cart-splitter';
import { createRng } from '../../../src/engine/random';

function reference(values: Float64Array): number[] {
  const rank = (v: number) => (Number.isNaN(v) ? Infinity : v);
  return Array.from(values.keys()).sort((a, b) => {
    const na = Number.isNaN(values[a]);
    const nb = Number.isNaN(values[b]);
    if (na !== nb) return na ? 1 : -1;
    return rank(values[a]) - rank(values[b]) || a - b;
  });
}

for (const n of [0, 1, 5, 64, 65, 1000, 20000]) {
  test(`argsortFloat64 orders ${n} values like a stable sort, NaN last`, () => {
    const rng = createRng(n + 1);
    const pool = [0, -0, 1.5, -1.5, Infinity, -Infinity, NaN, 1e-300, -1e300, 3];
    const values = Float64Array.from({ length: n }, () => (rng() < 0.3 ? pool[Math.floor(rng() * pool.length)] : (rng() - 0.5) * 1e6));
    const out = new Int32Array(n);
    argsortFloat64(values, out);
    const want = reference(values);
    // Equal values may come in either sign of zero; compare values then the index order of ties.
    assert.deepEqual(Array.from(out, (i) => (values[i] === 0 ? 0 : values[i])), want.map((i) => (values[i] === 0 ? 0 : values[i])));
    for (let p = 1; p < n; p++) {
      const a = values[out[p - 1]];
      const b = values[out[p]];
      if (a === b || (Number.isNaN(a) && Number.isNaN(b))) assert.ok(out[p - 1] < out[p], 'ties keep index order');
    }
  });
}

test('midpoint lies in [lo, hi) even between adjacent doubles', () => {
  const rng = createRng(7);
  for (let i = 0; i < 2000; i++) {
    const lo = (rng() - 0.5) * 10 ** Math.floor(rng() * 40 - 20);
    const buf = new Float64Array([lo]);
    const bits = new BigInt64Array(buf.buffer);
    bits[0] += lo >= 0 ? 1n : -1n; // the next double away from zero...
    const other = buf[0];
    const [a, b] = lo < other ? [lo, other] : [other, lo];
    const t = midpoint(a, b);
    assert.ok(t >= a && t < b, `${a} ${b} -> ${t}`);
  }
  assert.equal(midpoint(1, 2), 1.5);
  assert.ok(Number.isFinite(midpoint(1.7e308, 1.79e308)));
});

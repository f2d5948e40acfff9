import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseNumberBytes } from '../../src/engine/csv/number-bytes';
import { createRng } from '../../src/engine/random';

const parse = (s: string) => {
  const b = new TextEncoder().encode(s);
  return parseNumberBytes(b, 0, b.length);
};

test('parses decimal forms exactly as Number() does', () => {
  for (const s of ['0', '-0', '7', '+7', '-7.25', '.5', '5.', '1e3', '1E-3', '2.5e+10', '000123', '0.1', '0.30000000000000004',
    '123456789012345678901234567890', '9007199254740993', '1.7976931348623157e308', '5e-324', '4.9406564584124654e-324', '0.000001234567890123456789']) {
    assert.ok(Object.is(parse(s), Number(s)), `${s}: ${parse(s)} vs ${Number(s)}`);
  }
});

test('rejects what is not a finite decimal number', () => {
  for (const s of ['', '-', '+', '.', 'e5', '1e', '1e+', '0x1F', 'Infinity', '-inf', 'NaN', '1,0', '1 0', '1.2.3', '1e5.5', '2e400', '--1', '١٢']) {
    assert.ok(Number.isNaN(parse(s)), s);
  }
});

test('agrees with Number() on many random decimals (correct rounding on the fast path)', () => {
  const random = createRng(42);
  for (let k = 0; k < 50000; k++) {
    const digits = 1 + Math.floor(random() * 20);
    let s = random() < 0.3 ? '-' : '';
    for (let i = 0; i < digits; i++) s += Math.floor(random() * 10);
    if (random() < 0.7) {
      const at = 1 + Math.floor(random() * s.length);
      s = s.slice(0, at) + '.' + s.slice(at);
    }
    if (random() < 0.3) s += 'e' + (Math.floor(random() * 60) - 30);
    if (!Number.isFinite(Number(s)) || s === '-' || s.endsWith('-.')) continue;
    assert.ok(Object.is(parse(s), Number(s)), `${s}: ${parse(s)} vs ${Number(s)}`);
  }
});

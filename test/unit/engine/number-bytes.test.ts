import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsedNumber, parseNumberInto, scanDecimal, scannedScale } from '../../../src/engine/csv/number-bytes';
import { createRng } from '../../../src/engine/random';

const parse = (s: string) => {
  const b = new TextEncoder().encode(s);
  return parseNumberInto(b, 0, b.length) ? parsedNumber[0] : NaN;
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

test('every double round-trips through its shortest and its 16-19 digit spellings', () => {
  const random = createRng(7);
  const words = new Uint32Array(2);
  const view = new Float64Array(words.buffer);
  for (let k = 0; k < 50000; k++) {
    // Random bit patterns between 1e-7 and 1e15 exercise every exponent of typical data.
    words[0] = Math.floor(random() * 2 ** 32);
    words[1] = 0x3e700000 + Math.floor(random() * (0x43100000 - 0x3e700000));
    const x = view[0];
    for (const s of [String(x), x.toPrecision(16), x.toPrecision(17), x.toPrecision(18), x.toPrecision(19), String(Math.fround(x))]) {
      assert.ok(Object.is(parse(s), Number(s)), `${s}: ${parse(s)} vs ${Number(s)}`);
    }
  }
});

test('halfway cases between two doubles round to even, as Number() does', () => {
  // 2^53 + 1 and friends: exactly between two doubles.
  for (const s of ['9007199254740993', '9007199254740995', '900719925474099.3', '0.9007199254740993', '1.00000000000000011102230246251565404236316680908203125', '4503599627370496.5', '4503599627370497.5']) {
    assert.ok(Object.is(parse(s), Number(s)), `${s}: ${parse(s)} vs ${Number(s)}`);
  }
});

test('decimals a hair away from the midpoint between two doubles round like Number()', () => {
  const random = createRng(11);
  const view = new Float64Array(1);
  const bits = new BigUint64Array(view.buffer);
  for (let k = 0; k < 3000; k++) {
    view[0] = 10 ** (random() * 22 - 7); // 1e-7 … 1e15
    const exponent = Number((bits[0] >> 52n) & 0x7ffn) - 1075;
    const mantissa = (bits[0] & ((1n << 52n) - 1n)) | (1n << 52n);
    // The midpoint (2m + 1)·2^(exponent − 1), exactly, as decimal digits and a power of ten.
    const q = 1 - exponent;
    const digits = q > 0 ? ((2n * mantissa + 1n) * 5n ** BigInt(q)).toString() : ((2n * mantissa + 1n) << BigInt(-q)).toString();
    const power = q > 0 ? -q : 0;
    for (const keep of [16, 17, 18, 19]) {
      if (digits.length <= keep) continue;
      for (const delta of [-1n, 0n, 1n]) {
        const kept = (BigInt(digits.slice(0, keep)) + delta).toString();
        const scale = -(digits.length - keep + power);
        // Scientific, and plain ("123.456…", the form of the fast path) when it has a fraction.
        const spellings = [`${kept}e${-scale}`];
        if (scale > 0) {
          const padded = kept.padStart(scale + 1, '0');
          spellings.push(`${padded.slice(0, padded.length - scale)}.${padded.slice(padded.length - scale)}`);
        }
        for (const s of spellings) assert.ok(Object.is(parse(s), Number(s)), `${s}: ${parse(s)} vs ${Number(s)}`);
      }
    }
  }
});

test('tricky spellings parse exactly as Number() does (seeded sample)', () => {
  const random = createRng(2026);
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const shapes: Array<() => string> = [
    () => digits(1 + Math.floor(random() * 30)), // many digits
    () => `${digits(1 + Math.floor(random() * 9))}.${digits(1 + Math.floor(random() * 12))}`, // the common plain form
    () => `${digits(1 + Math.floor(random() * 9))}.${digits(9 + Math.floor(random() * 10))}`, // 16-28 digits
    () => `${'0'.repeat(1 + Math.floor(random() * 8))}${digits(1 + Math.floor(random() * 17))}`, // leading zeros
    () => `0.${'0'.repeat(Math.floor(random() * 10))}${digits(1 + Math.floor(random() * 19))}`, // small, leading zeros after the point
    () => `${digits(1 + Math.floor(random() * 17))}e${Math.floor(random() * 640) - 330}`, // exponents up to the limits, subnormals
    () => `.${digits(1 + Math.floor(random() * 18))}`,
    () => `${digits(1 + Math.floor(random() * 18))}.`,
    () => String(Math.fround((random() - 0.5) * 10 ** Math.floor(random() * 12 - 4))), // float32 spellings
    () => String((random() - 0.5) * 10 ** Math.floor(random() * 40 - 20)), // shortest forms of doubles (17 digits)
  ];
  const fixed = ['-0', '0', '-0.0', '.5', '5.', '-.5', '-5.', '1e308', '1.7976931348623157e308', '1e-320', '4e-324', '2.2250738585072014e-308',
    '999999999999999999', '9007199254740993', '123456789.123456789', '0.000000000000000000001', '00000000000000000001.5'];
  for (const s of fixed) assert.ok(Object.is(parse(s), Number(s)), `${s}: ${parse(s)} vs ${Number(s)}`);
  for (let k = 0; k < 40000; k++) {
    let s = shapes[k % shapes.length]();
    if (random() < 0.3 && !s.startsWith('-')) s = `-${s}`;
    const expected = Number(s);
    if (!Number.isFinite(expected)) continue;
    assert.ok(Object.is(parse(s), expected), `${s}: ${parse(s)} vs ${expected}`);
  }
});

test('scanDecimal reads the plain form up to the first other byte, as the tokenizer needs', () => {
  const scan = (s: string) => {
    const b = new TextEncoder().encode(s);
    const end = scanDecimal(b, 0, b.length);
    return end < 0 ? null : { end, value: parsedNumber[0] };
  };
  assert.deepEqual(scan('12.5,x'), { end: 4, value: 12.5 });
  assert.deepEqual(scan('-7\n'), { end: 2, value: -7 });
  assert.deepEqual(scan('23.418895721435547|'), { end: 18, value: 23.418895721435547 });
  assert.deepEqual(scan('1e5,'), { end: 1, value: 1 }); // the caller sees 'e', not a delimiter, and falls back
  assert.deepEqual(scan('1.2.3'), { end: 3, value: 1.2 });
  for (const s of ['', '-', '.', '-.', ',1', 'x', '+1', '1234567890123456789']) assert.equal(scan(s), null, s);
  // Around the short path's nine digits, whose int32 wraps beyond them (the count is taken after).
  for (const s of ['999999999', '-999999999.', '99999999.9', '.999999999', '9999999999', '2147483648', '-4294967296.5', '4294967.2965', '0.1234567891', '00000000000000001.5']) {
    assert.deepEqual(scan(`${s},`), { end: s.length, value: Number(s) }, s);
  }
});

test('17-19 digit plain decimals near a midpoint: scanDecimal decides nearly all itself, always as Number() does', () => {
  // The spellings of float32 data (23.418895721435547) and their neighbours a few units away in
  // the last digit, with every split of the digits around the point: mantissas above 2^53, read
  // by scanDecimal's long path and rounded by correctlyRoundedQuotient.
  const random = createRng(31);
  const encoder = new TextEncoder();
  let decided = 0;
  let total = 0;
  for (let k = 0; k < 20000; k++) {
    const x = Math.fround((random() - 0.5) * 10 ** Math.floor(random() * 6));
    const digits = x.toPrecision(17).replace(/^-/, '').replace('.', '').slice(0, 17);
    const keep = 17 + Math.floor(random() * 3);
    for (const delta of [-1n, 0n, 1n]) {
      const mantissa = (BigInt(digits.padEnd(keep, '5')) + delta).toString();
      const point = 1 + Math.floor(random() * 3);
      const s = `${x < 0 ? '-' : ''}${mantissa.slice(0, point)}.${mantissa.slice(point)}`;
      const bytes = encoder.encode(s);
      const end = scanDecimal(bytes, 0, bytes.length);
      if (mantissa.length <= 18 && BigInt(mantissa) >= 2n ** 53n) {
        total++;
        if (end === bytes.length) decided++;
      }
      if (end >= 0) assert.ok(Object.is(parsedNumber[0], Number(s)), `${s}: ${parsedNumber[0]} vs ${Number(s)}`);
      assert.ok(Object.is(parse(s), Number(s)), `${s}: ${parse(s)} vs ${Number(s)}`);
    }
  }
  // Only values within ~2^-20 units in the last place of a midpoint are left to Number().
  assert.ok(total > 10000 && decided > 0.99 * total, `${decided} of ${total}`);
});

test('scannedScale: the count of decimals f of exactly the spellings value.toFixed(f) gives back', () => {
  const scale = (s: string) => {
    const b = new TextEncoder().encode(s);
    scannedScale[0] = 99;
    parseNumberInto(b, 0, b.length);
    return scannedScale[0];
  };
  const plain: Array<[string, number]> = [['0', 0], ['7', 0], ['-7', 0], ['105', 0], ['0.5', 1], ['-0.5', 1], ['-0.50', 2], ['12.250', 3], ['-0.001', 3], ['0.00000001', 8], ['123456789', 0], ['12345678.9', 1]];
  for (const [s, f] of plain) assert.equal(scale(s), f, s);
  // Not plain, or longer than scanDecimal's short path; 1e3 and 1.5e0 after a plain-looking start.
  for (const s of ['', '-', '-0', '-0.0', '00', '01', '-01.5', '+7', '1.', '.5', '-.5', '1e3', '1.5e0', '1234567890', '12345678.90', '1,5', '7 ', 'x']) assert.equal(scale(s), -1, s);
  // Whatever it accepts spells back byte for byte, and it accepts every such spelling of up to 9 digits.
  const random = createRng(11);
  for (let i = 0; i < 50000; i++) {
    const whole = Math.floor(random() * 9);
    const decimals = random() < 0.3 ? 0 : Math.floor(random() * 9);
    let s = random() < 0.3 ? '-' : '';
    for (let d = 0; d < whole; d++) s += String(Math.floor(random() * 10));
    if (decimals > 0 || random() < 0.05) s += '.';
    for (let d = 0; d < decimals; d++) s += String(Math.floor(random() * 10));
    const value = Number(s);
    const f = scale(s);
    if (f >= 0) assert.equal(value.toFixed(f), s, s);
    else if (/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(s) && whole + decimals <= 9 && !Object.is(value, -0)) assert.fail(`${s} is plain but was refused`);
  }
});

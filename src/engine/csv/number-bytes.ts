// Decimal number parsing straight from UTF-8 bytes, so numeric fields never become strings.
// Grammar: [+-] digits [. digits] [(e|E) [+-] digits], at least one mantissa digit. Anything else
// (hex, "Infinity", thousands separators, inner spaces) is not a number. Non-finite results
// (1e999) are not numbers either: numeric columns hold finite values only.

const POW10 = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

/** Largest count of significant digits that a double holds exactly (10^15 < 2^53). */
const EXACT_DIGITS = 15;

/** The number in buf[start, end), or NaN when the bytes are not a finite decimal number. */
export function parseNumberBytes(buf: Uint8Array, start: number, end: number): number {
  let i = start;
  let negative = false;
  let c = buf[i];
  if (c === 0x2d || c === 0x2b) {
    negative = c === 0x2d;
    i++;
  }
  const bodyStart = i;
  let mantissa = 0;
  let significant = 0; // significant digits seen (leading zeros excluded); > EXACT_DIGITS means inexact
  let dropped = 0; // integer digits beyond EXACT_DIGITS, scale the mantissa up
  let scale = 0; // fractional digits accumulated, scale it down
  let digits = 0;
  for (; i < end; i++) {
    c = buf[i] - 0x30;
    if (c < 0 || c > 9) break;
    digits++;
    if (significant < EXACT_DIGITS) {
      mantissa = mantissa * 10 + c;
      if (mantissa !== 0) significant++;
    } else {
      dropped++;
      if (c !== 0) significant++; // lost precision: take the exact slow path
    }
  }
  if (i < end && buf[i] === 0x2e) {
    for (i++; i < end; i++) {
      c = buf[i] - 0x30;
      if (c < 0 || c > 9) break;
      digits++;
      if (significant < EXACT_DIGITS) {
        mantissa = mantissa * 10 + c;
        scale++;
        if (mantissa !== 0) significant++;
      } else if (c !== 0) {
        significant++; // a non-zero digit we could not keep: the fast path would round wrongly
      }
    }
  }
  if (digits === 0) return NaN;
  let exponent = 0;
  if (i < end && (buf[i] | 0x20) === 0x65) {
    i++;
    let expNegative = false;
    if (i < end && (buf[i] === 0x2d || buf[i] === 0x2b)) {
      expNegative = buf[i] === 0x2d;
      i++;
    }
    const expStart = i;
    for (; i < end; i++) {
      c = buf[i] - 0x30;
      if (c < 0 || c > 9) break;
      if (exponent < 100000) exponent = exponent * 10 + c;
    }
    if (i === expStart) return NaN;
    if (expNegative) exponent = -exponent;
  }
  if (i !== end) return NaN;
  const power = exponent + dropped - scale;
  let value: number;
  if (significant <= EXACT_DIGITS && power >= -22 && power <= 22) {
    // Both operands are exact doubles, so one IEEE operation rounds correctly (Clinger's fast path).
    value = power >= 0 ? mantissa * POW10[power] : mantissa / POW10[-power];
  } else {
    value = Number(latin1(buf, bodyStart, end));
  }
  if (!Number.isFinite(value)) return NaN;
  return negative ? -value : value;
}

function latin1(buf: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]);
  return s;
}

// Decimal number parsing straight from UTF-8 bytes, so numeric fields never become strings.
// Grammar: [+-] digits [. digits] [(e|E) [+-] digits], at least one mantissa digit. Anything else
// (hex, "Infinity", thousands separators, inner spaces) is not a number. Non-finite results
// (1e999) are not numbers either: numeric columns hold finite values only.
//
// Results are correctly rounded, like Number(). The plain form with up to 18 digits is read by
// scanDecimal, its digits gathered in an int32 (a chain of integer multiply-adds is several
// times faster than one of doubles) and, past nine, split into two int32 pieces: up to 2^53 the
// mantissa is exact and one division rounds correctly (Clinger's fast path); above, a
// residual-checked quotient (long-decimal.ts). Anything else, or a near-tie, goes to
// parseGeneral, which may build a string for Number().
import { correctlyRoundedQuotient, productError } from './long-decimal';

const POW10 = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

/** Significant digits a double holds exactly (10^15 < 2^53). */
const EXACT_DIGITS = 15;
/** Digits after those that the long path accepts (19 in all: below 2^64). */
const EXTRA_DIGITS = 4;
/** Digits of one int32 piece of scanDecimal's mantissa (10^9 < 2^31). */
const PIECE_DIGITS = 9;
const TWO_TO_53 = 9007199254740992;

/** Where parseNumberInto leaves its result: a typed array slot, so no double is boxed on return. */
export const parsedNumber = new Float64Array(1);
/**
 * Where scanDecimal(…, withScale) and parseNumberInto leave, beside the value, the count of decimals f of what it
 * read when that is spelled exactly as value.toFixed(f) spells it — [-]digits[.digits], at most
 * PIECE_DIGITS digits, no leading zero, not a negative zero; such a spelling need not be kept,
 * the value and f give it back (a decimal of at most 15 digits is the nearest double's only
 * f-decimal rounding) — else -1.
 */
export const scannedScale = new Int32Array(1);

/**
 * Parses buf[start, end) into parsedNumber[0]; false when it is not a finite decimal number.
 * (Returning the double itself would box it on the heap: millions of garbage objects per file.)
 */
export function parseNumberInto(buf: Uint8Array, start: number, end: number): boolean {
  if (scanDecimal(buf, start, end, true) === end) return true;
  scannedScale[0] = -1;
  const value = parseGeneral(buf, start, end);
  parsedNumber[0] = value;
  return value === value;
}

/**
 * Reads the plain form [-]digits[.digits] (at least one digit, at most 18) that starts at
 * buf[start], stopping at the first other byte before `limit`, into parsedNumber[0], correctly
 * rounded. Returns the index after it, or -1 when there is no such form there, when it has more
 * digits, or when its rounding is too close to call here (parseNumberInto's general path decides).
 * The tokenizer calls it on a field's first byte, so a number is read while its end is found.
 * withScale: also leave the spelling's scannedScale (a flag, not a second function, so that the
 * tokenizer's loop holds one inlined copy).
 */
export function scanDecimal(buf: Uint8Array, start: number, limit: number, withScale = false): number {
  let i = start;
  const negative = i < limit && buf[i] === 0x2d;
  if (negative) i++;
  // Up to PIECE_DIGITS digits, the usual case, in one int32 by two tight loops (integer part,
  // fraction). The digits are counted once the loops end, not at each digit (that check took an
  // eighth of the reader's time); a longer number's int32 has wrapped, which scanLongDecimal mends.
  const first = i;
  let mantissa = 0;
  let d = 0;
  while (i < limit && (d = buf[i] - 0x30) >>> 0 <= 9) {
    mantissa = (mantissa * 10 + d) | 0;
    i++;
  }
  const whole = i - first;
  let scale = 0;
  let bare = false; // a point with no digit after it
  if (i < limit && buf[i] === 0x2e) {
    const fraction = ++i;
    while (i < limit && (d = buf[i] - 0x30) >>> 0 <= 9) {
      mantissa = (mantissa * 10 + d) | 0;
      i++;
    }
    scale = i - fraction;
    bare = scale === 0;
  }
  const digits = whole + scale;
  if (digits > PIECE_DIGITS) {
    if (withScale) scannedScale[0] = -1;
    return scanLongDecimal(buf, first, whole, scale, negative, mantissa) ? i : -1;
  }
  if (digits === 0) return -1;
  if (withScale) {
    // A digit before the point and one after it, no leading zero (then the mantissa would have
    // fewer digits than were read) unless the whole part is a lone 0, and no minus on a zero;
    // decided from what the loops left, without reading bytes again.
    const plain = whole >= 1 && !bare && (whole === 1 || mantissa >= POW10[digits - 1]) && (mantissa !== 0 || !negative);
    scannedScale[0] = plain ? scale : -1;
  }
  const value = scale === 0 ? mantissa : mantissa / POW10[scale];
  parsedNumber[0] = negative ? -value : value;
  return i;
}

/**
 * The value of a number of more than PIECE_DIGITS digits that scanDecimal has read from buf[first]
 * (whole digits, a point, scale digits) into parsedNumber[0]; false when it has more than twice
 * PIECE_DIGITS digits or its rounding is too close to call. `wrapped` is the mantissa modulo 2^32
 * (scanDecimal's int32). Only the first PIECE_DIGITS digits, the head, are read again: the rest,
 * below 10^9 < 2^32, is the wrapped mantissa less the head's shifted low 32 bits.
 */
function scanLongDecimal(buf: Uint8Array, first: number, whole: number, scale: number, negative: boolean, wrapped: number): boolean {
  const digits = whole + scale;
  if (digits > 2 * PIECE_DIGITS) return false;
  let head = 0;
  for (let i = first, read = 0; read < PIECE_DIGITS; i++) {
    const d = buf[i] - 0x30;
    if (d >>> 0 <= 9) {
      head = head * 10 + d;
      read++;
    }
  }
  const shift = POW10[digits - PIECE_DIGITS];
  const piece = (wrapped - Math.imul(head, shift)) >>> 0;
  // head·shift is exact (head < 10^9, shift ≤ 10^9); the sum is exact whenever the true mantissa
  // is below 2^53, and at least 2^53 whenever that is not.
  const high = head * shift;
  const mantissa = high + piece;
  if (mantissa >= TWO_TO_53) {
    if (!correctlyRoundedQuotient(high, 0, piece, scale, parsedNumber)) return false;
    if (negative) parsedNumber[0] = -parsedNumber[0];
    return true;
  }
  const value = scale === 0 ? mantissa : mantissa / POW10[scale];
  parsedNumber[0] = negative ? -value : value;
  return true;
}

/** Any other spelling: exponents, a plus sign, more than 15 digits, or not a number at all. */
function parseGeneral(buf: Uint8Array, start: number, end: number): number {
  let i = start;
  let negative = false;
  let c = buf[i];
  if (c === 0x2d || c === 0x2b) {
    negative = c === 0x2d;
    i++;
  }
  const bodyStart = i;
  let mantissa = 0; // the first EXACT_DIGITS significant digits
  let extra = 0; // the next EXTRA_DIGITS of them
  let extraDigits = 0;
  let significant = 0; // significant digits seen (leading zeros excluded)
  let lost = false; // a non-zero digit beyond all kept ones
  let power = 0; // decimal exponent of the last kept digit
  let digits = 0;
  let fraction = false;
  for (; i < end; i++) {
    c = buf[i];
    if (c === 0x2e && !fraction) {
      fraction = true;
      continue;
    }
    c -= 0x30;
    if (c < 0 || c > 9) break;
    digits++;
    if (significant === 0 && c === 0) {
      if (fraction) power--;
      continue;
    }
    significant++;
    if (significant <= EXACT_DIGITS) {
      mantissa = mantissa * 10 + c;
      if (fraction) power--;
    } else if (significant <= EXACT_DIGITS + EXTRA_DIGITS) {
      extra = extra * 10 + c;
      extraDigits++;
      if (fraction) power--;
    } else {
      if (c !== 0) lost = true;
      if (!fraction) power++;
    }
  }
  if (digits === 0) return NaN;
  if (i < end && (buf[i] | 0x20) === 0x65) {
    i++;
    let expNegative = false;
    if (i < end && (buf[i] === 0x2d || buf[i] === 0x2b)) {
      expNegative = buf[i] === 0x2d;
      i++;
    }
    const expStart = i;
    let exponent = 0;
    for (; i < end; i++) {
      c = buf[i] - 0x30;
      if (c < 0 || c > 9) break;
      if (exponent < 100000) exponent = exponent * 10 + c;
    }
    if (i === expStart) return NaN;
    power += expNegative ? -exponent : exponent;
  }
  if (i !== end) return NaN;
  let value = NaN;
  if (!lost && extraDigits === 0 && power >= -22 && power <= 22) {
    // Both operands are exact doubles, so one IEEE operation rounds correctly (Clinger's fast path).
    value = power >= 0 ? mantissa * POW10[power] : mantissa / POW10[-power];
  } else if (!lost && power <= 0 && power >= -22) {
    const high = mantissa * POW10[extraDigits];
    if (correctlyRoundedQuotient(high, productError(mantissa, POW10[extraDigits], high), extra, -power, parsedNumber)) value = parsedNumber[0];
  }
  if (value !== value) value = Number(latin1(buf, bodyStart, end));
  if (!Number.isFinite(value)) return NaN;
  return negative ? -value : value;
}

function latin1(buf: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(buf[i]);
  return s;
}

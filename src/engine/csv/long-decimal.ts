// Correct rounding of (high·scale + low) / divisor for a 16-19 digit decimal mantissa, without
// strings or BigInt: a first guess is checked, and moved one double at a time, by its residual
// computed exactly enough with error-free products (Dekker). Where the value lies too close to a
// rounding boundary to decide safely, false tells the caller to use Number() instead.

const SPLITTER = 134217729; // 2^27 + 1

/** The rounding error of p = fl(a·b): a·b − p, exactly (Dekker's TwoProduct without FMA). */
function productError(a: number, b: number, p: number): number {
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return ah * bh - p + ah * bl + al * bh + al * bl;
}

const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0; // little-endian: word 1
const LO = 1 - HI;

/** The next double after positive, normal y, up or down. */
function step(y: number, up: boolean): number {
  bits[0] = y;
  if (up) {
    if (words[LO] === 0xffffffff) words[HI]++;
    words[LO]++;
  } else {
    if (words[LO] === 0) words[HI]--;
    words[LO]--;
  }
  return bits[0];
}

/**
 * (high·scale + low) / divisor correctly rounded into out[0], for integers high < 10^15,
 * scale ≤ 10^9 with high·scale < 10^19, low < scale, divisor = 10^k with k ≤ 22, and
 * high·scale ≥ 10^15; false when undecided. (Written to a typed array rather than returned, so
 * the double is not boxed.)
 */
export function correctlyRoundedQuotient(high: number, scale: number, low: number, divisor: number, out: Float64Array): boolean {
  // The mantissa M = q + f + low exactly, where q = fl(high·scale).
  const q = high * scale;
  const f = productError(high, scale, q);
  let y = (q + (f + low)) / divisor;
  for (let attempt = 0; attempt < 3; attempt++) {
    // Residual M − y·divisor: q − p is exact (Sterbenz: q and p are within a factor 2); the small
    // terms (f and the product's error below 2^11, low below 2^30) add up with an error below
    // 2^-21, far below the 1e-6 tolerance.
    const p = y * divisor;
    const residual = q - p + (f - productError(y, divisor, p)) + low;
    bits[0] = y;
    const exponent = (words[HI] >>> 20) & 0x7ff;
    const powerOfTwo = (words[HI] & 0xfffff) === 0 && words[LO] === 0;
    // ulp(y)·divisor/2: half the gap to the neighbour on the residual's side, in units of M
    // (≥ 1/32 since M ≥ 10^15, so the tolerance below is safe).
    bits[0] = 0;
    words[HI] = (exponent - 52) << 20;
    const halfGap = (bits[0] * divisor) / (residual < 0 && powerOfTwo ? 4 : 2);
    const distance = Math.abs(residual) - halfGap;
    if (distance < -1e-6) {
      out[0] = y;
      return true;
    }
    if (distance <= 1e-6) return false;
    y = step(y, residual > 0);
  }
  return false;
}

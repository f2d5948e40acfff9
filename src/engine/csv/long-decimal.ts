// Correct rounding of (high·scale + low) / divisor for a 16-19 digit decimal mantissa, without
// strings or BigInt: the residual of a first guess, computed exactly enough with error-free
// products (Dekker), gives the correction; one rounded addition applies it, and its own exact
// error says whether the value lies too close to a rounding boundary to decide safely (then
// false tells the caller to use Number() instead). No loop, no bit manipulation through memory.

const SPLITTER = 134217729; // 2^27 + 1
/** An error this close to half the gap to the next double is too close to call (see below). */
const NEAR_HALF = 1 + 2 ** -16;

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

/**
 * (high·scale + low) / divisor correctly rounded into out[0], for integers high < 10^15,
 * scale ≤ 10^9 with high·scale < 10^19, low < scale, divisor = 10^k with k ≤ 22, and
 * high·scale ≥ 2^53; false when undecided. (Written to a typed array rather than returned, so
 * the double is not boxed.)
 */
export function correctlyRoundedQuotient(high: number, scale: number, low: number, divisor: number, out: Float64Array): boolean {
  // The mantissa M = q + f + low exactly, where q = fl(high·scale).
  const q = high * scale;
  const f = productError(high, scale, q);
  // A first guess within a couple of units in the last place (two roundings).
  const y = (q + (f + low)) / divisor;
  // Residual M − y·divisor: q − p is exact (Sterbenz: q and p are within a factor 2); the small
  // terms (f and the product's error below 2^11, low below 2^30) add up with an error below
  // 2^-21, while one unit in the last place of y is worth at least M·2^-53 ≥ 1 here.
  const p = y * divisor;
  const residual = q - p + (f - productError(y, divisor, p)) + low;
  // y + t is the exact quotient but for an error below 2^-20 units in the last place; rounding
  // it gives the correctly rounded quotient unless that quotient is within such an error of the
  // midpoint between two doubles.
  const t = residual / divisor;
  const rounded = y + t;
  // The exact error of that rounding (Fast2Sum: |y| ≥ |t|); at half the gap to the neighbouring
  // double it is a tie. Slightly enlarged, an error near that half moves `rounded` when added.
  const error = y - rounded + t;
  if (rounded + error * NEAR_HALF !== rounded) return false;
  out[0] = rounded;
  return true;
}

// Correct rounding of M / 10^k for a 16-19 digit decimal mantissa M = q + f + low, without
// strings or BigInt: the residual of a first guess, computed exactly enough with error-free
// products (Dekker), gives the correction; one rounded addition applies it, and its own exact
// error says whether the value lies too close to a rounding boundary to decide safely (then
// false tells the caller to use Number() instead). No loop, no bit manipulation through memory.

const SPLITTER = 134217729; // 2^27 + 1
/** An error this close to half the gap to the next double is too close to call (see below). */
const NEAR_HALF = 1 + 2 ** -16;
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);
/** Dekker's split of each 10^k into two halves of at most 26 bits, done once rather than per number. */
const POW10_HIGH = POW10.map((d) => SPLITTER * d - (SPLITTER * d - d));
const POW10_LOW = POW10.map((d, k) => d - POW10_HIGH[k]);

/** The rounding error of p = fl(a·b): a·b − p, exactly (Dekker's TwoProduct without FMA). */
export function productError(a: number, b: number, p: number): number {
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return ah * bh - p + ah * bl + al * bh + al * bl;
}

/**
 * (q + f + low) / 10^k correctly rounded into out[0], for q = fl(high·scale) with integers
 * high < 10^15, scale ≤ 10^9 and high·scale < 10^19, f = high·scale − q exactly (productError; 0
 * when the product is exact, as it is for high < 10^9: high·5^j < 2^53, times 2^j), 0 ≤ low <
 * scale, and k ≤ 22; false when undecided. (Written to a typed array rather than returned, so the
 * double is not boxed.)
 */
export function correctlyRoundedQuotient(q: number, f: number, low: number, k: number, out: Float64Array): boolean {
  const divisor = POW10[k];
  // A first guess within a couple of units in the last place (two roundings).
  const y = (q + (f + low)) / divisor;
  // Residual M − y·divisor: q − p is exact (Sterbenz: q and p are within a factor 2); the small
  // terms (f and the product's error below 2^11, low below 2^30) add up with an error below
  // 2^-21, while one unit in the last place of y is worth at least M·2^-53 ≥ 1 here.
  const p = y * divisor;
  // productError(y, divisor, p) with the divisor's halves from the table.
  const t0 = SPLITTER * y;
  const yh = t0 - (t0 - y);
  const yl = y - yh;
  const dh = POW10_HIGH[k];
  const dl = POW10_LOW[k];
  const pe = yh * dh - p + yh * dl + yl * dh + yl * dl;
  const residual = q - p + (f - pe) + low;
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

// XGBoost and onnxruntime compare a row's value as a float32 with a float32 threshold; the engine
// routes float64 values by `x ≤ t` (docs/model-format.md "Models trained elsewhere"). These turn
// a float32 comparison into the float64 threshold that routes every float64 value the same way:
// `fround(x) ≤ t` holds exactly when `x ≤ atMost(t)`, and `fround(x) < t` when `x ≤ below(t)`.

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

/** The next float32 above a finite float32 `t` (+Infinity above the largest). */
function nextUp32(t: number): number {
  if (t === 0) return 1.401298464324817e-45;
  f32[0] = t;
  u32[0] += t > 0 ? 1 : -1;
  return f32[0];
}

/** The next float32 below a finite float32 `t`. */
const nextDown32 = (t: number): number => -nextUp32(-t);

/** The float64 just below `x`. */
export function prevDouble(x: number): number {
  if (x === 0) return -Number.MIN_VALUE;
  f64[0] = x;
  u64[0] += x > 0 ? -1n : 1n;
  return f64[0];
}

/** Whether a float32's significand is even (float64 → float32 rounding breaks ties to it). */
function evenSignificand(t: number): boolean {
  f32[0] = t;
  return (u32[0] & 1) === 0;
}

/** The float64 threshold equivalent to `fround(x) ≤ t` for a float32 `t`. */
export function atMost(t: number): number {
  if (!Number.isFinite(t)) return t;
  const up = nextUp32(t);
  if (up === Infinity) return Number.MAX_VALUE;
  // Values below the midpoint round to t or lower; the midpoint itself rounds to the even one.
  const mid = t + (up - t) / 2;
  return evenSignificand(t) ? mid : prevDouble(mid);
}

/** The float64 threshold equivalent to `fround(x) < t` for a float32 `t`. */
export function below(t: number): number {
  if (t === -Infinity || Number.isNaN(t)) return t;
  if (t === Infinity) return Number.MAX_VALUE;
  return atMost(nextDown32(t));
}

// Stable argsort of float64 keys, NaN last: an LSD radix sort on the keys' bit patterns (16-bit
// digits), linear in n, because a comparator sort of indices is far too slow at a million rows.

const SMALL = 64;
const RADIX = 1 << 16;
/**
 * Up to this many keys a comparison sort: the radix sort's four passes over 2^16 counters cost
 * the same whatever n, which dominated growing a tree on a few hundred rows (each tree of a forest
 * presorts every feature afresh).
 */
const COMPARISON_MAX = 2048;

/** Writes into `out` the indices 0..n−1 ordered by `values` ascending (ties by index; NaN last). */
export function argsortFloat64(values: Float64Array, out: Int32Array): void {
  const n = values.length;
  if (n <= SMALL) {
    insertionArgsort(values, out);
    return;
  }
  if (n <= COMPARISON_MAX) {
    comparisonArgsort(values, out);
    return;
  }
  // Order-preserving unsigned keys: flip every bit of negatives, only the sign bit of positives.
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  const bits = new Float64Array(1);
  const words = new Uint32Array(bits.buffer);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (Number.isNaN(v)) {
      hi[i] = 0xffffffff;
      lo[i] = 0xffffffff;
      continue;
    }
    bits[0] = v === 0 ? 0 : v; // −0 sorts with +0
    const h = words[1];
    if (h & 0x80000000) {
      hi[i] = ~h >>> 0;
      lo[i] = ~words[0] >>> 0;
    } else {
      hi[i] = (h | 0x80000000) >>> 0;
      lo[i] = words[0];
    }
  }
  let src: Int32Array = out;
  for (let i = 0; i < n; i++) src[i] = i;
  let dst: Int32Array = new Int32Array(n);
  const count = new Int32Array(RADIX);
  for (let pass = 0; pass < 4; pass++) {
    const key = pass < 2 ? lo : hi;
    const shift = (pass & 1) * 16;
    count.fill(0);
    for (let i = 0; i < n; i++) count[(key[i] >>> shift) & 0xffff]++;
    // A digit shared by every key leaves the order unchanged: skip the scatter.
    if (count[(key[0] >>> shift) & 0xffff] === n) continue;
    let sum = 0;
    for (let d = 0; d < RADIX; d++) {
      const c = count[d];
      count[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const idx = src[i];
      dst[count[(key[idx] >>> shift) & 0xffff]++] = idx;
    }
    const t = src;
    src = dst;
    dst = t;
  }
  if (src !== out) out.set(src);
}

function insertionArgsort(values: Float64Array, out: Int32Array): void {
  const n = values.length;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    let j = i;
    // NaN compares false both ways, so treat it explicitly as the largest key.
    while (j > 0 && greater(values[out[j - 1]], v)) {
      out[j] = out[j - 1];
      j--;
    }
    out[j] = i;
  }
}

function greater(a: number, b: number): boolean {
  if (Number.isNaN(a)) return !Number.isNaN(b);
  return !Number.isNaN(b) && a > b;
}

/** The same order by comparisons: ascending, NaN last, ties (−0 and +0 included) by index. */
function comparisonArgsort(values: Float64Array, out: Int32Array): void {
  for (let i = 0; i < out.length; i++) out[i] = i;
  out.sort((a, b) => {
    const x = values[a];
    const y = values[b];
    if (x < y) return -1;
    if (x > y) return 1;
    const xNaN = Number.isNaN(x);
    if (xNaN !== Number.isNaN(y)) return xNaN ? 1 : -1;
    return a - b;
  });
}

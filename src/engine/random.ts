// Seeded pseudo-random numbers, so that splits, folds and permutations are reproducible from a
// `--seed`. Mulberry32: tiny, fast, 32-bit state; plenty for shuffling rows (not for cryptography).

export type Rng = () => number;

/** A generator of floats in [0, 1) fully determined by `seed` (any number; only its low 32 bits count). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uniform integer in [0, n). */
export function randomInt(rng: Rng, n: number): number {
  return Math.floor(rng() * n);
}

/** Fisher–Yates shuffle of `items` (an array or a typed array) in place. */
export function shuffleInPlace<T>(rng: Rng, items: { length: number; [i: number]: T }): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    const tmp = items[i];
    items[i] = items[j];
    items[j] = tmp;
  }
}

// Seeded data sets with many-valued categorical columns, for the rare-category tests (and the
// script that recorded the pre-option trees in test/fixtures/models/many-categories-0.json).
import type { Dataset } from '../../../src/engine/dataset';
import type { TrainParams } from '../../../src/engine/model';
import { createRng } from '../../../src/engine/random';
import { cat, dataset, num } from './tree-data';

/**
 * `n` rows: `noise`, 300 categories drawn at random (a handful of rows each) that say nothing about
 * the target; `signal`, a/b, which gives `y` with 35% of labels flipped. Same seed, same rows.
 */
export function noiseVersusSignal(seed: number, n: number): Dataset {
  const rng = createRng(seed);
  const noise: string[] = [];
  const signal: string[] = [];
  const y: string[] = [];
  for (let r = 0; r < n; r++) {
    const s = rng() < 0.5 ? 'a' : 'b';
    signal.push(s);
    y.push((s === 'a') !== rng() < 0.35 ? 'yes' : 'no');
    noise.push(`k${Math.floor(rng() * 300)}`);
  }
  return dataset(cat('noise', noise), cat('signal', signal), cat('y', y));
}

/**
 * Mixed columns for whole-tree comparisons: `city` with 40 categories of very unequal frequency
 * (5% missing), `grade` with 7, a numeric `x` (5% missing), and a 3-class target `y` or a numeric
 * target `v` that depend on all three.
 */
export function mixedCategories(seed: number, n: number): Dataset {
  const rng = createRng(seed);
  const city: Array<string | null> = [];
  const grade: string[] = [];
  const x: Array<number | null> = [];
  const y: string[] = [];
  const v: number[] = [];
  for (let r = 0; r < n; r++) {
    // Squaring skews the frequencies: low codes are common, high ones rare.
    const c = Math.floor(rng() ** 2 * 40);
    const g = Math.floor(rng() * 7);
    const xv = Math.round(rng() * 100) / 10;
    city.push(rng() < 0.05 ? null : `c${c}`);
    grade.push(`g${g}`);
    x.push(rng() < 0.05 ? null : xv);
    const score = (c % 3) + (g > 3 ? 1 : 0) + (xv > 5 ? 1 : 0) + (rng() < 0.2 ? 1 : 0);
    y.push(`k${score % 3}`);
    v.push(score * 10 + c / 4 + rng() * 5);
  }
  return dataset(cat('city', city), cat('grade', grade), num('x', x), cat('y', y), num('v', v));
}

/**
 * The trees recorded in test/fixtures/models/many-categories-0.json (by record-many-categories.mjs
 * there) with minCategorySamples 0: each case's data and parameters.
 */
export const RECORDED_CASES: ReadonlyArray<{ name: string; data: () => Dataset; params: TrainParams }> = [
  { name: 'mixed-exact-gini', data: () => mixedCategories(7, 600), params: { target: 'y', ignore: ['v'], criterion: 'gini', maxDepth: 5 } },
  { name: 'mixed-exact-entropy', data: () => mixedCategories(8, 600), params: { target: 'y', ignore: ['v'], criterion: 'entropy', maxDepth: 5 } },
  { name: 'mixed-hist-gini', data: () => mixedCategories(7, 600), params: { target: 'y', ignore: ['v'], splitter: 'hist', maxDepth: 5 } },
  { name: 'mixed-exact-regression', data: () => mixedCategories(9, 600), params: { target: 'v', ignore: ['y'], maxDepth: 4 } },
  { name: 'mixed-hist-regression', data: () => mixedCategories(9, 600), params: { target: 'v', ignore: ['y'], splitter: 'hist', maxDepth: 4 } },
  { name: 'noise-exact-gini', data: () => noiseVersusSignal(3, 500), params: { target: 'y', maxDepth: 4 } },
];

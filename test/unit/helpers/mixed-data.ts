// A small data set with every kind of split a tree can hold: categorical, "missing vs present"
// (+Infinity), multiway (ID3/C4.5), weighted and regression targets.
import type { Dataset } from '../../../src/engine/dataset';
import { createRng } from '../../../src/engine/random';
import { cat, dataset, num } from './tree-data';

/**
 * 400 rows: `m` is missing for most rows of class c (missingness informs: +Infinity splits), `colour`
 * (5 categories, some missing) informs, `x` is noise plus signal; `w` a row weight; `v` a numeric target.
 */
export function mixedData(): Dataset {
  const rng = createRng(11);
  const colours = ['red', 'green', 'blue', 'black', 'white'];
  const m: Array<number | null> = [];
  const colour: Array<string | null> = [];
  const x: number[] = [];
  const w: number[] = [];
  const y: string[] = [];
  const v: number[] = [];
  for (let r = 0; r < 400; r++) {
    const k = Math.floor(rng() * 5);
    const cls = k < 2 ? 'a' : k < 4 ? 'b' : 'c';
    y.push(rng() < 0.15 ? ['a', 'b', 'c'][Math.floor(rng() * 3)] : cls);
    colour.push(rng() < 0.1 ? null : colours[rng() < 0.7 ? k : Math.floor(rng() * 5)]);
    m.push(cls === 'c' && rng() < 0.8 ? null : Math.floor(rng() * 100) / 4);
    x.push(Math.floor(rng() * 1000) / 8 + (cls === 'a' ? 30 : 0));
    w.push(1 + Math.floor(rng() * 3));
    v.push(k * 2.5 + (x[r] % 7) + rng());
  }
  return dataset(num('m', m), cat('colour', colour), num('x', x), num('w', w), cat('y', y), num('v', v));
}

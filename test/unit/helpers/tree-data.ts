// Small in-memory Datasets for the tree tests: columns from plain arrays (null = missing), and
// seeded random data sets built from a rule.
import { type Column, type Dataset, isNumeric } from '../../../src/engine/dataset';
import { createRng, type Rng } from '../../../src/engine/random';

export function num(name: string, values: Array<number | null>): Column {
  return { name, type: 'numeric', values: Float64Array.from(values, (v) => (v === null ? NaN : v)) };
}

export function cat(name: string, labels: Array<string | null>, type: 'categorical' | 'boolean' = 'categorical'): Column {
  const categories: string[] = [];
  const codes = Int32Array.from(labels, (l) => {
    if (l === null) return -1;
    let c = categories.indexOf(l);
    if (c < 0) c = categories.push(l) - 1;
    return c;
  });
  return { name, type, codes, categories };
}

export function dataset(...columns: Column[]): Dataset {
  return { columns, rowCount: isNumeric(columns[0]) ? columns[0].values.length : columns[0].codes.length, delimiter: ',', renamedHeaders: [] };
}

/** `n` rows of `features` numeric columns with values k/1024 in [0, 20) (exact in float32), label from `rule`. */
export function randomNumeric(seed: number, n: number, features: number, rule: (x: number[], rng: Rng) => string | number): Dataset {
  const rng = createRng(seed);
  const cols = Array.from({ length: features }, () => new Array<number>(n));
  const y: Array<string | number> = [];
  for (let r = 0; r < n; r++) {
    const x = cols.map((c) => (c[r] = Math.floor(rng() * 20480) / 1024));
    y.push(rule(x, rng));
  }
  const target = typeof y[0] === 'number' ? num('y', y as number[]) : cat('y', y as string[]);
  return dataset(...cols.map((c, j) => num(`x${j}`, c)), target);
}

/** Bootstrap-like draw counts over `n` rows: many 0 (left out), some 2 and 3. */
export function drawCounts(seed: number, n: number): Float64Array {
  const rng = createRng(seed);
  const w = new Float64Array(n);
  for (let k = 0; k < n; k++) w[Math.floor(rng() * n)] += 1;
  return w;
}

// Deterministic synthetic CSVs for benchmarks. The mixed file: numeric columns in a few typical
// spellings (fixed decimals, integers, signed floats with some missing values), categorical
// columns of several cardinalities (one always quoted, with commas inside) and a class column.
// The numeric file (issue 7's "1M×21 numeric CSV"): measurements of five or six significant
// digits on several scales, and an integer class column. The discrete file: columns of few distinct
// values, as surveys and logs have them (flags, counts, half-point ratings, quarter-point scores).
import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { createRng, randomInt, type Rng } from '../../src/engine/random';

export interface SyntheticShape {
  rows: number;
  numeric: number;
  categorical: number;
  seed: number;
}

const CARDINALITIES = [3, 12, 60, 250, 1000];
const CLASSES = ['low', 'mid', 'high'];

/** Centre, spread and decimals of the numeric file's columns, in turn (e.g. 734.821, -37.4821). */
const MEASUREMENTS = [
  { centre: 500, spread: 1000, decimals: 3 },
  { centre: 0, spread: 200, decimals: 4 },
  { centre: 0, spread: 20, decimals: 5 },
  { centre: 50, spread: 100, decimals: 4 },
];

export function writeSyntheticCsv(file: string, shape: SyntheticShape): void {
  const header: string[] = [];
  for (let j = 0; j < shape.numeric; j++) header.push(`num_${j}`);
  for (let j = 0; j < shape.categorical; j++) header.push(`cat_${j}`);
  header.push('class');
  writeRows(file, header, shape, (rng, fields) => {
    for (let j = 0; j < shape.numeric; j++) {
      const u = rng();
      switch (j % 4) {
        case 0:
          fields.push((u * 1000).toFixed(4));
          break;
        case 1:
          fields.push(String(randomInt(rng, 10000)));
          break;
        case 2:
          fields.push(u < 0.01 ? '' : ((u - 0.5) * 200).toFixed(2));
          break;
        default:
          fields.push(String(Math.fround(u * 50 - 25)));
      }
    }
    for (let j = 0; j < shape.categorical; j++) {
      const k = randomInt(rng, CARDINALITIES[j % CARDINALITIES.length]);
      fields.push(j === 0 ? `"town ${k}, district ${k % 7}"` : `v${j}_${k}`);
    }
    fields.push(CLASSES[randomInt(rng, CLASSES.length)]);
  });
}

/** The all-numeric file: `shape.numeric` measurement columns and an integer class (categorical ignored). */
export function writeNumericCsv(file: string, shape: SyntheticShape): void {
  writeNumbersAndClass(file, shape, 'x', (rng, j) => {
    const m = MEASUREMENTS[j % MEASUREMENTS.length];
    return (m.centre + m.spread * (rng() - 0.5)).toFixed(m.decimals);
  });
}

/** Few distinct values per column, in turn: a 0/1 flag, a count 0-20, a rating 0.5-5.0, a score 0.00-10.00 in quarters. */
export function writeDiscreteCsv(file: string, shape: SyntheticShape): void {
  writeNumbersAndClass(file, shape, 'd', (rng, j) => {
    switch (j % 4) {
      case 0:
        return String(randomInt(rng, 2));
      case 1:
        return String(randomInt(rng, 21));
      case 2:
        return ((1 + randomInt(rng, 10)) / 2).toFixed(1);
      default:
        return (randomInt(rng, 41) / 4).toFixed(2);
    }
  });
}

/** `shape.numeric` columns named prefix + index with the values `value` makes, then an integer class of 3. */
function writeNumbersAndClass(file: string, shape: SyntheticShape, prefix: string, value: (rng: Rng, j: number) => string): void {
  const header: string[] = [];
  for (let j = 0; j < shape.numeric; j++) header.push(`${prefix}${j}`);
  header.push('class');
  writeRows(file, header, shape, (rng, fields) => {
    for (let j = 0; j < shape.numeric; j++) fields.push(value(rng, j));
    fields.push(String(randomInt(rng, 3)));
  });
}

/** Writes the header and `shape.rows` rows filled by `row`, into a temporary file renamed when complete. */
function writeRows(file: string, header: string[], shape: SyntheticShape, row: (rng: Rng, fields: string[]) => void): void {
  const rng = createRng(shape.seed);
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w');
  writeSync(fd, header.join(',') + '\n');
  let buffer = '';
  for (let r = 0; r < shape.rows; r++) {
    const fields: string[] = [];
    row(rng, fields);
    buffer += fields.join(',') + '\n';
    if (buffer.length > 1 << 22) {
      writeSync(fd, buffer);
      buffer = '';
    }
  }
  writeSync(fd, buffer);
  closeSync(fd);
  renameSync(partial, file); // only a complete file is ever reused
}

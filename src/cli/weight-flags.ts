// The weight options every training command takes (docs/cli.md "Weights"): --class-weight
// balanced|CLASS=W,…, --sample-weight COL and --min-weight-fraction-leaf F, and the check that
// names the file's line of a row whose weight is unusable (the engine knows rows, not lines).
import { basename } from 'node:path';
import { type Dataset, columnIndex, isMissing } from '../engine/dataset';
import { InputError } from '../engine/errors';
import type { TrainParams } from '../engine/model';
import { findBadWeight } from '../engine/tree/sample-weights';
import { namedInputError } from '../worker/load-csv';
import { withRowLine } from './row-line';
import { numberFlag, stringFlag, type ParsedArgs } from './args';
import type { OptionTable } from './options';

export const WEIGHT_OPTIONS: OptionTable = [
  {
    name: 'class-weight',
    value: 'balanced|CLASS=W,…',
    meaning: "classification: weigh each class's rows (balanced: rows / (classes × rows of the class)); multiplies --sample-weight",
  },
  { name: 'sample-weight', value: 'COL', meaning: "a numeric column holding each row's weight (≥ 0; not used as a feature)" },
  { name: 'min-weight-fraction-leaf', value: 'F', default: '0', meaning: 'fewest weight in each leaf, as a fraction (0 to 0.5) of the total weight' },
];

/** `balanced`, or `a=2,b=0.5` → { a: 2, b: 0.5 } (a label may hold `=`: the weight follows the last one). */
export function parseClassWeight(spec: string): 'balanced' | Record<string, number> {
  if (spec.trim() === 'balanced') return 'balanced';
  const out: Record<string, number> = {};
  for (const part of spec.split(',')) {
    if (part.trim() === '') continue;
    const eq = part.lastIndexOf('=');
    const label = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    const w = Number(raw);
    if (eq < 0 || label === '') throw new InputError('bad-option', `--class-weight takes "balanced" or CLASS=W pairs separated by commas, got "${part}"`);
    if (raw === '' || !Number.isFinite(w) || w < 0) throw new InputError('bad-option', `--class-weight: the weight of class "${label}" must be a number ≥ 0, got "${raw}"`);
    out[label] = w;
  }
  if (Object.keys(out).length === 0) throw new InputError('bad-option', '--class-weight needs "balanced" or CLASS=W pairs');
  return out;
}

/** The weight parameters of TrainParams from the flags (absent flags: absent fields). */
export function weightParamsFromArgs(args: ParsedArgs): Pick<TrainParams, 'classWeight' | 'sampleWeightColumn' | 'minWeightFractionLeaf'> {
  const classWeight = stringFlag(args, 'class-weight');
  const sampleWeightColumn = stringFlag(args, 'sample-weight');
  const minWeightFractionLeaf = numberFlag(args, 'min-weight-fraction-leaf', { min: 0, max: 0.5 });
  return {
    ...(classWeight === undefined ? {} : { classWeight: parseClassWeight(classWeight) }),
    ...(sampleWeightColumn === undefined ? {} : { sampleWeightColumn }),
    ...(minWeightFractionLeaf === undefined ? {} : { minWeightFractionLeaf }),
  };
}

/**
 * With a weight column: an unknown column, or a row with a target whose weight is missing,
 * negative or not a number, is an InputError naming the file and its line.
 */
export async function checkWeightColumn(path: string, dataset: Dataset, params: TrainParams): Promise<void> {
  const name = params.sampleWeightColumn;
  if (name === undefined) return;
  const file = basename(path);
  if (columnIndex(dataset, name) < 0) throw new InputError('unknown-column', `${file}: unknown --sample-weight column "${name}" (columns: ${dataset.columns.map((c) => c.name).join(', ')})`);
  const t = columnIndex(dataset, params.target);
  const rows: number[] = [];
  for (let r = 0; r < dataset.rowCount; r++) if (t < 0 || !isMissing(dataset.columns[t], r)) rows.push(r);
  const bad = findBadWeight(dataset, name, rows);
  if (bad === null) return;
  throw namedInputError(path, await withRowLine(path, dataset, new InputError('bad-value', `weight column "${name}" ${bad.problem}`, undefined, undefined, bad.row)));
}

// Which pairs of spellings make a boolean column, and which of the two is false (code 0).

/** Pairs recognised when inferring a type (README "CSV input"): [false-like, true-like], lower case. */
const INFERRED_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['false', 'true'],
  ['no', 'yes'],
];

/** A column forced to boolean also accepts these. */
const FORCED_PAIRS: ReadonlyArray<readonly [string, string]> = [...INFERRED_PAIRS, ['0', '1'], ['f', 't'], ['n', 'y']];

/**
 * For the distinct values of a column, the boolean reading: `categories` ordered false first and
 * `remap[oldCode]` = new code. Null when the values are not one recognised pair.
 * A forced column with a single value (or none) gets the missing spelling from its pair.
 */
export function booleanReading(values: readonly string[], forced: boolean): { categories: [string, string]; remap: number[] } | null {
  if (values.length > 2 || (!forced && values.length !== 2)) return null;
  const lower = values.map((v) => v.toLowerCase());
  for (const [no, yes] of forced ? FORCED_PAIRS : INFERRED_PAIRS) {
    if (!lower.every((v) => v === no || v === yes)) continue;
    if (lower.length === 2 && lower[0] === lower[1]) continue;
    const falseAt = lower.indexOf(no);
    const trueAt = lower.indexOf(yes);
    const categories: [string, string] = [falseAt >= 0 ? values[falseAt] : no, trueAt >= 0 ? values[trueAt] : yes];
    return { categories, remap: lower.map((v) => (v === no ? 0 : 1)) };
  }
  return null;
}

// A number as people read it, wherever the engine words one: rules, node labels, calculations,
// exports' comments, edit messages (feature-text.ts adds dates and ordinal categories).
/**
 * Shortest readable form of a number for people; the exact value stays in the JSON fields:
 * six significant digits, as `String(Number(x.toPrecision(6)))`. Without an exponent that is
 * toPrecision's digits minus trailing zeros (a decimal of ≤ 6 digits prints back as itself), which
 * saves parsing and printing again: rules word hundreds of thousands of thresholds.
 */
export function formatNumber(x: number): string {
  if (Number.isInteger(x)) return String(x);
  const s = x.toPrecision(6);
  if (s.includes('e')) return String(Number(s));
  let end = s.length;
  if (s.includes('.')) {
    while (s.charCodeAt(end - 1) === 48 /* 0 */) end--;
    if (s.charCodeAt(end - 1) === 46 /* . */) end--;
  }
  return end === s.length ? s : s.slice(0, end);
}

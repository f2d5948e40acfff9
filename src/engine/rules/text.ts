// Plain-text wording of rule conditions and rules (the CLI prints it; the webview escapes it).
import type { CategoricalCondition, NumericCondition, Rule } from './types';

/** Shortest readable form of a number for people; the exact value stays in the JSON fields. */
export function formatNumber(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(6)));
}

/** Names that would read ambiguously inside a condition are shown quoted. */
export function formatName(name: string): string {
  return name === '' || /[,{}"=<>≤∈∉]|^\s|\s$/.test(name) ? JSON.stringify(name) : name;
}

export function numericText(c: Omit<NumericCondition, 'text' | 'foilGain'>): string {
  const f = formatName(c.feature);
  let text: string;
  if (c.lower !== null && c.upper !== null) text = `${formatNumber(c.lower)} < ${f} ≤ ${formatNumber(c.upper)}`;
  else if (c.upper !== null) text = `${f} ≤ ${formatNumber(c.upper)}`;
  else if (c.lower !== null) text = `${f} > ${formatNumber(c.lower)}`;
  else text = `${f} is any value`;
  return c.missing ? `(${text} or missing)` : text;
}

export function categoricalText(c: Omit<CategoricalCondition, 'text' | 'foilGain'>): string {
  const f = formatName(c.feature);
  const names = c.categories.map(formatName);
  const text = names.length === 1 ? `${f} = ${names[0]}` : `${f} ∈ {${names.join(', ')}}`;
  // With `missing`, anything but the excluded values passes: missing values and categories unseen here.
  return c.missing ? `(${text} or missing/unseen)` : text;
}

export function ruleText(conditions: readonly { text: string }[], target: string, prediction: string | number): string {
  const when = conditions.length ? conditions.map((c) => c.text).join(' AND ') : 'TRUE';
  const then = typeof prediction === 'number' ? formatNumber(prediction) : formatName(prediction);
  return `IF ${when} THEN ${formatName(target)} = ${then}`;
}

const percent = (x: number): string => `${(x * 100).toFixed(1)} %`;

/** "1 row", "3 rows". */
export const rowCount = (n: number): string => `${n} ${n === 1 ? 'row' : 'rows'}`;

/** Rules as readable text: each with its support, quality, class distribution and FOIL gains. */
export function rulesToText(rules: readonly Rule[], classes: readonly string[] = []): string {
  return rules
    .map((r, i) => {
      const quality = r.accuracy !== null ? `accuracy ${percent(r.accuracy)}` : `mse ${formatNumber(r.mse ?? 0)}`;
      const lines = [`${i + 1}. ${r.text}`, `   covers ${rowCount(r.covered)} (${percent(r.coverage)}), ${quality}`];
      if (r.distribution) lines.push(`   classes: ${r.distribution.map((n, c) => `${formatName(classes[c] ?? String(c))} ${n}`).join(', ')}`);
      const gains = r.conditions.filter((c) => c.foilGain !== null);
      if (gains.length) lines.push(`   FOIL gain: ${gains.map((c) => `${c.text} ${formatNumber(c.foilGain as number)}`).join('; ')}`);
      return lines.join('\n');
    })
    .join('\n\n')
    .concat('\n');
}

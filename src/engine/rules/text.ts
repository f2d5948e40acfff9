// Plain-text wording of rule conditions and rules (the CLI prints it; the webview escapes it).
import { formatNumber } from '../number-text';
import type { Rule } from './types';

/** Names that would read ambiguously inside a condition are shown quoted. */
export function formatName(name: string): string {
  return name === '' || /[,{}"=<>≤∈∉]|^\s|\s$/.test(name) ? JSON.stringify(name) : name;
}

/**
 * `lower < name ≤ upper` from the parts already formatted (formatName, formatNumber; null: no bound),
 * `name is present` without bounds. Joined, not concatenated, so the text is one flat string: every
 * rule's text copies it.
 */
export function numericText(name: string, lower: string | null, upper: string | null, missing: boolean, listed: string | null = null): string {
  const parts: string[] = missing ? ['('] : [];
  if (lower !== null && upper !== null) parts.push(lower, ' < ', name, ' ≤ ', upper);
  else if (upper !== null) parts.push(name, ' ≤ ', upper);
  else if (lower !== null) parts.push(name, ' > ', lower);
  else parts.push(name, missing ? ' is any value' : ' is present');
  if (listed !== null) parts.push(' ', listed);
  if (missing) parts.push(' or missing)');
  return parts.join('');
}

/** An ordinal column's categories of codes ⌊lower⌋+1 … ⌊upper⌋ (null: no bound), as `{Low, Medium}`: what a threshold on it means. */
export function ordinalRangeText(categories: readonly string[], lower: number | null, upper: number | null): string {
  const from = lower === null ? 0 : Math.floor(lower) + 1;
  const to = upper === null || upper === Infinity ? categories.length - 1 : Math.min(Math.floor(upper), categories.length - 1);
  return `{${categories.slice(Math.max(from, 0), to + 1).map(formatName).join(', ')}}`;
}

/** `name ∈ {categories}`; `name` already formatted (formatName). */
export function categoricalText(name: string, categories: readonly string[], missing: boolean): string {
  const names = categories.map(formatName);
  const text = names.length === 1 ? `${name} = ${names[0]}` : `${name} ∈ {${names.join(', ')}}`;
  // With `missing`, anything but the excluded values passes: missing values and categories unseen here.
  return missing ? `(${text} or missing/unseen)` : text;
}

/** `target` already formatted (formatName). One join, so the text is one flat string. */
export function ruleText(conditions: readonly { text: string }[], target: string, prediction: string | number): string {
  const parts = ['IF '];
  if (conditions.length === 0) parts.push('TRUE');
  for (let i = 0; i < conditions.length; i++) {
    if (i > 0) parts.push(' AND ');
    parts.push(conditions[i].text);
  }
  parts.push(' THEN ', target, ' = ', typeof prediction === 'number' ? formatNumber(prediction) : formatName(prediction));
  return parts.join('');
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

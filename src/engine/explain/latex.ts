// LaTeX of the worked formulas in the course notes' notation (H(S), H̄_A(S), gain(A),
// SplitInfo(A), GainRatio(A), Gini(S); docs/formulas.md "Worked calculations"). Names from the
// data are data: `tex` escapes them for \text{}, so a column named `a_b$` stays text.
import type { EntropyUnit } from '../impurity';

/** Numbers as shown: 4 significant digits (integers whole), so a student can check them by hand. */
export function shown(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '\\infty' : x < 0 ? '-\\infty' : '\\text{n/a}';
  if (Number.isInteger(x)) return String(x);
  if (Math.abs(x) >= 1000) return String(Math.round(x * 10) / 10);
  return String(Number(x.toPrecision(4)));
}

/** A number as text outside math (tables, sentences): `shown`, with ∞ and n/a as characters. */
export function shownText(x: number): string {
  return shown(x).replace(/\\infty/, '∞').replace(/\\text\{n\/a\}/, 'n/a');
}

const TEXT_ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '#': '\\#',
  '^': '\\textasciicircum{}',
  _: '\\_',
  '%': '\\%',
  '~': '\\textasciitilde{}',
  // Text mode turns these into other characters: ` and ' into curly quotes, < > into ¡ ¿ (OT1), " into ”.
  '`': '\\textasciigrave{}',
  "'": '\\textquotesingle{}',
  '"': '\\textquotedbl{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
};

/**
 * A name from the data inside math: `\text{…}` with LaTeX's special characters escaped, and `--`
 * kept as two hyphens (not an en dash).
 */
export function tex(name: string): string {
  return `\\text{${name.replace(/[\\{}$&#^_%~`'"<>]/g, (c) => TEXT_ESCAPES[c]).replace(/-(?=-)/g, '-{}')}}`;
}

/**
 * What KaTeX (the panel's typesetter) lacks of the escapes above: the literal characters, set
 * verbatim. LaTeX has these commands (textcomp, part of the kernel since 2020).
 */
export const KATEX_MACROS: Readonly<Record<string, string>> = {
  '\\textasciigrave': '\\verb|`|',
  '\\textquotesingle': "\\verb|'|",
  '\\textquotedbl': '\\verb|"|',
};

/** a/b as a fraction: whole counts as they are, weights (fractional cases) to 4 digits. */
export function frac(a: number, b: number): string {
  return `\\frac{${shown(a)}}{${shown(b)}}`;
}

/** The logarithm of the unit: log₂ (bits), ln (nats), log₁₀ (hartleys). */
export function logOf(unit: EntropyUnit): string {
  return unit === 'bits' ? '\\log_2' : unit === 'nats' ? '\\ln' : '\\log_{10}';
}

/** At most this many terms of a sum are written out; the rest is `\cdots` (a 50-class node). */
const MAX_TERMS = 8;

function terms(parts: string[], joiner: string): string {
  return parts.length <= MAX_TERMS ? parts.join(joiner) : [...parts.slice(0, MAX_TERMS - 1), '\\cdots', parts[parts.length - 1]].join(joiner);
}

/** −Σ p log p written out over the non-zero counts: `-\frac{5}{14}\log_2\frac{5}{14} - …`. */
export function entropyTerms(counts: readonly number[], total: number, unit: EntropyUnit): string {
  const present = counts.filter((c) => c > 0);
  if (present.length <= 1) return `-1 \\cdot ${logOf(unit)} 1`;
  return '-' + terms(present.map((c) => `${frac(c, total)}${logOf(unit)}${frac(c, total)}`), ' - ');
}

/** 1 − Σ p² written out: `1 - \left(\frac{5}{14}\right)^2 - …`. */
export function giniTerms(counts: readonly number[], total: number): string {
  const present = counts.filter((c) => c > 0);
  return '1 - ' + terms(present.map((c) => `\\left(${frac(c, total)}\\right)^2`), ' - ');
}

/** Σ_v |S_v|/|S| · I(S_v) written out. */
export function weightedTerms(weights: readonly number[], impurities: readonly number[], total: number): string {
  return terms(
    weights.map((w, v) => `${frac(w, total)} \\cdot ${shown(impurities[v])}`),
    ' + ',
  );
}

/** −Σ_v |S_v|/|S| log₂ |S_v|/|S| written out (the unknown weight as one more outcome, C4.5). */
export function splitInfoTerms(weights: readonly number[], total: number, unit: EntropyUnit): string {
  return '-' + terms(weights.filter((w) => w > 0).map((w) => `${frac(w, total)}${logOf(unit)}${frac(w, total)}`), ' - ');
}

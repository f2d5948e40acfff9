// Practice mode's check of a typed answer (README "Learn mode"): right when it agrees with the
// engine's value to the precision the calculation shows (4 significant digits, latex.ts shown).

export type Verdict = 'right' | 'wrong' | 'unreadable';

/** Digits shown, as latex.ts `shown` writes numbers. */
const SIGNIFICANT = 4;

/** A typed number (`0.9403`, `,9403`, `1/2`, `-0.25`); null when it is none. */
export function readAnswer(text: string): number | null {
  const t = text.trim().replace(',', '.');
  const fraction = /^(-?\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(t);
  if (fraction !== null) return Number(fraction[2]) === 0 ? null : Number(fraction[1]) / Number(fraction[2]);
  if (!/^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(t)) return null;
  return Number(t);
}

/** Right when |answer − value| is at most half a unit of the shown value's last digit. */
export function checkAnswer(text: string, value: number): Verdict {
  const answer = readAnswer(text);
  if (answer === null) return 'unreadable';
  if (value === 0 || Number.isInteger(value)) return Math.abs(answer - value) < 5e-5 ? 'right' : 'wrong';
  const unit = 10 ** (Math.floor(Math.log10(Math.abs(value))) - (SIGNIFICANT - 1));
  return Math.abs(answer - value) <= unit / 2 + unit * 1e-9 ? 'right' : 'wrong';
}

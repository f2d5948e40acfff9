// Practice mode of the calculation drawer (README "Learn mode"): which part of a worked formula is
// hidden until the student answers, and what the drawer says of an answer. Pure, so the rules are
// unit-tested; the check itself is the engine's (src/engine/explain/practice.ts: right to the
// shown precision).
import { checkAnswer, readAnswer, type Verdict } from '../../engine/explain/practice';
import { shownText } from '../../engine/explain/latex';

/**
 * The index of the first piece (formulaPieces) to hide: the worked values after the formula's
 * symbolic form. With two or more top-level `=`, from the second on (`gain(A) = H(S) − H̄_A(S) = ?`:
 * the values it subtracts would give the answer away); with one, the result. −1: nothing to hide.
 */
export function hiddenFrom(pieces: readonly string[]): number {
  const equals = pieces.flatMap((p, i) => (i > 0 && p.startsWith('=') ? [i] : []));
  return equals.length >= 2 ? equals[1] : (equals[0] ?? -1);
}

export interface PracticeAnswer {
  verdict: Verdict;
  /** What the drawer says, e.g. "Right: H(S) = 0.9403." */
  message: string;
}

/** The drawer's word on `text`, typed as the value of `name` whose engine value is `value`. */
export function practiceAnswer(name: string, value: number, text: string): PracticeAnswer {
  const verdict = checkAnswer(text, value);
  const shown = shownText(value);
  if (verdict === 'right') return { verdict, message: `Right: ${name} = ${shown}.` };
  if (verdict === 'unreadable') return { verdict, message: `"${text.trim()}" is not a number: type e.g. 0.94, .94, 0,94 or 5/14.` };
  const typed = readAnswer(text) as number;
  return { verdict, message: `Not quite: ${name} = ${shown}, not ${shownText(typed)}. The worked steps are shown.` };
}

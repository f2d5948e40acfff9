// Practice mode's rules (src/shared/render/practice-view.ts): what a formula hides until answered
// and what the drawer says of an answer, on the notes' play tennis numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formulaPieces } from '../../../src/shared/render/calculation-view';
import { hiddenFrom, practiceAnswer } from '../../../src/shared/render/practice-view';

const H = 'H(S) = -\\frac{5}{14}\\log_2\\frac{5}{14} - \\frac{9}{14}\\log_2\\frac{9}{14} = 0.9403';
const GAIN = 'gain(\\text{outlook}) = H(S) - \\bar{H}_{\\text{outlook}}(S) = 0.9403 - 0.6935 = 0.2467';
const MEAN = '\\bar{H}_{\\text{outlook}}(S) = \\sum_v \\frac{|S_v|}{|S|} H(S_v) = \\frac{5}{14} \\cdot 0.971 + \\frac{4}{14} \\cdot 0 + \\frac{5}{14} \\cdot 0.971 = 0.6935';

const shownPart = (latex: string) => {
  const pieces = formulaPieces(latex);
  return pieces.slice(0, hiddenFrom(pieces)).join(' ');
};

test('a formula hides its worked values: the node entropy keeps its substituted counts, the gain and the weighted mean only their symbols', () => {
  assert.equal(shownPart(H), 'H(S) = -\\frac{5}{14}\\log_2\\frac{5}{14} - \\frac{9}{14}\\log_2\\frac{9}{14}');
  assert.equal(shownPart(GAIN), 'gain(\\text{outlook}) = H(S) - \\bar{H}_{\\text{outlook}}(S)');
  assert.equal(shownPart(MEAN), '\\bar{H}_{\\text{outlook}}(S) = \\sum_v \\frac{|S_v|}{|S|} H(S_v)');
  assert.equal(hiddenFrom(formulaPieces('x + y')), -1);
});

test("an answer: right to the shown 4 digits (0.94 is not 0.9403), a fraction or a decimal comma read, text that is no number said so", () => {
  assert.deepEqual(practiceAnswer('H(S)', 0.940285958670631, '0.9403'), { verdict: 'right', message: 'Right: H(S) = 0.9403.' });
  assert.equal(practiceAnswer('H(S)', 0.940285958670631, '0,9403').verdict, 'right');
  assert.deepEqual(practiceAnswer('H(S)', 0.940285958670631, '0.94'), { verdict: 'wrong', message: 'Not quite: H(S) = 0.9403, not 0.94. The worked steps are shown.' });
  assert.equal(practiceAnswer('Gini(S)', 0.5, '1/2').verdict, 'right');
  assert.deepEqual(practiceAnswer('gain(outlook)', 0.2467, 'abc'), { verdict: 'unreadable', message: '"abc" is not a number: type e.g. 0.94, .94, 0,94 or 5/14.' });
});

// Practice mode in the calculation drawer (README "Learn mode"): the worked numbers of a node's
// impurity or a candidate's score stay hidden (a scope with the class `practice-hidden`, media/panel.css)
// until the student types a value and checks it; the drawer then says right or not
// (src/shared/render/practice-view.ts, to the shown precision) and shows the worked steps.
import { practiceAnswer } from '../src/shared/render/practice-view';
import { el, replaceChildren } from './dom';
import { button } from './toolkit';
import { t } from './l10n';

let nextId = 0;

/** A value the practice hides: itself, and the `?` shown in its place while its scope is hidden. */
export function answerText(text: string): HTMLElement[] {
  return [el('span', { class: 'calc-result' }, text), el('span', { class: 'calc-hidden-mark', 'aria-hidden': 'true' }, '?')];
}

/**
 * "Your H(S): [ ] Check": Enter or Check reads the answer; a readable one (right or wrong) shows
 * the numbers of `scope`.
 */
export function questionBox(name: string, value: number, scope: HTMLElement): HTMLElement {
  const id = `practice-${++nextId}`;
  const input = el('input', { type: 'text', id, class: 'practice-input', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false', placeholder: t('e.g. 0.94 or 5/14') });
  const verdict = el('p', { class: 'practice-verdict', role: 'status', 'aria-live': 'polite' });
  const check = () => {
    const answer = practiceAnswer(name, value, input.value);
    verdict.className = `practice-verdict ${answer.verdict}`;
    replaceChildren(verdict, answer.message);
    if (answer.verdict !== 'unreadable') scope.classList.remove('practice-hidden');
  };
  input.addEventListener('keydown', (e) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    check();
  });
  return el('div', { class: 'practice' }, el('label', { for: id }, t`Your ${name}: `), input, ' ', button(t('Check'), check, { title: t('Check your value (to the 4 significant digits shown)') }), verdict);
}

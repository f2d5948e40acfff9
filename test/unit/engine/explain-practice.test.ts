// Practice mode's answer check: right to the 4 significant digits the calculation shows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAnswer, readAnswer } from '../../../src/engine/explain/practice';

test('an answer is right to the shown precision, wrong beyond it', () => {
  const h = 0.9402859586706311; // shown 0.9403
  assert.equal(checkAnswer('0.9403', h), 'right');
  assert.equal(checkAnswer('0,9403', h), 'right');
  assert.equal(checkAnswer('.94029', h), 'right');
  assert.equal(checkAnswer('0.9402', h), 'wrong');
  assert.equal(checkAnswer('0.94', h), 'wrong');
  assert.equal(checkAnswer('1.577', 1.5774062828523454), 'right');
  assert.equal(checkAnswer('5929.9', 5929.93), 'right');
  assert.equal(checkAnswer('5931', 5929.93), 'wrong');
  assert.equal(checkAnswer('0', 0), 'right');
  assert.equal(checkAnswer('1/2', 0.5), 'right');
  assert.equal(checkAnswer('0.5001', 0.5), 'wrong');
  assert.equal(checkAnswer('-0.01321', -0.013214), 'right');
  assert.equal(checkAnswer('-0.0132', -0.013214), 'wrong');
});

test('text that is no number is unreadable, not wrong', () => {
  for (const t of ['', 'abc', '0.9.4', '1/0', '--1']) {
    assert.equal(readAnswer(t), null, t);
    assert.equal(checkAnswer(t, 1), 'unreadable', t);
  }
});

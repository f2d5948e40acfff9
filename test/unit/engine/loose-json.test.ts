// XGBoost's JSON with bare NaN and ±Infinity (src/engine/import/loose-json.ts): the words outside
// strings read as the numbers, the same words inside strings stay text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseLooseJson } from '../../../src/engine/import/loose-json';

test('NaN and ±Infinity outside strings are numbers; inside strings they stay text', () => {
  assert.deepEqual(parseLooseJson('{"a":[NaN,Infinity,-Infinity,1.5e-1],"s":"x NaN -Infinity"}'), { a: [NaN, Infinity, -Infinity, 0.15], s: 'x NaN -Infinity' });
  assert.deepEqual(parseLooseJson('{"b":[Infinity,-Infinity]}'), { b: [Infinity, -Infinity] });
  // A scikit-learn wrapper's attributes hold "missing": NaN inside a string: read as plain JSON.
  assert.deepEqual(parseLooseJson('{"attributes":{"scikit_learn":"{\\"missing\\": NaN}"},"v":[1,2]}'), { attributes: { scikit_learn: '{"missing": NaN}' }, v: [1, 2] });
  assert.throws(() => parseLooseJson('{"a":[NaN,'), SyntaxError);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ByteDictionary } from '../../../src/engine/csv/byte-dictionary';
import { parseCsv } from '../../../src/engine/csv/read';
import { createRng, randomInt } from '../../../src/engine/random';
import type { CategoricalColumn } from '../../../src/engine/dataset';

test('one code per distinct value, in first-appearance order, through every growth step', () => {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const dictionary = new ByteDictionary((bytes) => decoder.decode(bytes));
  const rng = createRng(5);
  const expected = new Map<string, number>();
  for (let k = 0; k < 100000; k++) {
    const value = `v${randomInt(rng, 20000)}${'x'.repeat(randomInt(rng, 5))}`;
    // Surrounding bytes: the value is a slice of a larger buffer, as fields are.
    const bytes = encoder.encode(`,${value},`);
    const code = dictionary.codeOf(bytes, 1, bytes.length - 1);
    if (!expected.has(value)) expected.set(value, expected.size);
    assert.equal(code, expected.get(value), value);
  }
  assert.equal(dictionary.size, expected.size);
  assert.deepEqual(dictionary.values(), [...expected.keys()]);
});

test('a categorical column with thousands of distinct values keeps each one once', () => {
  const rng = createRng(9);
  const values = Array.from({ length: 30000 }, () => `id-${randomInt(rng, 6000)}`);
  const column = parseCsv('id\n' + values.join('\n') + '\n').columns[0] as CategoricalColumn;
  assert.equal(new Set(column.categories).size, column.categories.length);
  assert.equal(column.categories.length, new Set(values).size);
  assert.deepEqual(Array.from(column.codes, (c) => column.categories[c]), values);
});

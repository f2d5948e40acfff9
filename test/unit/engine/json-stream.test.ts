// The streaming JSON reader (src/engine/json-stream.ts): whatever the chunk boundaries, members,
// whole values and batched arrays arrive as JSON.parse of the whole text has them; a batched array
// longer than a batch is parsed in several batches, none longer than about BATCH_BYTES; bad JSON
// is refused, never half-read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BATCH_BYTES, JsonStream, type JsonPath } from '../../../src/engine/json-stream';

/** Rebuilds the value from the events, descending into everything under `batched` keys as batches. */
function readBack(text: string, chunk: number, batched: string[]): { value: unknown; batches: number[] } {
  const root: Record<string, unknown> = {};
  const batches: number[] = [];
  const at = (path: JsonPath): Record<string | number, unknown> => path.slice(0, -1).reduce((o: Record<string | number, unknown>, k) => o[k] as Record<string | number, unknown>, root);
  const stream = new JsonStream(
    {
      descend: (path, kind) => {
        if (path.length === 0) return 'members';
        at(path)[path[path.length - 1]] = kind === 'array' ? [] : {};
        return batched.includes(String(path[path.length - 1])) ? 'batch' : path.length === 1 ? 'members' : 'whole';
      },
      value: (path, value) => {
        at(path)[path[path.length - 1]] = value;
      },
      items: (path, values) => {
        batches.push(values.length);
        (at(path)[path[path.length - 1]] as unknown[]).push(...values);
      },
      close: () => undefined,
    },
    (problem) => {
      throw new Error(problem);
    },
  );
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += chunk) stream.push(bytes.slice(i, i + chunk));
  stream.end();
  return { value: root, batches };
}

test('members, whole values and batched arrays come out as JSON.parse has them, in any chunks', () => {
  const text = ' {"a" : "x\\"]}\\\\", "n":[1, -2.5e3 ,"é,]", {"b":[{}]}, [], null, true], "o":{"p":[1,{"q":"]"}]} , "e":[ ], "u":"ü😀", "z":1e309}\n';
  for (const chunk of [1, 2, 3, 5, 1000]) assert.deepEqual(readBack(text, chunk, ['n', 'e']).value, JSON.parse(text), `chunks of ${chunk}`);
});

test('a long array of numbers is parsed in batches of about BATCH_BYTES', () => {
  const numbers = Array.from({ length: 300_000 }, (_, i) => (i * 1.37) / 7);
  const text = JSON.stringify({ values: numbers, after: 1 });
  for (const chunk of [65_536, 100_003]) {
    const { value, batches } = readBack(text, chunk, ['values']);
    assert.deepEqual(value, { values: numbers, after: 1 });
    assert.ok(batches.length >= text.length / BATCH_BYTES - 1 && batches.length > 2, `${batches.length} batches`);
  }
});

test('bad JSON is refused with what and where', () => {
  const refused = (text: string, message: RegExp) => assert.throws(() => readBack(text, 3, ['n']), message);
  refused('[1]', /expected a JSON object/);
  refused('{"n":[1,2', /ends early/);
  refused('{"n":[1,,2]}', /invalid JSON in "n"/);
  refused('{"a":1 "b":2}', /unexpected "\\"" at byte 7/);
  refused('{"a":1}}', /unexpected "}"/);
  refused('{"a":tru}', /invalid JSON in "a"/);
});

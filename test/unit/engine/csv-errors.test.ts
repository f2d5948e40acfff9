import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv, readCsv } from '../../../src/engine/csv/read';
import { MAX_FIELD_BYTES } from '../../../src/engine/csv/tokenizer';
import { MAX_COLUMNS } from '../../../src/engine/csv/table-builder';
import { InputError } from '../../../src/engine/errors';

/** Asserts that parsing fails with an InputError of `code` at `line` whose message matches. */
function fails(input: string | Uint8Array, code: string, line: number | undefined, message: RegExp, column?: number): void {
  assert.throws(
    () => parseCsv(input),
    (err: unknown) => {
      assert.ok(err instanceof InputError, `expected InputError, got ${String(err)}`);
      assert.equal(err.code, code);
      assert.equal(err.line, line);
      if (column !== undefined) assert.equal(err.column, column);
      assert.match(err.message, message);
      if (line !== undefined) assert.match(err.message, new RegExp(`^line ${line}\\b`));
      return true;
    },
  );
}

test('a row with too many fields names its line and both counts', () => {
  const ragged = readFileSync(path.join(process.cwd(), 'test/fixtures/csv/ragged.csv'));
  fails(ragged, 'ragged-row', 7, /line 7: row has 6 fields, header has 5/);
});

test('a row with too few fields is an error, never padded', () => {
  fails('a,b,c\n1,2,3\n4,5\n', 'ragged-row', 3, /row has 2 fields, header has 3/);
});

test('line numbers count newlines inside quoted fields', () => {
  fails('a,b\n1,"x\ny\nz"\n2\n', 'ragged-row', 5, /row has 1 field, header has 2/);
  fails('a,b\r\n1,"x\r\ny"\r\n2\r\n', 'ragged-row', 4, /row has 1 field/);
});

test('an unterminated quote names the line where it opened', () => {
  fails('a,b\n1,2\n3,"oops\n4,5\n6,7\n', 'unterminated-quote', 3, /quoted field opened here is never closed/, 2);
});

test('text after a closing quote is an error', () => {
  fails('a,b\n1,"x"y\n', 'bad-quote', 2, /after the closing quote of field 2/, 2);
});

test('NUL bytes mean the file is not text', () => {
  fails('a,b\n1,2\n3,\u0000\n', 'binary-file', 3, /not a text CSV/);
  const utf16 = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x2c, 0x00, 0x62, 0x00]);
  fails(utf16, 'binary-file', 1, /NUL byte/);
});

test('an empty file, a BOM alone or blank lines only are "empty"', () => {
  for (const input of ['', '\ufeff', '\n\n \r\n']) fails(input, 'empty-file', undefined, /^the file is empty/);
});

test('a header without data rows is an error', () => {
  fails('a,b,c\n', 'header-only', 1, /header row has no data rows/);
  fails('a,b,c', 'header-only', 1, /no data rows/);
  fails('\n\na,b,c\n\n', 'header-only', 3, /no data rows/);
});

test('text that is not UTF-8 is refused, naming line and column', () => {
  const latin1 = new Uint8Array([...new TextEncoder().encode('name,v\nok,1\n'), 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x2c, 0x32, 0x0a]);
  fails(latin1, 'bad-encoding', 3, /column 1 \("name"\): text is not valid UTF-8/, 1);
});

test('a field that would run past the size limit is refused without reading on', async () => {
  const block = new Uint8Array(1 << 20).fill(0x61);
  let sent = 0;
  async function* source(): AsyncGenerator<Uint8Array> {
    yield new TextEncoder().encode('a,b\n1,"');
    while (sent < MAX_FIELD_BYTES * 2) {
      sent += block.length;
      yield block;
    }
  }
  await assert.rejects(readCsv(source()), (err: unknown) => err instanceof InputError && err.code === 'unterminated-quote' && err.line === 2);
  assert.ok(sent <= MAX_FIELD_BYTES + block.length, `read ${sent} bytes before giving up`);
});

test('a header wider than the column limit is refused before any column is built', () => {
  const header = Array.from({ length: MAX_COLUMNS + 1 }, (_, i) => `c${i}`).join(',');
  fails(`${header}\n`, 'too-many-columns', 1, /more than 100000 fields/);
});

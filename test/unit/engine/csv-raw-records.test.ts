// RawRecordSplitter: each record handed back as the exact bytes it has in the input, cut by the
// reader's rules (quoted delimiters, newlines and doubled quotes, LF/CRLF/CR, BOM, blank lines),
// whatever the chunk boundaries, and as many records as the reader reads rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RawRecordSplitter } from '../../../src/engine/csv/raw-records';
import { parseCsv } from '../../../src/engine/csv/read';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The records of `bytes`, fed in chunks of `size` bytes. */
function split(bytes: Uint8Array, delimiter: string, size: number): string[] {
  const records: string[] = [];
  const splitter = new RawRecordSplitter(delimiter, (buf, start, end) => records.push(decoder.decode(buf.subarray(start, end))));
  for (let at = 0; at < bytes.length; at += size) splitter.push(bytes.slice(at, at + size));
  splitter.finish();
  return records;
}

/** Every chunk size from 1 to the whole input gives `expected`. */
function assertRecords(text: string, delimiter: string, expected: string[]): void {
  const bytes = encoder.encode(text);
  for (let size = 1; size <= bytes.length; size++) assert.deepEqual(split(bytes, delimiter, size), expected, `chunks of ${size} bytes`);
  assert.equal(parseCsv(bytes, { delimiter }).rowCount, expected.length - 1);
}

test('records keep their bytes: leading zeros, missing tokens, 0.0, spaces and quoting as written', () => {
  const records = ['zip,note,x', '00501,NA,0.0', '"00544",?,1.50', '  01001 , n/a ,  "2"  ', 'é€😀,"ü, ö",-0'];
  assertRecords(records.join('\n') + '\n', ',', records);
});

test('quoted fields hold delimiters, doubled quotes and every kind of newline, across any chunk boundary', () => {
  const records = ['a;b', '"x;y";"say ""hi"""', '"two\nlines";"three\r\nlines\rhere"', '"";""""'];
  assertRecords(records.join('\r\n'), ';', records);
});

test('LF, CRLF and CR line ends; blank lines and a BOM belong to no record; the last line may lack its newline', () => {
  assertRecords('\ufeffa,b\r\n1,2\r\n\r\n   \r\n3,4\r\n', ',', ['a,b', '1,2', '3,4']);
  assertRecords('a,b\r1,2\r\r3,4', ',', ['a,b', '1,2', '3,4']);
  assertRecords('\n\na,b\n1,2\n  \n3,4\n\n\n', ',', ['a,b', '1,2', '3,4']);
  assertRecords('a\tb\n1\t\n', '\t', ['a\tb', '1\t']);
  assertRecords('a\n""\n  x\n   ', ',', ['a', '""', '  x']);
});

test('a quote inside an unquoted field is an ordinary character, as the reader has it', () => {
  assertRecords('a,b\nx"y,2\n5" disk,"q"\n', ',', ['a,b', 'x"y,2', '5" disk,"q"']);
});

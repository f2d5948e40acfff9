// Seeded reservoir sampling of CSV records: header kept, N records in file order, quoted line
// breaks kept inside their record, the same sample whatever the chunking, roughly uniform.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv } from '../../../src/engine/csv/read';
import { RecordReservoir, sampleCsvRecords } from '../../../src/engine/sample/csv-reservoir';
import { isNumeric } from '../../../src/engine/dataset';

const text = (rows: number): string => ['id,note', ...Array.from({ length: rows }, (_, i) => (i % 7 === 0 ? `${i},"two\nlines, ""quoted"""` : `${i},plain ${i}`))].join('\n') + '\n';

async function* chunks(s: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(s);
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

test('keeps the header and N whole records in file order; the dataset parses', async () => {
  const sample = await sampleCsvRecords(chunks(text(5000), 4096), 300, 1);
  assert.equal(sample.totalRecords, 5000);
  assert.equal(sample.sampledRecords, 300);
  const data = parseCsv(sample.bytes);
  assert.equal(data.rowCount, 300);
  const id = data.columns[0];
  assert.equal(id.type, 'numeric');
  const ids = Array.from(isNumeric(id) ? id.values : []);
  for (let i = 1; i < ids.length; i++) assert.ok(ids[i] > ids[i - 1], 'file order');
  const note = data.columns[1];
  assert.ok(!isNumeric(note));
  ids.forEach((v, r) => assert.equal(note.categories[note.codes[r]], v % 7 === 0 ? 'two\nlines, "quoted"' : `plain ${v}`));
});

test('the same seed gives the same sample whatever the chunk size; another seed another sample', async () => {
  const a = await sampleCsvRecords(chunks(text(3000), 7), 100, 42);
  const b = await sampleCsvRecords(chunks(text(3000), 65536), 100, 42);
  const c = await sampleCsvRecords(chunks(text(3000), 65536), 100, 43);
  assert.deepEqual(a.bytes, b.bytes);
  assert.notDeepEqual(a.bytes, c.bytes);
});

test('a file with fewer records than asked is returned whole, a final line without line feed included', async () => {
  const s = 'a,b\n1,2\n3,4';
  const sample = await sampleCsvRecords(chunks(s, 3), 10, 1);
  assert.equal(sample.sampledRecords, 2);
  assert.equal(new TextDecoder().decode(sample.bytes), 'a,b\n1,2\n3,4\n');
});

test('roughly uniform: the sampled ids spread over the whole file', async () => {
  const sample = await sampleCsvRecords(chunks(text(20000), 1 << 16), 2000, 9);
  const id = parseCsv(sample.bytes).columns[0];
  const ids = isNumeric(id) ? Array.from(id.values) : [];
  const mean = ids.reduce((a, b) => a + b, 0) / ids.length;
  assert.ok(Math.abs(mean - 10000) < 600, `mean id ${mean}`);
  const lastTenth = ids.filter((v) => v >= 18000).length;
  assert.ok(lastTenth > 120 && lastTenth < 280, `${lastTenth} of 2000 in the last tenth`);
  await assert.rejects(sampleCsvRecords(chunks('a\n1\n', 4), 0, 1), RangeError);
});

test('fed synchronously chunk by chunk (a worker reading with readSync), the sample is the same', async () => {
  const bytes = new TextEncoder().encode(text(800));
  const reservoir = new RecordReservoir(50, 5);
  const buffer = new Uint8Array(13);
  for (let i = 0; i < bytes.length; i += buffer.length) {
    // One reused buffer, as fs.readSync fills it.
    const n = Math.min(buffer.length, bytes.length - i);
    buffer.set(bytes.subarray(i, i + n));
    reservoir.push(buffer.subarray(0, n));
  }
  assert.deepEqual(reservoir.finish().bytes, (await sampleCsvRecords(chunks(text(800), 4096), 50, 5)).bytes);
});

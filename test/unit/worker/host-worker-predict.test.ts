// The extension's side of issue 14's predict and gzip items, through the real engine worker:
// "Predict on Another CSV…" copies every record as it is in the file, and gzip bytes (a .csv.gz
// read by the host) load, profile, predict and sample like the plain file.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WorkerBridge } from '../../../src/host/worker-bridge';
import { nodeEngine } from '../../../src/host/node-platform';
import { InputError } from '../../../src/engine/errors';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainTree } from '../../../src/engine/tree/train';
import { predict } from '../../../src/engine/tree/predict';
import { packModel } from '../../../src/shared/report-transfer';
import { sampleJob } from '../../../src/worker/jobs/sample';
import type { CsvSource, JobProgress } from '../../../src/shared/worker-messages';
import { bundleWorker } from '../helpers/worker-bundle';

let bridge: WorkerBridge;
before(async () => {
  const engineFile = await bundleWorker();
  bridge = new WorkerBridge(() => nodeEngine(engineFile));
});

const RECORDS = [
  'zip;city;note;amount;region',
  '00501;Holtsville;NA;0.0;east',
  '"00544";"Holts; ville";?;1.50;east',
  '01001;"say ""hi""";"two\r\nlines";2.0;west',
  '99950;Kétchikan;N/A;1e3;west',
  '  01002 ;Agawam; ok ;3;east',
  '02108;Boston;;-0.0;west',
];
const TEXT = RECORDS.join('\r\n') + '\r\n';
const PLAIN = new TextEncoder().encode(TEXT);
const GZIP = new Uint8Array(gzipSync(PLAIN));

const bytes = (b: Uint8Array): CsvSource => ({ kind: 'bytes', bytes: b.slice() });

test('predict in the worker copies every record as it is, from bytes, unsaved text or gzip', async () => {
  const dataset = parseCsv(PLAIN);
  const { model } = trainTree(dataset, { target: 'region', maxDepth: 2 });
  const predictions = predict(model, dataset);
  const expected = RECORDS.map((r, i) => `${r};${i === 0 ? 'predicted_region' : predictions[i - 1]}`).join('\n') + '\n';
  for (const source of [bytes(PLAIN), { kind: 'text' as const, text: TEXT }, bytes(GZIP)]) {
    const { bytes: out, rows } = await bridge.run('predict', { source, fileName: 'zips.csv', model: packModel(model) }).result;
    assert.equal(rows, 6);
    assert.equal(new TextDecoder().decode(out), expected, source.kind);
  }
});

test('gzip bytes load into the same Dataset as the plain file, with progress up to 1', async () => {
  const plain = await bridge.run('load', { source: bytes(PLAIN), fileName: 'zips.csv' }).result;
  const seen: JobProgress[] = [];
  const gzip = await bridge.run('load', { source: bytes(GZIP), fileName: 'zips.csv.gz' }, { onProgress: (p) => seen.push(p) }).result;
  assert.deepEqual(gzip, plain);
  assert.deepEqual(seen.at(-1), { phase: 'parse', fraction: 1 });
  const { profile } = await bridge.run('profile', { source: bytes(GZIP), fileName: 'zips.csv.gz', request: {} }).result;
  assert.equal(profile.rowCount, 6);
  assert.equal(profile.columns.length, 5);
});

test('a gzip file keeps the column types chosen for it (Set Column Type…)', async () => {
  const types = { zip: 'categorical', amount: 'categorical' } as const;
  const plain = await bridge.run('load', { source: bytes(PLAIN), fileName: 'zips.csv', types }).result;
  const gzip = await bridge.run('load', { source: bytes(GZIP), fileName: 'zips.csv.gz', types }).result;
  assert.deepEqual(gzip, plain);
  assert.deepEqual(gzip.dataset.columns.map((c) => c.type), ['categorical', 'categorical', 'categorical', 'categorical', 'categorical']);
});

test('a truncated gzip fails as an InputError that says so', async () => {
  await assert.rejects(bridge.run('load', { source: bytes(GZIP.subarray(0, GZIP.length - 8)), fileName: 'cut.csv.gz' }).result, (err: unknown) => {
    assert.ok(err instanceof InputError, String(err));
    assert.match(err.message, /the gzip data is corrupt or truncated \(unexpected end of file\)/);
    return true;
  });
});

test('the sample job reads a gzip file like the plain one', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-gz-'));
  try {
    const lines = ['x,label', ...Array.from({ length: 3000 }, (_, i) => `${i},${i % 3 === 0 ? 'a' : 'b'}`)];
    const text = lines.join('\n') + '\n';
    writeFileSync(path.join(dir, 'big.csv'), text);
    writeFileSync(path.join(dir, 'big.csv.gz'), gzipSync(text));
    const job = (name: string) => ({ path: path.join(dir, name), rows: 200, seed: 42, fileName: name });
    const fractions: number[] = [];
    const gz = await sampleJob(job('big.csv.gz'), (p) => fractions.push(p.phase === 'parse' ? p.fraction : -1));
    assert.deepEqual(gz, await sampleJob(job('big.csv'), () => undefined));
    assert.deepEqual(gz.sampled, { rows: 200, of: 3000 });
    assert.equal(fractions.at(-1), 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// `predict` end to end (a freshly bundled CLI): every input record comes out byte for byte as it
// is in the file, plus the delimiter and the prediction, one LF-ended line per row; the
// predictions are those of the parsed Dataset. gzip input (by its magic bytes) reads like the
// plain file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainTree } from '../../../src/engine/tree/train';
import { predict } from '../../../src/engine/tree/predict';
import { serializeModel } from '../../../src/engine/tree/model-json';
import { createRng } from '../../../src/engine/random';
import { useCli } from '../helpers/cli';

const cli = useCli();

/** Writes `records` joined by `newline` to `name`, and a depth-2 model of `target` trained on it. */
function fixture(name: string, records: string[], newline: string, target: string): { file: string; model: string; bytes: Buffer } {
  const file = path.join(cli.dir, name);
  const bytes = Buffer.from(records.join(newline) + newline);
  writeFileSync(file, bytes);
  const { model } = trainTree(parseCsv(bytes), { target, maxDepth: 2 });
  const modelFile = path.join(cli.dir, `${name}.model.json`);
  writeFileSync(modelFile, serializeModel(model));
  return { file, model: modelFile, bytes };
}

/** What predict must print: each record unchanged, the delimiter, the Dataset's prediction. */
function expectedOutput(records: string[], bytes: Buffer, modelFile: string, delimiter: string): string {
  const predictions = predict(JSON.parse(readFileSync(modelFile, 'utf8')), parseCsv(bytes));
  const model = JSON.parse(readFileSync(modelFile, 'utf8')) as { target: string };
  return records.map((r, i) => `${r}${delimiter}${i === 0 ? `predicted_${model.target}` : predictions[i - 1]}`).join('\n') + '\n';
}

test('predict copies every field as written: leading zeros, NA and ? in a text column, 0.0, quotes, newlines, CRLF', () => {
  const records = [
    'zip,city,note,amount,region',
    '00501,Holtsville,NA,0.0,east',
    '"00544","Holts, ville",?,1.50,east',
    '01001,"say ""hi""","two\r\nlines",2.0,west',
    '99950,Ketchikan,N/A,1e3,west',
    '  01002 ,Agawam, ok ,3,east',
    '02108,Boston,,-0.0,west',
  ];
  const { file, model, bytes } = fixture('zips.csv', records, '\r\n', 'region');
  const r = cli.run('predict', '--model', model, file);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, expectedOutput(records, bytes, model, ','));
});

test('--out naming the input file is refused before anything is written', () => {
  const records = ['a,y', '1,p', '2,q'];
  const { file, model, bytes } = fixture('self.csv', records, '\n', 'y');
  const r = cli.run('predict', '--model', model, file, '--out', file);
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /--out self\.csv is the input file/);
  assert.deepEqual(readFileSync(file), bytes);
});

test('a ;-delimited file with non-ASCII text keeps its delimiter and bytes', () => {
  const records = ['nom;ville;valeur;classe', 'Zoë;Besançon;0,50;a', 'Ærø;"Köln; Mitte";007;b', '名前;東京;1,0;a', 'Ōsaka;"""Dé""";NaN;b'];
  const { file, model, bytes } = fixture('semi.csv', records, '\n', 'classe');
  const out = path.join(cli.dir, 'semi.predictions.csv');
  const r = cli.run('predict', '--model', model, file, '--out', out);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(readFileSync(out, 'utf8'), expectedOutput(records, bytes, model, ';'));
});

/** Rows of ~1 KB whose quoted field holds delimiters, doubled quotes and newlines: most bytes of the file are inside quotes. */
function longQuotedRecords(rows: number): string[] {
  const rng = createRng(7);
  const records = ['id,text,x,label'];
  for (let i = 0; i < rows; i++) {
    const filler = Array.from({ length: 60 }, (_, k) => (k % 7 === 3 ? ',\n ""q"" ' : `w${Math.floor(rng() * 1000)}`)).join(' ');
    const x = (rng() * 10).toFixed(1);
    records.push(`${String(i).padStart(6, '0')},"${filler}",${x},${Number(x) < 5 ? 'low' : 'high'}`);
  }
  return records;
}

test('a file of several MB read in chunks whose boundaries fall inside quoted fields comes out whole', () => {
  const records = longQuotedRecords(9000);
  const { file, model, bytes } = fixture('long.csv', records, '\n', 'label');
  // The CLI reads 1 MiB chunks: check the boundaries do fall inside quoted fields.
  const text = bytes.toString('latin1');
  const boundaries = [1 << 20, 2 << 20, 3 << 20];
  assert.ok(bytes.length > boundaries[2]);
  for (const boundary of boundaries) {
    const quotes = text.slice(0, boundary).split('"').length - 1;
    assert.equal(quotes % 2, 1, `byte ${boundary} is inside quotes`);
  }
  const out = path.join(cli.dir, 'long.predictions.csv');
  const r = cli.run('predict', '--model', model, file, '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const expected = expectedOutput(records, bytes, model, ',');
  assert.equal(readFileSync(out, 'utf8'), expected);
  // The same file gzipped (and named .csv: the magic bytes decide) gives the same output.
  const gz = path.join(cli.dir, 'long-gzipped.csv');
  writeFileSync(gz, gzipSync(bytes));
  const g = cli.run('predict', '--model', model, gz, '--out', out);
  assert.equal(g.status, 0, g.stderr);
  assert.equal(readFileSync(out, 'utf8'), expected);
});

test('a .csv.gz trains, profiles and predicts like the plain file; a .tsv.gz is tab-separated', () => {
  const plain = path.join('test/fixtures/parity/iris_gini_max_depth_3', 'train.csv');
  const gz = path.join(cli.dir, 'iris.csv.gz');
  writeFileSync(gz, gzipSync(readFileSync(plain)));
  const train = (f: string) => cli.run('train', f, '--target', 'species', '--max-depth', '3');
  const [a, b] = [train(plain), train(gz)];
  assert.equal(b.status, 0, b.stderr);
  assert.equal(b.stdout, a.stdout);
  const profile = (f: string) => cli.run('profile', f, '--json');
  assert.deepEqual(JSON.parse(profile(gz).stdout), JSON.parse(profile(plain).stdout));
  const tsv = path.join(cli.dir, 'iris.tsv.gz');
  writeFileSync(tsv, gzipSync(readFileSync(plain, 'utf8').replaceAll(',', '\t')));
  const t = cli.run('profile', tsv);
  assert.equal(t.status, 0, t.stderr);
  assert.match(t.stdout, /^iris\.tsv\.gz: \d+ rows, 5 columns, delimiter tab/);
});

test('a truncated or corrupt gzip file exits 2 with one line naming it', () => {
  const gz = gzipSync(readFileSync(path.join('test/fixtures/parity/iris_gini_max_depth_3', 'train.csv')));
  const truncated = path.join(cli.dir, 'cut.csv.gz');
  writeFileSync(truncated, gz.subarray(0, gz.length - 100));
  const corrupt = path.join(cli.dir, 'bad.csv.gz');
  writeFileSync(corrupt, Buffer.concat([gz.subarray(0, 10), Buffer.alloc(200, 0xff)]));
  for (const [file, name] of [[truncated, 'cut.csv.gz'], [corrupt, 'bad.csv.gz']]) {
    const r = cli.run('train', file, '--target', 'species');
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, new RegExp(`^error: ${name.replaceAll('.', '\\.')}: the gzip data is corrupt or truncated \\(.+\\)\\n$`));
  }
});

// The CLI on Parquet (README "Parquet input"): a tree trained on iris.parquet, or on the folder of
// its part files, is the tree trained on iris.csv; a forest and evaluate read it too; predict
// writes CSV from a Parquet input and Parquet when --out ends in .parquet, which hyparquet and
// pandas read back (test/fixtures/parquet/predict-roundtrip.expected.json, written by
// scripts/fixtures/make-parquet.py from pandas.read_parquet of this very output); bad files exit 2
// naming file and column, writing nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { isNumeric } from '../../../src/engine/dataset';
import { loadTableFile } from '../../../src/worker/load-table';
import { useCli } from '../helpers/cli';

const cli = useCli();
const run = cli.run;
const dir = 'test/fixtures/parquet';
const CSV = 'media/samples/iris.csv';

function tree(file: string, ...more: string[]): string {
  const r = run('train', file, '--target', 'species', ...more);
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('a tree trained on iris.parquet, or on its part files, is the tree trained on iris.csv', () => {
  const fromCsv = tree(CSV);
  assert.equal(tree(`${dir}/iris.parquet`), fromCsv);
  assert.equal(tree(`${dir}/parts`), fromCsv);
  assert.equal(tree(`${dir}/iris.parquet`, '--format', 'text', '--max-depth', '3'), tree(CSV, '--format', 'text', '--max-depth', '3'));
  // The model JSON is a real tree, not two equal empty outputs.
  assert.ok(JSON.parse(fromCsv).nodes.length > 5);
});

test('a forest, evaluate and profile read Parquet like the CSV', () => {
  const forest = (file: string) => run('train', file, '--target', 'species', '--ensemble', 'forest', '--n-trees', '5', '--seed', '3', '--jobs', '1');
  const a = forest(`${dir}/iris.parquet`);
  const b = forest(CSV);
  assert.equal(a.status, 0, a.stderr);
  assert.equal(a.stdout, b.stdout);
  const model = path.join(cli.dir, 'iris-tree.json');
  assert.equal(run('train', `${dir}/iris.parquet`, '--target', 'species', '--max-depth', '2', '--out', model).status, 0);
  const e1 = run('evaluate', '--model', model, `${dir}/parts`);
  const e2 = run('evaluate', '--model', model, CSV);
  assert.equal(e1.status, 0, e1.stderr);
  assert.match(e1.stdout, /^iris-tree\.json on parts, leaves as saved \(150 rows\)\n {2}accuracy 0\.9600 /);
  assert.equal(e1.stdout.replace(' on parts,', ' on iris.csv,'), e2.stdout);
  const p = run('profile', `${dir}/mixed.parquet`);
  assert.equal(p.status, 0, p.stderr);
  assert.match(p.stdout, /^mixed\.parquet: 12 rows, 11 columns, Parquet\n/);
  assert.match(p.stdout, /\nwhen +date +10 +2 +10 +2024-03-01T08:30Z /);
});

test('predict: CSV from a Parquet input; Parquet when --out ends in .parquet, as pandas reads it', async () => {
  const model = path.join(cli.dir, 'iris-depth2.json');
  assert.equal(run('train', `${dir}/iris.parquet`, '--target', 'species', '--max-depth', '2', '--out', model).status, 0);
  const fromCsv = run('predict', '--model', model, CSV);
  const fromParquet = run('predict', '--model', model, `${dir}/iris.parquet`);
  assert.equal(fromParquet.status, 0, fromParquet.stderr);
  const a = parseCsv(fromCsv.stdout);
  const b = parseCsv(fromParquet.stdout);
  assert.deepEqual(b.columns.map((c) => c.name), a.columns.map((c) => c.name));
  b.columns.forEach((c, k) => {
    const d = a.columns[k];
    if (isNumeric(c) && isNumeric(d)) assert.deepEqual(Array.from(c.values), Array.from(d.values));
    else if (!isNumeric(c) && !isNumeric(d)) assert.deepEqual(Array.from(c.codes, (x) => c.categories[x]), Array.from(d.codes, (x) => d.categories[x]));
    else assert.fail(`${c.name}: ${c.type} vs ${d.type}`);
  });
  const out = path.join(cli.dir, 'pred.parquet');
  const w = run('predict', '--model', model, `${dir}/iris.parquet`, '--out', out);
  assert.equal(w.status, 0, w.stderr);
  assert.equal(readFileSync(out).subarray(0, 4).toString(), 'PAR1');
  const back = await loadTableFile(out);
  const pandas = JSON.parse(readFileSync(`${dir}/predict-roundtrip.expected.json`, 'utf8')) as { columns: string[]; dtypes: Record<string, string>; predicted_species: string[]; sepal_length_cm: number[] };
  assert.deepEqual(back.columns.map((c) => c.name), pandas.columns);
  assert.deepEqual(back.columns.map((c) => c.type), pandas.columns.map((n) => (pandas.dtypes[n] === 'float64' ? 'numeric' : 'categorical')));
  const predicted = back.columns[5];
  assert.ok(!isNumeric(predicted));
  assert.deepEqual(Array.from(predicted.codes, (x) => predicted.categories[x]), pandas.predicted_species);
  // The same predictions as the CSV output's.
  const csvPredicted = a.columns[5];
  assert.ok(!isNumeric(csvPredicted));
  assert.deepEqual(pandas.predicted_species, Array.from(csvPredicted.codes, (x) => csvPredicted.categories[x]));
  const sepal = back.columns[0];
  assert.ok(isNumeric(sepal));
  assert.deepEqual(Array.from(sepal.values), pandas.sepal_length_cm);
  // From a CSV input too.
  const out2 = path.join(cli.dir, 'pred-from-csv.parquet');
  assert.equal(run('predict', '--model', model, CSV, '--out', out2).status, 0);
  const back2 = await loadTableFile(out2);
  const p2 = back2.columns[5];
  assert.ok(!isNumeric(p2));
  assert.deepEqual(Array.from(p2.codes, (x) => p2.categories[x]), pandas.predicted_species);
});

test('bad Parquet: exit 2, a message naming the file (and column), nothing written', () => {
  const model = path.join(cli.dir, 'never.json');
  const corrupt = run('train', `${dir}/corrupt.parquet`, '--target', 'species', '--out', model);
  assert.equal(corrupt.status, 2);
  assert.match(corrupt.stderr, /^error: corrupt\.parquet: not a readable Parquet file, or cut short \(.*\)\n$/);
  const nested = run('train', `${dir}/nested.parquet`, '--target', 'x', '--out', model);
  assert.equal(nested.status, 2);
  assert.match(nested.stderr, /^error: nested\.parquet: column "tags" holds nested values \(a list\)/);
  assert.equal(existsSync(model), false);
  const tree = path.join(cli.dir, 'ok.json');
  assert.equal(run('train', CSV, '--target', 'species', '--out', tree).status, 0);
  const out = path.join(cli.dir, 'never.parquet');
  const p = run('predict', '--model', tree, `${dir}/corrupt.parquet`, '--out', out);
  assert.equal(p.status, 2);
  assert.match(p.stderr, /corrupt\.parquet/);
  assert.equal(existsSync(out), false);
  const missing = run('train', `${dir}/mixed.parquet`, '--target', 'nope');
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /nope/);
});

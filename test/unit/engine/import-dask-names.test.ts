// XGBoost models saved by the Dask job (python/dask_train.py; made by
// scripts/fixtures/make-dask-models.py) name their target, classes and categories
// (src/engine/import/xgboost-job.ts): read alone they show those names, bound to a CSV the target
// is the column of that name without --target, and the predictions equal XGBoost's own from the
// job (≤ 1e-6) — also on a CSV that lacks one of the categories, where naming codes by the CSV's
// sorted values would shift them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { bindEnsemble } from '../../../src/engine/import/bind';
import type { ImportedEnsemble } from '../../../src/engine/import/ensemble';
import { predictEnsemble } from '../../../src/engine/import/predict';
import { readAnyModelBytes } from '../../../src/engine/import/read';
import { ensembleRowPredictions } from '../../../src/engine/import/validate';
import { metricsOf } from '../../../src/engine/validation/evaluate';
import { InputError } from '../../../src/engine/errors';

const DIR = 'test/fixtures/imported';
const DATA = readFileSync(path.join(DIR, 'dask-data.csv'), 'utf8');

const load = (bytes: Uint8Array | string): ImportedEnsemble => {
  const loaded = readAnyModelBytes(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes);
  assert.equal(loaded.kind, 'ensemble');
  return loaded.model as ImportedEnsemble;
};
const model = (name: string): ImportedEnsemble => load(readFileSync(path.join(DIR, `${name}.json`)));

/** XGBoost's probabilities from the job, a row of shares per data row. */
function xgbShares(name: string): { classes: string[]; rows: number[][] } {
  const [header, ...lines] = readFileSync(path.join(DIR, `${name}.xgb.csv`), 'utf8').trim().split('\n');
  return { classes: header.split(',').map((h) => h.replace(/^share_/, '')), rows: lines.map((l) => l.split(',').map(Number)) };
}

/** Our probabilities on `csv` against XGBoost's on the same rows (`keep`: which rows of dask-data.csv `csv` holds). */
function assertXgboostShares(e: ImportedEnsemble, csv: string, name: string, keep: number[]): void {
  const dataset = parseCsv(csv);
  const bound = bindEnsemble(e, dataset);
  const { probabilities } = predictEnsemble(bound.ensemble, dataset);
  const ref = xgbShares(name);
  assert.deepEqual(bound.ensemble.classes, ref.classes);
  const k = ref.classes.length;
  assert.equal(probabilities?.length, keep.length * k);
  let worst = 0;
  keep.forEach((row, i) => {
    for (let c = 0; c < k; c++) worst = Math.max(worst, Math.abs((probabilities as Float64Array)[i * k + c] - ref.rows[row][c]));
  });
  assert.ok(worst <= 1e-6, `ours and XGBoost's shares differ by ${worst}`);
}

test("a forest the Dask job saved reads with its target, class and category names, no CSV needed", () => {
  const e = model('dask-label-forest');
  assert.equal(e.target, 'label');
  assert.equal(e.targetNamed, true);
  assert.deepEqual(e.classes, ['high', 'low', 'mid']);
  assert.equal(e.classNames, 'model');
  assert.deepEqual(e.features.find((f) => f.name === 'colour')?.categories, ['blue', 'green', 'red']);
  assert.deepEqual(e.unnamedCategories, []);
  assert.match(e.description, /trained on a Dask cluster: held-out accuracy 0\.7778 on 90 rows \(majority-class baseline 0\.4556\)/);
  // The first tree's root splits colour by name: XGBoost's set {2} (red) goes right.
  const root = e.trees[0].model.nodes[0];
  assert.deepEqual(root.split, { feature: 'colour', kind: 'categorical', branches: [['blue', 'green'], ['red']] });
  assert.equal(e.trees[0].model.target, 'label');
});

test("bound to the data it was trained on: the target is the column it names (no --target, two columns not features), predictions equal XGBoost's", () => {
  const e = model('dask-label-forest');
  const dataset = parseCsv(DATA);
  const bound = bindEnsemble(e, dataset);
  assert.equal(bound.target, 'label');
  assert.deepEqual(bound.notes, []);
  assertXgboostShares(e, DATA, 'dask-label-forest', Array.from({ length: dataset.rowCount }, (_, i) => i));
  const m = metricsOf(ensembleRowPredictions(bound.ensemble, dataset));
  assert.equal(m.task, 'classification');
});

test("a CSV without one of the categories: codes keep the names the job stored (blue is code 0 still)", () => {
  const [header, ...lines] = DATA.trim().split('\n');
  const keep = lines.flatMap((l, i) => (l.includes(',blue,') ? [] : [i]));
  assert.ok(keep.length > 100 && keep.length < lines.length);
  assertXgboostShares(model('dask-label-forest'), [header, ...keep.map((i) => lines[i])].join('\n'), 'dask-label-forest', keep);
});

test("a 0/1 target read by Dask as floats: classes 0 and 1 as the CSV has them, target flag, XGBoost's probabilities", () => {
  const e = model('dask-flag-tree');
  assert.deepEqual(e.classes, ['0', '1']);
  assert.equal(e.target, 'flag');
  const dataset = parseCsv(DATA);
  assertXgboostShares(e, DATA, 'dask-flag-tree', Array.from({ length: dataset.rowCount }, (_, i) => i));
  // Every value of flag is a class of the model: no note; --target label names values it lacks.
  assert.deepEqual(bindEnsemble(e, dataset).notes, []);
  assert.match(bindEnsemble(e, dataset, 'label').notes.join('\n'), /"label" holds values that are none of the model's classes \(0, 1\): high, low, mid/);
});

test('a damaged attribute of the job is refused, naming it', () => {
  // The file holds NaN (not JSON): the attribute's text is replaced where it stands.
  const text = readFileSync(path.join(DIR, 'dask-flag-tree.json'), 'utf8');
  const stored = /"decision_tree_explorer":("(?:[^"\\]|\\.)*")/.exec(text)?.[1] as string;
  const attrs = JSON.parse(JSON.parse(stored) as string) as Record<string, unknown>;
  const withAttribute = (a: unknown): string => text.replace(stored, JSON.stringify(typeof a === 'string' ? a : JSON.stringify(a)));
  assert.equal(load(withAttribute(attrs)).target, 'flag');
  assert.throws(() => load(withAttribute('{"target": ')), (err: unknown) => err instanceof InputError && /"decision_tree_explorer" attribute is not JSON/.test(err.message));
  assert.throws(() => load(withAttribute({ ...attrs, classes: ['0', '1', '2'] })), /3 class names stored for 2 classes/);
  assert.throws(() => load(withAttribute({ ...attrs, categories: { colour: ['blue'] } })), /a split of "colour" names category code 2, and 1 categories are stored/);
});

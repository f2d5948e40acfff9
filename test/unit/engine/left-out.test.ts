// Issue 14 item 2: ID-like columns (a row number, a unique string per row) and constant columns
// are left out of training, named with the reason; --keep keeps them; the decision is made once
// on the whole file, so a hold-out part or a node never re-decides it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '../../../src/engine/errors';
import { bestSplitsAt } from '../../../src/engine/node-alternatives';
import { createRng } from '../../../src/engine/random';
import { buildReport } from '../../../src/engine/report';
import { columnSplits } from '../../../src/engine/splits/column-splits';
import { findLeftOutColumns, ID_MIN_ROWS } from '../../../src/engine/tree/left-out';
import { trainTree } from '../../../src/engine/tree/train';
import { cat, dataset, num } from '../helpers/tree-data';

/** n rows: a row number, a name per row, a measurement (all distinct floats), a constant, a flag with gaps; y follows the row order. */
function people(n = 60) {
  const rng = createRng(7);
  const rows = Array.from({ length: n }, (_, i) => i);
  return dataset(
    num('row', rows.map((i) => i + 1)),
    cat('name', rows.map((i) => `person ${i}`)),
    num('height', rows.map(() => 150 + rng() * 40)),
    cat('kind', rows.map(() => 'same')),
    cat('flag', rows.map((i) => (i % 3 === 0 ? 'yes' : null))),
    cat('y', rows.map((i) => (i < n / 2 ? 'a' : 'b'))),
  );
}

test('a row number and a unique string are left out as ID-like, a constant as constant; a distinct-valued measurement and a flag with gaps are kept', () => {
  const { model } = trainTree(people(), { target: 'y' });
  assert.deepEqual(model.params.leftOut, [
    { column: 'row', reason: 'id-like', detail: 'the integers 1 to 60, one per row' },
    { column: 'name', reason: 'id-like', detail: 'every value distinct' },
    { column: 'kind', reason: 'constant', detail: 'every row holds "same"' },
  ]);
  assert.deepEqual(model.features.map((f) => f.name), ['height', 'flag']);
  assert.ok(model.nodes.every((n) => n.split === null || ['height', 'flag'].includes(n.split.feature)));
});

test('--keep keeps them, and the tree then uses the row number (it separates y in one split)', () => {
  const { model } = trainTree(people(), { target: 'y', keep: ['row', 'name', 'kind'] });
  assert.deepEqual(model.params.leftOut, []);
  assert.deepEqual(model.params.keep, ['row', 'name', 'kind']);
  assert.deepEqual(model.features.map((f) => f.name), ['row', 'name', 'height', 'kind', 'flag']);
  assert.deepEqual(model.nodes[0].split, { feature: 'row', kind: 'numeric', threshold: 30.5 });
});

test('an integer sequence in steps, in any order, is ID-like; distinct integers with uneven gaps, out of row order, are not', () => {
  const n = ID_MIN_ROWS;
  const shuffled = Array.from({ length: n }, (_, i) => 1000 + 10 * ((i * 7) % n));
  const uneven = Array.from({ length: n }, (_, i) => ((i * 7) % n) ** 2);
  const data = dataset(num('serial', shuffled), num('square', uneven), cat('y', Array.from({ length: n }, (_, i) => (i % 2 ? 'a' : 'b'))));
  assert.deepEqual(findLeftOutColumns(data, 'y', {}), [{ column: 'serial', reason: 'id-like', detail: `the integers 1000 to ${1000 + 10 * (n - 1)} in steps of 10, one per row` }]);
});

test(`below ${ID_MIN_ROWS} rows nothing is ID-like (every value may be distinct by chance); a gap in the column means it is not ID-like`, () => {
  const small = people(ID_MIN_ROWS - 1);
  assert.deepEqual(findLeftOutColumns(small, 'y', {}).map((c) => c.column), ['kind']);
  const n = 40;
  const gappy = dataset(num('row', Array.from({ length: n }, (_, i) => (i === 5 ? null : i))), cat('name', Array.from({ length: n }, (_, i) => (i === 5 ? null : `n${i}`))), cat('y', Array.from({ length: n }, (_, i) => (i % 2 ? 'a' : 'b'))));
  assert.deepEqual(findLeftOutColumns(gappy, 'y', {}), []);
});

test('an empty column is left out as constant; the target is never left out, even when it is a sequence', () => {
  const n = 50;
  const data = dataset(num('empty', Array.from({ length: n }, () => null)), num('x', Array.from({ length: n }, (_, i) => (i * 37) % 11)), num('y', Array.from({ length: n }, (_, i) => i)));
  const { model } = trainTree(data, { target: 'y' });
  assert.equal(model.task, 'regression');
  assert.deepEqual(model.params.leftOut, [{ column: 'empty', reason: 'constant', detail: 'no row holds a value' }]);
});

test('--keep of an unknown column, or of an ignored one, is an input error; when every feature is left out the error names them', () => {
  const data = people();
  assert.throws(() => trainTree(data, { target: 'y', keep: ['nope'] }), (e: unknown) => e instanceof InputError && e.code === 'unknown-column' && /unknown column "nope" in --keep/.test(e.message));
  assert.throws(() => trainTree(data, { target: 'y', ignore: ['row'], keep: ['row'] }), (e: unknown) => e instanceof InputError && e.code === 'bad-option' && /"row" is in both --ignore and --keep/.test(e.message));
  assert.throws(
    () => trainTree(data, { target: 'y', ignore: ['height', 'flag'] }),
    (e: unknown) => e instanceof InputError && e.code === 'bad-feature' && /left out as ID-like, constant or missing: ID-like column "row" \(the integers 1 to 60, one per row\), .*--keep COL/.test(e.message),
  );
});

test('the report decides on the whole file: the hold-out split leaves out the same columns (on 70% of the rows the row number has gaps)', () => {
  const report = buildReport(people(), { params: { target: 'y' }, testSize: 0.3, permutationRepeats: 0 });
  assert.deepEqual(report.leftOut.map((c) => c.column), ['row', 'name', 'kind']);
  assert.deepEqual(report.model.features.map((f) => f.name), ['height', 'flag']);
  assert.deepEqual(report.settings.params.leftOut, report.leftOut);
  // The best splits at a node never offer a left-out column, even one constant there.
  const alternatives = bestSplitsAt(people(), report.model, report.settings, 0, 10);
  assert.ok(alternatives.every((s) => ['height', 'flag'].includes(s.feature)), JSON.stringify(alternatives));
});

test('splits lists the left-out columns apart and scores the kept ones', () => {
  const report = columnSplits(people(), { target: 'y' });
  assert.deepEqual(report.leftOut.map((c) => c.column), ['row', 'name', 'kind']);
  assert.deepEqual(report.splits.map((s) => s.feature).sort(), ['flag', 'height']);
  const kept = columnSplits(people(), { target: 'y', keep: ['row'] });
  assert.equal(kept.root?.feature, 'row');
  assert.deepEqual(kept.leftOut.map((c) => c.column), ['name', 'kind']);
});

test('ID-like by shape in a part of a file: integers rising with the row (gaps allowed) are left out; the same integers shuffled under a name are a measurement', () => {
  const rng = createRng(3);
  const ids: number[] = [];
  for (let v = 1; ids.length < 50; v += 1 + Math.floor(rng() * 4)) ids.push(v);
  const y = ids.map((_, i) => (i < 25 ? 'a' : 'b'));
  const rising = dataset(num('id', ids), num('x', ids.map(() => rng())), cat('y', y));
  assert.deepEqual(findLeftOutColumns(rising, 'y', {}), [{ column: 'id', reason: 'id-like', detail: `integers rising with the row, 1 to ${ids[49]}` }]);
  const shuffled = [...ids].reverse();
  shuffled.push(shuffled.shift() as number);
  assert.deepEqual(findLeftOutColumns(dataset(num('id', shuffled), cat('y', y)), 'y', {}), []);
});

test('distinct integers in any order under a blank header are row names (R, pandas): left out', () => {
  const values = Array.from({ length: 40 }, (_, i) => ((i * 17) % 41) + 1);
  const data = { ...dataset(num('column_1', values), cat('y', values.map((v) => (v % 2 ? 'a' : 'b')))), renamedHeaders: [{ index: 0, original: '', name: 'column_1', reason: 'blank' as const }] };
  assert.deepEqual(findLeftOutColumns(data, 'y', {}), [{ column: 'column_1', reason: 'id-like', detail: 'row names under a blank header, distinct integers 1 to 41' }]);
  assert.deepEqual(findLeftOutColumns({ ...data, renamedHeaders: [] }, 'y', {}), []);
});

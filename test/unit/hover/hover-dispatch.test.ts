// What the hover says where: header, target, data cell with and without a tree, while the
// document is being scored, when it cannot be read, and where no cell can be mapped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { cellAt } from '../../../src/engine/locate/cell-at';
import { recordStartLines } from '../../../src/engine/locate/record-lines';
import { trainTree } from '../../../src/engine/tree/train';
import { buildHoverData } from '../../../src/worker/jobs/hover-data';
import { hoverContent } from '../../../src/hover/hover-content';
import { packModel } from '../../../src/shared/report-transfer';

const URI = 'file:///w/bike_or_car.csv';
const text = readFileSync(path.join(process.cwd(), 'media/samples/bike_or_car.csv'), 'utf8');
const lines = text.split('\n');
const dataset = parseCsv(text);
const data = buildHoverData(dataset, recordStartLines(text, ','), { target: 'go_by_car', criterion: 'entropy' });
const model = packModel(trainTree(dataset, { target: 'go_by_car', criterion: 'entropy' }).model);

/** The cell at 0-based line:character, with or without the record index. */
const at = (line: number, character: number, indexed = true) =>
  cellAt({ lineText: (l) => lines[l], line, character, delimiter: ',', recordStarts: indexed ? data.recordStarts : null });

test('header cells: the column hover, or the target hover on the target', () => {
  assert.match(hoverContent({ cell: at(0, 40), data, uri: URI }) ?? '', /^\*\*required\\_speed\*\* — column 3 of 4/);
  assert.match(hoverContent({ cell: at(0, 50), data, uri: URI }) ?? '', /^\*\*go\\_by\\_car\*\* — the target column/);
});

test('data cells: nothing without a tree; prediction and path with one', () => {
  assert.equal(hoverContent({ cell: at(1, 5), data, uri: URI }), undefined);
  // Line 2 of the file is row 1: 0,0,10.63,1.
  const md = hoverContent({ cell: at(1, 5), data, model, uri: URI }) ?? '';
  assert.match(md, /^\*\*Row 1\*\* · column \*required\\_speed\*/);
  assert.match(md, /Path: required\\_speed ≤ 20\\\.995 → /);
  // A cell past the header's last column, and a row past the data, say nothing.
  assert.equal(hoverContent({ cell: { record: 1, field: 9 }, data, model, uri: URI }), undefined);
  assert.equal(hoverContent({ cell: { record: 99, field: 0 }, data, model, uri: URI }), undefined);
});

test('while scoring: "computing…" on the header (and on data cells of a trained file); errors are shown', () => {
  assert.match(hoverContent({ cell: at(0, 40, false), uri: URI }) ?? '', /computing split scores…/);
  assert.equal(hoverContent({ cell: at(1, 5, false), uri: URI }), undefined);
  assert.match(hoverContent({ cell: at(1, 5, false), model, uri: URI }) ?? '', /computing split scores…/);
  assert.match(hoverContent({ cell: at(0, 1, false), error: 'line 3 has 5 fields, the header has 4', uri: URI }) ?? '', /cannot read this file: line 3 has 5 fields/);
});

test('no cell: blank lines say nothing, other refusals say why', () => {
  assert.equal(hoverContent({ cell: { declined: 'blank line' }, data, uri: URI }), undefined);
  assert.match(hoverContent({ cell: { declined: 'the record is too long to map' }, data, uri: URI }) ?? '', /no cell here — the record is too long to map/);
});

test('an edited file the tree no longer fits: no row hover rather than an error', () => {
  const edited = 'im_well_rested,dst_has_shower,speed,go_by_car\n0,0,10.63,1\n';
  const editedData = buildHoverData(parseCsv(edited), recordStartLines(edited, ','), { target: 'go_by_car' });
  assert.equal(hoverContent({ cell: { record: 1, field: 0 }, data: editedData, model, uri: URI }), undefined);
});

// A tree on date and ordinal columns (README "CSV input", "Model format"): ordered threshold
// splits, not category subsets, shown as dates / category names in every text; the model JSON
// feature types; predicting on a new file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv } from '../../../src/engine/csv/read';
import { InputError } from '../../../src/engine/errors';
import { extractRules } from '../../../src/engine/rules/extract';
import { columnSplits } from '../../../src/engine/splits/column-splits';
import { exportText } from '../../../src/engine/tree/export-text';
import { parseModel, serializeModel } from '../../../src/engine/tree/model-json';
import { predict } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';
import { readTruth } from '../../../src/engine/validation/truth';
import { treeToMermaidMarkdown } from '../../../src/shared/render/mermaid';
import { formatProfile } from '../../../src/cli/profile-text';
import { formatDate } from '../../../src/engine/dates';
import { recordStartLines } from '../../../src/engine/locate/record-lines';
import { profileDataset } from '../../../src/engine/profile';
import { rowPath } from '../../../src/shared/row-path';
import { headerHover } from '../../../src/hover/column-hover';
import { buildHoverData } from '../../../src/worker/jobs/hover-data';
import { mdText } from '../../../src/hover/markdown-text';
import { rowHover } from '../../../src/hover/row-hover';
import { scoreChartSvg } from '../../../src/hover/score-chart';
import { packModel } from '../../../src/shared/report-transfer';

/** 60 days of 2020 and 2021; the class changes at 2021-01-01, and each day appears once. */
function dated(): string {
  const rows = ['day,noise,y'];
  for (let i = 0; i < 60; i++) {
    const year = i < 30 ? 2020 : 2021;
    const day = `${year}-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`;
    rows.push(`${day},${i % 3 === 0 ? 'a' : 'b'},${year === 2020 ? 'old' : 'new'}`);
  }
  return rows.join('\n') + '\n';
}

test('a date column splits on one threshold and every text shows it as a date', () => {
  const data = parseCsv(dated());
  const { model } = trainTree(data, { target: 'y' });
  const root = model.nodes[0];
  assert.deepEqual(model.features[0], { name: 'day', type: 'date' });
  assert.equal(root.split?.kind, 'numeric', 'an ordered split, not a category subset');
  assert.equal(model.nodes.length, 3);
  const t = (root.split as { threshold: number }).threshold;
  const days2020 = data.columns[0].type === 'date' ? Array.from(data.columns[0].values.slice(0, 30)) : [];
  const days2021 = data.columns[0].type === 'date' ? Array.from(data.columns[0].values.slice(30)) : [];
  assert.ok(Math.max(...days2020) <= t && t < Math.min(...days2021));
  const shown = new Date(t).toISOString().slice(0, 10);
  assert.match(exportText(model), new RegExp(`^\\|--- day <= ${shown}`));
  assert.match(treeToMermaidMarkdown(model), new RegExp(`day ≤ ${shown}`));
  const rules = extractRules(model).map((r) => r.text);
  assert.ok(rules.some((r) => r.includes(`day ≤ ${shown}`)), rules.join('\n'));
  const splits = columnSplits(data, { target: 'y', curvePoints: 0 });
  assert.equal(splits.splits[0].feature, 'day');
  assert.equal(splits.splits[0].thresholdText, shown);
  assert.equal(splits.splits[0].valueType, 'date');
});

test('the model JSON keeps date and ordinal features; predict reads a new file by them', () => {
  const data = parseCsv('size,when,y\nS,2021-01-01,a\nM,2021-01-02,a\nL,2021-01-03,b\nXL,2021-01-04,b\nS,2021-01-05,a\nL,2021-01-06,b\n', { types: { size: 'ordinal' } });
  const { model } = trainTree(data, { target: 'y', ignore: ['when'] });
  assert.deepEqual(model.features, [{ name: 'size', type: 'ordinal', categories: ['L', 'M', 'S', 'XL'] }]);
  const back = parseModel(serializeModel(model));
  assert.deepEqual(back, model);
  // An unknown value (XXL) is missing: it goes where a missing value goes.
  const fresh = parseCsv('size,when\nM,2022-01-01\nXL,2022-01-02\nXXL,2022-01-03\nL,2022-01-04\n,2022-01-05\n');
  const p = predict(back, fresh);
  assert.deepEqual(p.slice(0, 2), ['a', 'b']);
  assert.equal(p[3], 'b');
  assert.equal(p[2], p[4]);
});

test('ordinal splits are thresholds on the code, shown with category names', () => {
  // codes in numeric order 1 < 2 < 3 < 10: y is "big" from 3 up.
  const text = 'grade,y\n' + ['1', '2', '3', '10', '1', '2', '3', '10'].map((g) => `${g},${Number(g) >= 3 ? 'big' : 'small'}`).join('\n') + '\n';
  const data = parseCsv(text, { types: { grade: 'ordinal' } });
  const { model } = trainTree(data, { target: 'y' });
  const split = model.nodes[0].split;
  assert.deepEqual(split, { feature: 'grade', kind: 'numeric', threshold: 1.5 });
  // Children of equal size: missing values go right, as scikit-learn sends them (n_left > n_right goes left).
  assert.match(exportText(model), /^\|--- grade <= 2\n.*\n\|--- grade > {2}2 \(\+ missing\)\n/);
  assert.match(treeToMermaidMarkdown(model), /grade ≤ 2/);
  // No grade is missing in training: the rule does not say "or missing" (docs/model-format.md sawMissing).
  assert.deepEqual(extractRules(model, 'tree').map((r) => r.conditions[0].text), ['grade ≤ 2 {1, 2}', 'grade > 2 {3, 10}']);
  // Unlike a categorical subset split, unseen-but-ordered values are not needed: codes order them.
  assert.deepEqual(predict(model, parseCsv('grade\n10\n2\n')), ['big', 'small']);
});

test('a date model refuses a new file whose column holds a non-date, naming the column and the value', () => {
  const { model } = trainTree(parseCsv(dated()), { target: 'y' });
  assert.throws(() => predict(model, parseCsv('day,noise\n2021-05-01,a\nsoon,b\n')), (err: unknown) => err instanceof InputError && /column "day" holds "soon", not an ISO 8601 date/.test(err.message) && err.row === 1);
  // The reader typed the column as text (a forced categorical): its dates still count.
  assert.deepEqual(predict(model, parseCsv('day,noise\n2021-05-01,a\n2020-05-01,b\n', { types: { day: 'categorical' } })), ['new', 'old']);
});

test('the model reader accepts date/ordinal features and rejects a numeric split on a categorical one', () => {
  const { model } = trainTree(parseCsv(dated()), { target: 'y' });
  const text = serializeModel(model);
  assert.deepEqual(parseModel(text), model);
  const broken = JSON.parse(text);
  broken.features[0] = { name: 'day', type: 'categorical', categories: [] };
  assert.throws(() => parseModel(JSON.stringify(broken)), /malformed numeric split/);
  broken.features[0] = { name: 'day', type: 'ordinal' };
  assert.throws(() => parseModel(JSON.stringify(broken)), /needs "categories"/);
  broken.features[0] = { name: 'day', type: 'weekday' };
  assert.throws(() => parseModel(JSON.stringify(broken)), /unknown type "weekday"/);
});

test('hovers and profile show dates: the header hover\'s split and chart, the row path, the profile table', () => {
  const text = dated();
  const data = parseCsv(text);
  const { model } = trainTree(data, { target: 'y' });
  const t = (model.nodes[0].split as { threshold: number }).threshold;
  const shown = formatDate(t);
  const hover = buildHoverData(data, recordStartLines(text, ','), { target: 'y' });
  const header = headerHover(hover, 0, 'file:///d.csv');
  // Markdown escapes the dashes.
  const md = (x: string) => mdText(x).replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  assert.match(header, new RegExp(`\\*day\\* ≤ ${md(shown)}`));
  const chart = scoreChartSvg(hover.splits?.splits[0].curve ?? [], t, true);
  assert.match(chart, new RegExp(`best ≤ ${shown}`));
  assert.match(chart, />2020-01-05T12:00Z</, 'the axis starts at the first candidate threshold, the midpoint of the first two days');
  const row = rowHover(model, rowPath(packModel(model), data, 0), 'day', 'file:///d.csv');
  assert.match(row, new RegExp(md(`day ≤ ${shown}`)));
  const profile = formatProfile('d.csv', profileDataset(data));
  assert.match(profile, /^day +date +60 +0 +\d+ +2020-01-01 +.* days$/m);
});

test('a model that took dates as categories (trained before dates were recognised) still predicts a file read with date columns', () => {
  const text = 'when,y\n2021-01-05,a\n2021-01-06T10:30,b\n2021-01-07,a\n2021-01-08,b\n';
  const { model } = trainTree(parseCsv(text, { types: { when: 'categorical' } }), { target: 'y' });
  assert.equal(model.nodes[0].split?.kind, 'categorical');
  const fresh = parseCsv('when\n2021-01-08\n2021-01-06T10:30\n2021-01-05\n');
  assert.equal(fresh.columns[0].type, 'date');
  assert.deepEqual(predict(model, fresh), ['b', 'b', 'a']);
});

test('a date target\'s classes are named by their dates', () => {
  const { model } = trainTree(parseCsv('x,due\n1,2021-01-05\n2,2021-01-05\n3,2021-02-01\n4,2021-02-01\n'), { target: 'due' });
  assert.deepEqual(model.classes, ['2021-01-05', '2021-02-01']);
});

test('the row hover of a date target shows the true date and matches it with the prediction', () => {
  const data = parseCsv('x,due\n1,2021-01-05\n2,2021-01-05\n3,2021-02-01\n4,2021-02-01\n');
  const { model } = trainTree(data, { target: 'due' });
  const result = rowPath(packModel(model), data, 2);
  assert.equal(result.actual, '2021-02-01');
  assert.match(rowHover(model, result, 'x', 'file:///d.csv'), /✓/);
});

test('validation reads a date target\'s true classes as the model names them', () => {
  const data = parseCsv('x,due\n1,2021-01-05\n2,2021-01-05\n3,2021-02-01\n4,2021-02-01\n');
  const { model } = trainTree(data, { target: 'due' });
  const truth = readTruth(model, data);
  assert.deepEqual(truth.classes, ['2021-01-05', '2021-02-01'], 'no class added for an unrecognised label');
  assert.deepEqual(Array.from(truth.codes), [0, 0, 1, 1]);
});

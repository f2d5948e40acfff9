// Whether training rows missing a split's feature reached the split node (ModelNode.sawMissing,
// docs/model-format.md): recorded by every learner, kept in the model file and the transfer
// columns, and what decides the rules' "(… or missing)": on the penguins fixture with missing
// values (test/fixtures/parity/nan_penguins_gini_max_depth_5, made by make_nan_fixtures.py) each
// split node's flag equals a count of the training rows that reach it with the feature missing;
// iris (no missing value) has no "or missing"; a file without the field reads as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { columnIndex, isMissing } from '../../../src/engine/dataset';
import { decodeModel, encodeModel } from '../../../src/engine/model-columns';
import { extractRules } from '../../../src/engine/rules/extract';
import { parseModel, serializeModel } from '../../../src/engine/tree/model-json';
import { trainTree } from '../../../src/engine/tree/train';
import { buildReport } from '../../../src/engine/report';
import { DEFAULT_TRAIN_SETTINGS, reportOptions } from '../../../src/shared/train-settings';
import { missingReached, sawMissingFlags } from '../helpers/missing-reached';

const root = process.cwd();
const penguins = parseCsv(readFileSync(path.join(root, 'test/fixtures/parity/nan_penguins_gini_max_depth_5/train.csv')));

const flags = sawMissingFlags;

for (const splitter of ['exact', 'hist'] as const) {
  test(`CART (${splitter} splitter) on penguins with missing values: each split node records whether rows missing its feature reached it`, () => {
    const { model } = trainTree(penguins, { target: 'species', maxDepth: 5, splitter });
    const truth = missingReached(model, penguins);
    assert.deepEqual(flags(model), truth);
    const values = [...truth.values()];
    assert.ok(values.includes(true) && values.includes(false), `both kinds of node: ${values}`);
  });
}

test('C4.5 on penguins: a node whose cases include a missing value of its attribute records it', () => {
  const { model } = trainTree(penguins, { target: 'species', algorithm: 'c45', maxDepth: 3 });
  const rootFeature = model.nodes[0].split?.feature as string;
  const column = penguins.columns[columnIndex(penguins, rootFeature)];
  const anyMissing = Array.from({ length: penguins.rowCount }, (_, r) => isMissing(column, r)).some(Boolean);
  assert.equal(model.nodes[0].sawMissing, anyMissing);
  assert.ok(model.nodes.every((n) => (n.split ? typeof n.sawMissing === 'boolean' : n.sawMissing === undefined)));
});

test('the rules say "or missing" only along nodes that training rows missing the column reached', () => {
  const { model } = trainTree(penguins, { target: 'species', maxDepth: 5 });
  const truth = missingReached(model, penguins);
  let said = 0;
  let unsaid = 0;
  for (const rule of extractRules(model, 'tree')) {
    // The path's split nodes, by column.
    const ids: number[] = [];
    for (let id = rule.leaf; id > 0; ) {
      const parent = model.nodes.findIndex((n) => n.children.includes(id));
      ids.unshift(parent);
      id = parent;
    }
    for (const c of rule.conditions) {
      // Past a "missing vs present" split the condition is "x is missing" itself.
      if (c.kind !== 'numeric' || c.lower === Infinity) continue;
      const reached = ids.some((id) => model.nodes[id].split?.feature === c.feature && truth.get(id) === true);
      const says = c.text.includes(' or missing)');
      assert.equal(says, c.missing && reached, `leaf ${rule.leaf}: ${c.text}`);
      if (c.missing && !reached) unsaid++;
      if (says) said++;
    }
  }
  // Missing values reach most of this tree's nodes; iris (below) is the tree where none does.
  assert.ok(said > 0, `said ${said}, left unsaid ${unsaid}`);
});

test('iris (no missing value): no rule says "or missing"; the model file and the transfer columns keep the flags', () => {
  const iris = parseCsv(readFileSync(path.join(root, 'media/samples/iris.csv')));
  const report = buildReport(iris, reportOptions(DEFAULT_TRAIN_SETTINGS, 'species'));
  const rules = report.rules;
  assert.ok(rules.length > 3);
  assert.deepEqual(rules.filter((r) => r.text.includes('missing')).map((r) => r.text), []);
  assert.ok(report.model.nodes.filter((n) => n.split).every((n) => n.sawMissing === false));
  const { model } = trainTree(penguins, { target: 'species', maxDepth: 5 });
  assert.deepEqual(flags(parseModel(serializeModel(model))), flags(model));
  const decoded = decodeModel(JSON.parse(JSON.stringify(encodeModel(model)))).model;
  assert.deepEqual(flags(decoded), flags(model));
  assert.deepEqual(extractRules(decoded), extractRules(model));
});

test('a model file written before the flag (none on its nodes) loads, and its rules say "or missing" as they did', () => {
  const text = readFileSync(path.join(root, 'test/fixtures/models/iris-gini-depth3.json'), 'utf8');
  assert.doesNotMatch(text, /sawMissing/);
  const old = parseModel(text);
  assert.ok(extractRules(old).some((r) => r.text.includes(' or missing)')));
  assert.throws(() => parseModel(text.replace('"missingGoesTo": 0', '"sawMissing": "yes", "missingGoesTo": 0')), /sawMissing must be true or false/);
});

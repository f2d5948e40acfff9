// ModelNode.sawMissing (docs/model-format.md) beyond single trees: a forest's trees record it for
// the rows each drew, kept in the forest file and the transfer columns; a model trained elsewhere
// has it only where its file says so (LightGBM's missing type None: false), else not known, and
// its rules word missing values as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { inBagCounts } from '../../../src/engine/forest/bootstrap';
import { memberColumns } from '../../../src/engine/forest/member-columns';
import { parseForest, serializeForest } from '../../../src/engine/forest/model-json';
import { planForest } from '../../../src/engine/forest/plan';
import { memberModel } from '../../../src/engine/forest/predict';
import { trainForest } from '../../../src/engine/forest/train';
import type { ForestParams } from '../../../src/engine/forest/types';
import { readAnyModelBytes } from '../../../src/engine/import/read';
import type { ImportedEnsemble } from '../../../src/engine/import/ensemble';
import { encodeModel } from '../../../src/engine/model-columns';
import { extractRules } from '../../../src/engine/rules/extract';
import { missingReached, sawMissingFlags } from '../helpers/missing-reached';

const root = process.cwd();
const csv = (file: string) => parseCsv(readFileSync(path.join(root, file)));
const penguins = csv('test/fixtures/parity/nan_penguins_gini_max_depth_5/train.csv');
const iris = csv('test/fixtures/forest/iris.csv');
const saysMissing = (model: Parameters<typeof extractRules>[0]) => extractRules(model).flatMap((r) => r.conditions.filter((c) => c.text.includes(' or missing)')).map((c) => c.text));

test("a forest on penguins (missing values): each tree's flags equal a row-by-row count of the rows it drew", () => {
  for (const ensemble of ['forest', 'bagging'] as const) {
    const params: ForestParams = { target: 'species', ensemble, nTrees: 8, seed: 5, maxDepth: 6 };
    const { model } = trainForest(penguins, params);
    const plan = planForest(penguins, params);
    let reached = 0;
    let notReached = 0;
    for (let t = 0; t < model.trees.length; t++) {
      const counts = inBagCounts(plan, t);
      const drawn = Array.from(plan.rows).filter((_, i) => counts[i] > 0);
      const tree = memberModel(model, t);
      const truth = missingReached(tree, penguins, drawn);
      assert.deepEqual(sawMissingFlags(tree), truth, `${ensemble} tree ${t}`);
      for (const v of truth.values()) {
        if (v) reached++;
        else notReached++;
      }
      // The transfer columns the forest view draws from carry the same flags.
      const columns = memberColumns(model, t).nodes;
      assert.deepEqual(Array.from(columns.sawMissing ?? []), encodeModel(tree).nodes.sawMissing, `${ensemble} tree ${t} columns`);
    }
    assert.ok(reached > 0 && notReached > 0, `${ensemble}: both kinds of split node (${reached} reached, ${notReached} not)`);
    // The forest file keeps them; one written before the flag reads as not known.
    const text = serializeForest(model);
    assert.match(text, /"sawMissing":\[/);
    const again = parseForest(text);
    for (let t = 0; t < model.trees.length; t++) assert.deepEqual(sawMissingFlags(memberModel(again, t)), sawMissingFlags(memberModel(model, t)));
    const old = parseForest(text.replace(/,"sawMissing":\[[-\d,]*\]/g, ''));
    assert.ok(sawMissingFlags(memberModel(old, 0)).size > 0 && [...sawMissingFlags(memberModel(old, 0)).values()].every((v) => v === undefined));
  }
});

test('a forest on iris (no missing value): no tree\'s rules say "or missing"', () => {
  const { model } = trainForest(iris, { target: 'target', ensemble: 'forest', nTrees: 10, seed: 2 });
  for (let t = 0; t < model.trees.length; t++) {
    const tree = memberModel(model, t);
    assert.ok([...sawMissingFlags(tree).values()].every((v) => v === false), `tree ${t}`);
    assert.deepEqual(saysMissing(tree), [], `tree ${t}`);
  }
  // Without the flags (a file written before them) the same trees said it.
  const old = parseForest(serializeForest(model).replace(/,"sawMissing":\[[-\d,]*\]/g, ''));
  assert.ok(saysMissing(memberModel(old, 0)).length > 0);
});

const imported = (file: string) => readAnyModelBytes(readFileSync(path.join(root, 'test/fixtures/imported', file))).model as ImportedEnsemble;

test('LightGBM: a split of missing type None records that no missing value reached it (iris: no "or missing"); type NaN is not known', () => {
  const lgbIris = imported('lgb-iris-multiclass.txt');
  for (const { model } of lgbIris.trees) {
    assert.ok([...sawMissingFlags(model).values()].every((v) => v === false));
    assert.deepEqual(saysMissing(model), []);
  }
  // Penguins' features had missing values (decision_type 8 and 10: missing type NaN): not known, worded as before.
  const lgbPenguins = imported('lgb-penguins.txt');
  assert.ok(lgbPenguins.trees.every(({ model }) => [...sawMissingFlags(model).values()].every((v) => v === undefined)));
  assert.ok(lgbPenguins.trees.some(({ model }) => saysMissing(model).length > 0));
  // With use_missing=false training read NaN as 0: type None no longer says no row was missing.
  const text = readFileSync(path.join(root, 'test/fixtures/imported/lgb-iris-multiclass.txt'), 'utf8');
  assert.match(text, /\[use_missing: 1\]/);
  const noMissing = readAnyModelBytes(new TextEncoder().encode(text.replace('[use_missing: 1]', '[use_missing: 0]'))).model as ImportedEnsemble;
  assert.ok([...sawMissingFlags(noMissing.trees[0].model).values()].every((v) => v === undefined));
});

test("XGBoost: default_left is chosen with or without missing values, so no split's flag is known", () => {
  for (const { model } of imported('xgb-cancer-logistic.json').trees) assert.ok([...sawMissingFlags(model).values()].every((v) => v === undefined));
});

// The criterion registry (src/engine/tree/criteria.ts) is the one list of split criteria: the
// settings' enum in package.json, the settings check, the CLI, the panel's list and the docs agree
// with it, each criterion's defaults are scikit-learn's and the textbooks', and a name it does not
// hold is an error wherever it arrives (docs/architecture.md "How to add a split criterion").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { allCriteria, classImpurity, criteriaFor, criterionNames, criterionSpec, defaultsText } from '../../../src/engine/tree/criteria';
import { resolveParams } from '../../../src/engine/tree/params';
import { InputError } from '../../../src/engine/errors';
import { simplifyTree } from '../../../src/engine/prune/simplify';
import { parseModel, serializeModel } from '../../../src/engine/tree/model-json';
import { impurityText } from '../../../src/shared/render/tree-labels';
import { criterionChoices, readTrainSettings } from '../../../src/shared/train-settings';
import { trainCommand, trainParamsFromArgs } from '../../../src/cli/train';
import { parseArgs } from '../../../src/cli/args';
import { buildModel, cat } from '../helpers/build-model';
import { localizedManifest } from '../helpers/manifest';

interface SettingSchema {
  enum: string[];
  enumDescriptions: string[];
}
const pkg = localizedManifest<{ contributes: { configuration: { properties: Record<string, SettingSchema> } } }>();

test("package.json's decisionTree.criterion enum is auto and the registry's criteria, described by the registry", () => {
  const setting = pkg.contributes.configuration.properties['decisionTree.criterion'];
  assert.deepEqual(setting.enum, ['auto', 'gini', 'entropy', 'gain_ratio', 'squared_error']);
  assert.deepEqual(setting.enum, ['auto', ...criterionNames()]);
  assert.deepEqual(setting.enumDescriptions.slice(1), allCriteria().map((c) => c.description));
});

test("every criterion setting of package.json lists only the registry's names", () => {
  const criterionSettings = Object.entries(pkg.contributes.configuration.properties).filter(([key]) => /criterion/i.test(key));
  assert.ok(criterionSettings.length >= 1);
  for (const [key, schema] of criterionSettings) for (const name of schema.enum) assert.ok(name === 'auto' || criterionNames().includes(name), `${key}: ${name}`);
});

test("each algorithm's criteria and default are scikit-learn's (CART) and the textbooks' (ID3, C4.5)", () => {
  const names = (a: 'cart' | 'id3' | 'c45', t: 'classification' | 'regression') => criteriaFor(a, t).map((c) => c.name);
  assert.deepEqual(names('cart', 'classification'), ['gini', 'entropy']);
  assert.deepEqual(names('cart', 'regression'), ['squared_error']);
  assert.deepEqual(names('id3', 'classification'), ['entropy']);
  assert.deepEqual(names('c45', 'classification'), ['gain_ratio']);
  assert.deepEqual(names('id3', 'regression'), []);
  assert.equal(resolveParams({ target: 'y' }, 'classification').criterion, 'gini');
  assert.equal(resolveParams({ target: 'y' }, 'regression').criterion, 'squared_error');
  assert.equal(resolveParams({ target: 'y', algorithm: 'id3' }, 'classification').criterion, 'entropy');
  assert.equal(resolveParams({ target: 'y', algorithm: 'c45' }, 'classification').criterion, 'gain_ratio');
  assert.equal(defaultsText(), 'gini (regression: squared_error; id3: entropy; c45: gain_ratio)');
  assert.throws(() => resolveParams({ target: 'y', criterion: 'squared_error' }, 'classification'), /criterion "squared_error" does not fit cart classification \(use gini or entropy\)/);
  assert.throws(() => resolveParams({ target: 'y', algorithm: 'id3' }, 'regression'), /id3 builds classification trees only/);
});

test('node impurities and their labels: Gini 2/3 and entropy log2 3 bits of three equal classes, MSE for regression', () => {
  const counts = [35, 35, 35];
  assert.equal(classImpurity('gini', counts, 105), 1 - 3 / 9);
  assert.ok(Math.abs(classImpurity('entropy', counts, 105) - Math.log2(3)) < 1e-12);
  assert.equal(classImpurity('gain_ratio', counts, 105), classImpurity('entropy', counts, 105));
  assert.throws(() => classImpurity('squared_error', counts, 105), /regression criterion/);
  assert.equal(impurityText('gini', 2 / 3), 'gini = 0.667');
  assert.equal(impurityText('entropy', Math.log2(3)), 'entropy = 1.58 bits');
  assert.equal(impurityText('gain_ratio', 1), 'entropy = 1 bits');
  assert.equal(impurityText('squared_error', 3.14159), 'mse = 3.14');
  assert.deepEqual(allCriteria().map((c) => c.measure), ['Gini decrease', 'information gain', 'gain ratio', 'variance reduction']);
});

test('the settings, the CLI and the panel list the registry', () => {
  assert.deepEqual(criterionChoices('classification'), [
    { value: 'auto', label: 'auto' },
    { value: 'gini', label: 'Gini' },
    { value: 'entropy', label: 'entropy' },
    { value: 'gain_ratio', label: 'gain ratio' },
  ]);
  assert.deepEqual(criterionChoices('regression'), [
    { value: 'auto', label: 'auto' },
    { value: 'squared_error', label: 'squared error' },
  ]);
  const option = trainCommand.options.find((o) => o.name === 'criterion');
  assert.equal(option?.value, 'gini|entropy|gain_ratio|squared_error');
  for (const name of criterionNames()) assert.equal(trainParamsFromArgs(parseArgs(['--target', 'y', '--criterion', name], trainCommand.options)).criterion, name);
});

test('an unknown criterion is an error everywhere, naming the known ones — never another criterion', () => {
  const known = /gini, entropy, gain_ratio, squared_error/;
  assert.throws(() => criterionSpec('misclass'), (e: unknown) => e instanceof InputError && /unknown criterion "misclass"/.test(e.message) && known.test(e.message));
  assert.throws(() => resolveParams({ target: 'y', criterion: 'log_loss' }, 'classification'), /unknown criterion "log_loss"/);
  assert.throws(() => trainParamsFromArgs(parseArgs(['--target', 'y', '--criterion', 'log_loss'], trainCommand.options)), /--criterion must be one of gini, entropy, gain_ratio, squared_error, got "log_loss"/);
  const { settings, problems } = readTrainSettings((key) => (key === 'criterion' ? 'log_loss' : undefined));
  assert.equal(settings.criterion, 'auto');
  assert.deepEqual(problems, ['decisionTree.criterion must be one of auto, gini, entropy, gain_ratio, squared_error (got "log_loss"); using "auto"']);
  assert.throws(() => impurityText('log_loss', 0.5), /unknown criterion "log_loss"/);
  // A model whose criterion is unknown: refused on reading, and simplify (which re-computes merged
  // leaves' impurities) says so instead of computing entropy.
  const model = buildModel(
    { value: [3, 3], split: cat('c', ['p'], ['q'], ['r']), children: [{ value: [2, 0] }, { value: [1, 0] }, { value: [0, 3] }] },
    { classes: ['a', 'b'], features: [{ name: 'c', type: 'categorical', categories: ['p', 'q', 'r'] }] },
  );
  assert.equal(simplifyTree(model).nodes[1].impurity, 0); // the two "a" leaves merged: Gini of [3, 0]
  const odd = { ...model, params: { ...model.params, criterion: 'log_loss' } };
  assert.throws(() => simplifyTree(odd), /unknown criterion "log_loss"/);
  assert.throws(() => parseModel(serializeModel(odd)), (e: unknown) => e instanceof InputError && e.code === 'bad-model' && /params\.criterion "log_loss" is not a split criterion \(gini, entropy, gain_ratio, squared_error\)/.test(e.message));
  assert.equal(parseModel(serializeModel(model)).params.criterion, 'gini');
});

test('the docs list the registry: docs/cli.md, README and docs/model-format.md', () => {
  const names = criterionNames();
  assert.ok(readFileSync('docs/cli.md', 'utf8').includes(`| \`--criterion ${names.join('\\|')}\` | ${defaultsText().replace(/^(\w+) \(regression: (\w+); id3: (\w+); c45: (\w+)\)$/, '$1; $2 for regression; $3 for id3; $4 for c45')} |`));
  const readme = readFileSync('README.md', 'utf8');
  assert.equal(readme.split(`[--criterion ${names.join('|')}]`).length - 1, 2);
  assert.ok(readFileSync('docs/model-format.md', 'utf8').includes(`\`criterion\` (${names.map((n) => `\`${n}\``).join('/')};`));
});

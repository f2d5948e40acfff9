// Adding a split criterion is one registry entry (docs/architecture.md "How to add a split
// criterion"): a toy one — misclassification error, 1 − max_k p_k — registered in one place shows
// in the CLI's help and parser, the settings check and the panel's list, grows a tree whose node
// impurities are its own, and is gone from all of them once removed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { registerCriterion, type CriterionSpec } from '../../../src/engine/tree/criteria';
import { commandHelp } from '../../../src/cli/help';
import { parseArgs } from '../../../src/cli/args';
import { trainCommand, trainParamsFromArgs } from '../../../src/cli/train';
import { criterionChoices, readTrainSettings } from '../../../src/shared/train-settings';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainTree } from '../../../src/engine/tree/train';
import { impurityText } from '../../../src/shared/render/tree-labels';

const maxOf = (counts: ArrayLike<number>, off = 0, dim = counts.length): number => {
  let m = 0;
  for (let k = off; k < off + dim; k++) m = Math.max(m, counts[k]);
  return m;
};

const TOY: CriterionSpec = {
  name: 'misclassification',
  task: 'classification',
  algorithms: ['cart'],
  defaultFor: [],
  label: 'misclassification error',
  description: 'Misclassification error (classification).',
  measure: 'error decrease',
  score: 'giniDecrease',
  impurityName: 'error',
  units: '',
  explainMeasure: 'gini',
  // −w·error = max_k c_k − w: larger is better, as criterion.ts's proxies.
  proxy: (s, off, dim, w) => maxOf(s, off, dim) - w,
  classImpurity: (counts, w) => (w > 0 ? 1 - maxOf(counts) / w : 0),
};

test('a toy criterion registered once appears in the CLI help and parser, the settings check and the panel list, and grows its own tree', () => {
  const unregister = registerCriterion(TOY);
  try {
    const help = commandHelp(trainCommand);
    assert.ok(help.includes('--criterion gini|entropy|gain_ratio|squared_error|misclassification'), help);
    assert.equal(trainParamsFromArgs(parseArgs(['--target', 'y', '--criterion', 'misclassification'], trainCommand.options)).criterion, 'misclassification');

    const accepted = readTrainSettings((key) => (key === 'criterion' ? 'misclassification' : undefined));
    assert.deepEqual(accepted.problems, []);
    assert.equal(accepted.settings.criterion, 'misclassification');
    const rejected = readTrainSettings((key) => (key === 'criterion' ? 'bogus' : undefined));
    assert.match(rejected.problems[0], /must be one of auto, gini, entropy, gain_ratio, squared_error, misclassification \(got "bogus"\)/);

    assert.deepEqual(criterionChoices('classification').at(-1), { value: 'misclassification', label: 'misclassification error' });
    assert.ok(!criterionChoices('regression').some((c) => c.value === 'misclassification'));

    // Iris: 50 of each class, so the root's error is 1 − 50/150; every node's impurity is the toy's.
    const iris = parseCsv(readFileSync('test/fixtures/forest/iris.csv'));
    const { model } = trainTree(iris, { target: 'target', criterion: 'misclassification', maxDepth: 3 });
    assert.equal(model.params.criterion, 'misclassification');
    assert.ok(Math.abs(model.nodes[0].impurity - 2 / 3) < 1e-15);
    assert.equal(impurityText(model.params.criterion, model.nodes[0].impurity), 'error = 0.667');
    for (const node of model.nodes) {
      const counts = node.value as number[];
      assert.equal(node.impurity, 1 - Math.max(...counts) / node.samples, `node ${node.id}`);
    }
    // Its first question separates the setosas (error 0) from the rest (error 1/2): weighted error 1/3.
    const [left, right] = model.nodes[0].children.map((c) => model.nodes[c]);
    assert.deepEqual([left.impurity, right.impurity], [0, 0.5]);
  } finally {
    unregister();
  }
  assert.ok(!commandHelp(trainCommand).includes('misclassification'));
  assert.throws(() => trainParamsFromArgs(parseArgs(['--target', 'y', '--criterion', 'misclassification'], trainCommand.options)), /--criterion must be one of/);
  assert.equal(readTrainSettings((key) => (key === 'criterion' ? 'misclassification' : undefined)).problems.length, 1);
  assert.ok(!criterionChoices('classification').some((c) => c.value === 'misclassification'));
});

test('a criterion is registered once: a second entry of the same name is refused', () => {
  assert.throws(() => registerCriterion({ ...TOY, name: 'gini' }), /criterion "gini" is already registered/);
});

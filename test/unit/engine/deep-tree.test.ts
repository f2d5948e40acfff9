// Trees grown on awkward data (e.g. a label alternating along a sorted column) are a chain
// thousands of levels deep: pruning, simplifying, rules and export must not recurse that deep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import type { ModelNode, TreeModel } from '../../../src/engine/model';
import { costComplexityPath, pruneCostComplexity } from '../../../src/engine/prune/cost-complexity';
import { prunePessimistic } from '../../../src/engine/prune/pessimistic';
import { simplifyTree } from '../../../src/engine/prune/simplify';
import { extractRules } from '../../../src/engine/rules/extract';
import { exportCode } from '../../../src/engine/export/code';
import { oneFeatureModel } from '../helpers/build-model';

const DEPTH = 12000;

/** x ≤ i + 0.5 peels off row i at depth i; leaf i predicts `label(i)`. */
function chain(label: (i: number) => number): TreeModel {
  const nodes: ModelNode[] = [];
  // suffix[i]: counts by label of the rows i..DEPTH, the rows reaching depth i.
  const suffix: number[][] = [];
  for (let i = DEPTH, acc = [0, 0]; i >= 0; i--) {
    acc = [...acc];
    acc[label(i)]++;
    suffix[i] = acc;
  }
  for (let i = 0; i <= DEPTH; i++) {
    const rows = DEPTH + 1 - i;
    const value = suffix[i];
    const gini = 1 - (value[0] / rows) ** 2 - (value[1] / rows) ** 2;
    const last = i === DEPTH;
    const id = nodes.length;
    nodes.push({
      id,
      depth: i,
      samples: rows,
      impurity: gini,
      value,
      prediction: value[1] > value[0] ? 'b' : 'a',
      split: last ? null : { feature: 'x', kind: 'numeric', threshold: i + 0.5 },
      missingGoesTo: last ? null : 1,
      children: last ? [] : [id + 1, id + 2],
    });
    if (!last) {
      const leaf = [0, 0];
      leaf[label(i)] = 1;
      nodes.push({ id: id + 1, depth: i + 1, samples: 1, impurity: 0, value: leaf, prediction: label(i) ? 'b' : 'a', split: null, missingGoesTo: null, children: [] });
    }
  }
  return oneFeatureModel(nodes, { x: 1 });
}

test('a 12 000-level chain: rules, export, pruning path, pruning and simplifying run without recursion', () => {
  const model = chain((i) => i % 2);
  const rules = extractRules(model);
  assert.equal(rules.length, DEPTH + 1);
  const deepest = rules.find((r) => r.leaf === model.nodes.length - 1);
  assert.ok(deepest && deepest.conditions.length === 1, 'all the x steps merge into one condition');
  assert.equal(deepest.conditions[0].text, `(x > ${DEPTH - 0.5} or missing)`);
  const predict = vm.runInNewContext(`${exportCode(model, 'js')}\n;predict`) as (row: Record<string, unknown>) => unknown;
  assert.equal(predict({ x: 7 }), 'b');
  assert.equal(predict({ x: 10 }), 'a');
  assert.equal(predict({ x: null }), model.nodes[model.nodes.length - 1].prediction);
  const path = costComplexityPath(model);
  assert.equal(path.nodeCounts[path.nodeCounts.length - 1], 1);
  assert.equal(pruneCostComplexity(model, 1).nodes.length, 1);
  assert.ok(prunePessimistic(model).nodes.length < model.nodes.length);
  assert.equal(simplifyTree(model).nodes.length, model.nodes.length, 'alternating leaves: nothing to merge');
});

test('a chain whose leaves all agree simplifies to one leaf', () => {
  const model = chain(() => 0);
  const s = simplifyTree(model);
  assert.equal(s.nodes.length, 1);
  assert.equal(s.nodes[0].prediction, 'a');
});

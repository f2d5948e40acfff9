// Textbook cases from the course notes and Quinlan: two_way_800 gains and gain ratios,
// bike_or_car (one of the optimal trees), play_tennis (ID3 rooted at Outlook, root gains).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { ModelNode, TreeModel } from '../../../src/engine/model';
import { scoreAttributes } from '../../../src/engine/tree/multiway-builder';
import { buildTrainingSet } from '../../../src/engine/tree/training-set';
import { trainTree } from '../../../src/engine/tree/train';

const ROOT = path.join(process.cwd(), 'test/fixtures/parity');
const load = (name: string, file = 'train.csv') => parseCsv(readFileSync(path.join(ROOT, name, file)));
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const expected = (name: string): any => JSON.parse(readFileSync(path.join(ROOT, name, 'expected.json'), 'utf8'));
const near = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) <= 1e-9, `${what}: ${a} != ${b}`);

function rootScores(name: string, target: string) {
  const set = buildTrainingSet(load(name), target, 'classification');
  const scores = scoreAttributes(set, { ids: Int32Array.from({ length: set.n }, (_, i) => i), weights: new Float64Array(set.n).fill(1) }, () => true);
  return new Map(scores.map((s) => [set.features[s.feature].name, s]));
}

test('two_way_800: information gain, split information and gain ratio of A and B', () => {
  const m = expected('two_way_800_entropy').metrics;
  const scores = rootScores('two_way_800_entropy', 'label');
  for (const a of ['A', 'B']) {
    const s = scores.get(a);
    assert.ok(s);
    near(s.gain, m[`info_gain_${a}`], `info gain ${a}`);
    near(s.splitInfo, m[`split_info_${a}`], `split info ${a}`);
    near(s.gainRatio, m[`gain_ratio_${a}`], `gain ratio ${a}`);
  }
});

for (const criterion of ['gini', 'entropy'] as const) {
  test(`two_way_800 (${criterion}): CART roots at B <= 0.5 with the notes' decrease`, () => {
    const exp = expected(`two_way_800_${criterion}`);
    const { model } = trainTree(load(`two_way_800_${criterion}`), { target: 'label', criterion, maxDepth: 1 });
    const [root, left, right] = [model.nodes[0], model.nodes[model.nodes[0].children[0]], model.nodes[model.nodes[0].children[1]]];
    assert.deepEqual(root.split, { feature: 'B', kind: 'numeric', threshold: 0.5 });
    const [e0, e1, e2] = exp.tree.nodes;
    for (const [g, e] of [[root, e0], [left, e1], [right, e2]] as Array<[ModelNode, { samples: number; impurity: number; value: number[] }]>) {
      assert.equal(g.samples, e.samples);
      near(g.impurity, e.impurity, 'impurity');
      assert.deepEqual(g.value, e.value);
    }
    const decrease = root.impurity - (left.samples / root.samples) * left.impurity - (right.samples / root.samples) * right.impurity;
    near(decrease, exp.metrics[criterion === 'gini' ? 'gini_gain_B' : 'info_gain_B'], 'decrease of B');
  });
}

/** True when the model's binary tree equals the fixture's node list (features, thresholds, counts). */
function sameTree(model: TreeModel, nodes: Array<{ feature: string | null; threshold: number | null; samples: number; value: number[]; left: number | null; right: number | null }>): boolean {
  const rec = (g: ModelNode, e: (typeof nodes)[number]): boolean => {
    if (g.samples !== e.samples || JSON.stringify(g.value) !== JSON.stringify(e.value)) return false;
    if (e.feature === null || g.split === null) return e.feature === null && g.split === null;
    if (g.split.kind !== 'numeric' || g.split.feature !== e.feature || Math.abs(g.split.threshold - (e.threshold as number)) > 1e-9) return false;
    return rec(model.nodes[g.children[0]], nodes[e.left as number]) && rec(model.nodes[g.children[1]], nodes[e.right as number]);
  };
  return rec(model.nodes[0], nodes[0]);
}

test('bike_or_car: CART entropy gives one of the listed optimal trees, root required_speed <= 20.995', () => {
  const exp = expected('bike_or_car');
  const { model } = trainTree(load('bike_or_car'), { target: 'go_by_car', criterion: 'entropy' });
  assert.deepEqual(model.nodes[0].split, { feature: 'required_speed', kind: 'numeric', threshold: 20.995 });
  const trees = [exp.tree.nodes, ...exp.alternatives.map((a: { nodes: unknown }) => a.nodes)];
  assert.ok(trees.some((nodes) => sameTree(model, nodes)), 'matches no listed tree');
  // The tie at the left child goes to the first column (the notes' tree).
  assert.equal(model.nodes[model.nodes[0].children[0]].split?.feature, 'dst_has_shower');
});

test('play_tennis: root gains and gain ratios, C4.5 average-gain guard', () => {
  const exp = expected('play_tennis');
  const scores = rootScores('play_tennis', 'play');
  for (const [name, stats] of Object.entries(exp.root_attribute_stats) as Array<[string, { info_gain: number; split_info: number; gain_ratio: number }]>) {
    const s = scores.get(name);
    assert.ok(s, name);
    near(s.gain, stats.info_gain, `gain ${name}`);
    near(s.splitInfo, stats.split_info, `split info ${name}`);
    near(s.gainRatio, stats.gain_ratio, `gain ratio ${name}`);
  }
  const average = [...scores.values()].reduce((a, s) => a + s.gain, 0) / scores.size;
  near(average, exp.c45_root.average_gain, 'average gain');
  const eligible = [...scores.entries()].filter(([, s]) => s.gain >= average).map(([n]) => n);
  assert.deepEqual(eligible.sort(), [...exp.c45_root.attributes_with_gain_ge_average].sort());
});

for (const algorithm of ['id3', 'c45'] as const) {
  test(`play_tennis: ${algorithm} tree is Quinlan's (Outlook, then Humidity / Windy)`, () => {
    const exp = expected('play_tennis');
    const { model } = trainTree(load('play_tennis'), { target: 'play', algorithm });
    // Compare as a set of paths: the conditions leading to each node and its class counts.
    const got = new Map<string, { value: number[]; attribute: string | null }>();
    const walk = (id: number, conditions: string[]): void => {
      const n = model.nodes[id];
      got.set(conditions.join(' & '), { value: n.value as number[], attribute: n.split?.feature ?? null });
      n.children.forEach((c, b) => {
        const split = n.split;
        assert.ok(split && split.kind === 'categorical');
        walk(c, [...conditions, `${split.feature}=${split.branches[b].join('|')}`]);
      });
    };
    walk(0, []);
    assert.equal(got.size, exp.id3_tree_nodes.length);
    for (const node of exp.id3_tree_nodes) {
      const key = (node.conditions as Array<[string, string]>).map(([a, v]) => `${a}=${v}`).join(' & ');
      const g = got.get(key);
      assert.ok(g, `missing node ${key}`);
      assert.deepEqual(g.value, node['value_[N,P]']);
      assert.equal(g.attribute, node.leaf ? null : node.attribute);
    }
    assert.equal(model.nodes[0].split?.feature, 'outlook');
  });
}

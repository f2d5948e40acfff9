// The worked calculation (src/engine/explain/) against the course notes' numbers (the textbook
// fixtures in test/fixtures/parity) and, for every scikit-learn parity case, against the engine's
// and scikit-learn's impurity decrease of each node's split.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import { calculationMarkdown, nodeMarkdown } from '../../../src/engine/explain/markdown';
import { calculateNode } from '../../../src/engine/explain/node-calculation';
import type { CandidateCalculation, NodeCalculation } from '../../../src/engine/explain/types';
import { nodeWeight, type TrainParams } from '../../../src/engine/model';
import { bestSplitsAt } from '../../../src/engine/node-alternatives';
import { buildReportBody } from '../../../src/engine/report';

const ROOT = path.join(process.cwd(), 'test/fixtures/parity');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const expected = (name: string): any => JSON.parse(readFileSync(path.join(ROOT, name, 'expected.json'), 'utf8'));
const csv = (name: string, file = 'train.csv'): Dataset => parseCsv(readFileSync(path.join(ROOT, name, file)));

function grow(data: Dataset, params: TrainParams) {
  return buildReportBody(data, { params, simplify: false, permutationRepeats: 0 });
}

const near = (a: number | null, b: number, tol = 1e-12) => assert.ok(a !== null && Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${a} != ${b}`);
const byFeature = (calc: NodeCalculation, feature: string): CandidateCalculation => {
  const c = calc.candidates.find((x) => x.feature === feature);
  assert.ok(c, `no candidate ${feature}`);
  return c;
};

const tennis = csv('play_tennis');
const tennisExp = expected('play_tennis');

test('play tennis, ID3: the root entropy, every attribute partition, remainder and gain as the notes', () => {
  const report = grow(tennis, { target: 'play', algorithm: 'id3' });
  const calc = calculateNode(tennis, report.model, report.settings, 0);
  near(calc.impurity, tennisExp.id3_tree_nodes[0].entropy);
  assert.deepEqual(calc.counts, [5, 9]);
  assert.equal(calc.candidates.length, 4);
  for (const [feature, stats] of Object.entries<{ info_gain: number; remainder: number; gini_gain: number; 'partition_counts_[N,P]': Record<string, number[]> }>(tennisExp.root_attribute_stats)) {
    const c = byFeature(calc, feature);
    near(c.score, stats.info_gain);
    near(c.weightedImpurity, stats.remainder);
    near(c.giniDecrease, stats.gini_gain);
    for (const [value, counts] of Object.entries(stats['partition_counts_[N,P]'])) assert.deepEqual(c.branches.find((b) => b.label === value)?.counts, counts, `${feature}=${value}`);
  }
  assert.deepEqual(
    [...calc.candidates].sort((a, b) => a.rank - b.rank).map((c) => c.feature),
    tennisExp.root_ranking_by_info_gain,
  );
  assert.equal(calc.candidates[0].chosen && calc.candidates[0].feature, 'outlook');
  const text = nodeMarkdown(calc);
  assert.ok(text.includes('H(S) = -\\frac{5}{14}\\log_2\\frac{5}{14} - \\frac{9}{14}\\log_2\\frac{9}{14} = 0.9403'), text);
  assert.ok(text.includes('\\bar{H}_{\\text{outlook}}(S) = \\sum_v \\frac{|S_v|}{|S|} H(S_v) = \\frac{5}{14} \\cdot 0.971 + \\frac{4}{14} \\cdot 0 + \\frac{5}{14} \\cdot 0.971 = 0.6935'));
  assert.ok(text.includes('gain(\\text{outlook}) = H(S) - \\bar{H}_{\\text{outlook}}(S) = 0.9403 - 0.6935 = 0.2467'));
  assert.ok(text.includes('gain(\\text{humidity}) = H(S) - \\bar{H}_{\\text{humidity}}(S) = 0.9403 - 0.7885 = 0.1518'));
  assert.ok(text.includes('| sunny | 3 | 2 | 5 | 0.971 |'));
});

test('play tennis, ID3: the depth-1 nodes give the notes\' gains (rain: windy 0.971)', () => {
  const report = grow(tennis, { target: 'play', algorithm: 'id3' });
  for (const want of tennisExp.id3_tree_nodes.filter((n: { leaf: boolean; depth: number }) => !n.leaf && n.depth === 1)) {
    const node = report.model.nodes.find((n) => n.depth === 1 && n.split?.feature === want.attribute && Math.abs(nodeWeight(n) - want.samples) < 1e-9);
    assert.ok(node, `node on ${want.attribute}`);
    const calc = calculateNode(tennis, report.model, report.settings, node.id);
    near(calc.impurity, want.entropy);
    for (const [feature, gain] of Object.entries<number>(want.gains)) near(byFeature(calc, feature).score, gain);
  }
});

test('play tennis, C4.5: split information and gain ratio of every root attribute', () => {
  const report = grow(tennis, { target: 'play', algorithm: 'c45' });
  const calc = calculateNode(tennis, report.model, report.settings, 0);
  for (const [feature, stats] of Object.entries<{ info_gain: number; split_info: number; gain_ratio: number }>(tennisExp.root_attribute_stats)) {
    const c = byFeature(calc, feature);
    near(c.score, stats.gain_ratio);
    near(c.splitInfo, stats.split_info);
    near(c.informationGain, stats.info_gain);
  }
  const text = nodeMarkdown(calc);
  assert.ok(text.includes('SplitInfo(\\text{outlook}) = -\\frac{5}{14}\\log_2\\frac{5}{14} - \\frac{4}{14}\\log_2\\frac{4}{14} - \\frac{5}{14}\\log_2\\frac{5}{14} = 1.577'), text);
  assert.ok(text.includes('GainRatio(\\text{outlook}) = \\frac{gain(\\text{outlook})}{SplitInfo(\\text{outlook})} = \\frac{0.2467}{1.577} = 0.1564'));
  assert.ok(text.includes('GainRatio(\\text{humidity}) = \\frac{gain(\\text{humidity})}{SplitInfo(\\text{humidity})} = \\frac{0.1518}{1} = 0.1518'));
});

test('the entropy unit: nats and hartleys scale entropy and gain by ln 2 and log10 2; the gain ratio stays', () => {
  const report = grow(tennis, { target: 'play', algorithm: 'c45' });
  const bits = calculateNode(tennis, report.model, report.settings, 0);
  const nats = calculateNode(tennis, report.model, report.settings, 0, { unit: 'nats' });
  const hartleys = calculateNode(tennis, report.model, report.settings, 0, { unit: 'hartleys' });
  near(nats.impurity, bits.impurity * Math.LN2);
  near(hartleys.impurity, bits.impurity * Math.log10(2));
  near(byFeature(nats, 'outlook').informationGain, tennisExp.root_attribute_stats.outlook.info_gain * Math.LN2);
  near(byFeature(nats, 'outlook').score, tennisExp.root_attribute_stats.outlook.gain_ratio);
  assert.ok(nodeMarkdown(nats).includes('H(S) = -\\frac{5}{14}\\ln\\frac{5}{14} - \\frac{9}{14}\\ln\\frac{9}{14} = 0.6518'));
  assert.ok(nodeMarkdown(hartleys).includes('\\log_{10}'));
});

test('the 800-instance example (Italian notes): Gini(S) = 0.5, Gini gains 0.125 and 0.1667, information gains 0.1887 and 0.3113', () => {
  for (const [name, criterion] of [['two_way_800_gini', 'gini'], ['two_way_800_entropy', 'entropy']] as const) {
    const m = expected(name).metrics;
    const data = csv(name);
    const report = grow(data, { target: 'label', criterion, maxDepth: 1 });
    const calc = calculateNode(data, report.model, report.settings, 0, { alternatives: 2 });
    near(calc.impurity, criterion === 'gini' ? m.parent_gini : m.parent_entropy);
    for (const f of ['A', 'B']) {
      const c = byFeature(calc, f);
      near(c.score, criterion === 'gini' ? m[`gini_gain_${f}`] : m[`info_gain_${f}`]);
      near(c.weightedImpurity, criterion === 'gini' ? m[`weighted_child_gini_${f}`] : m[`weighted_child_entropy_${f}`]);
      near(c.giniDecrease, m[`gini_gain_${f}`]);
    }
    const text = nodeMarkdown(calc);
    if (criterion === 'gini') assert.ok(text.includes('Gini(S) = 1 - \\left(\\frac{400}{800}\\right)^2 - \\left(\\frac{400}{800}\\right)^2 = 0.5'), text);
    else assert.ok(text.includes('= 1 - 0.6887 = 0.3113'), text);
  }
});

test("bike or car (Finnish notes): the root's information gain at 20.995 and the left branch's, threshold by threshold", () => {
  const m = expected('bike_or_car').metrics;
  const data = csv('bike_or_car');
  const report = grow(data, { target: 'go_by_car', criterion: 'entropy' });
  const root = calculateNode(data, report.model, report.settings, 0);
  const speed = byFeature(root, 'required_speed');
  assert.ok(speed.chosen);
  near(speed.score, m['ig_root_required_speed_20.995']);
  // Every threshold the notes score at the root, as the candidate list scores it.
  for (const [key, ig] of Object.entries<number>(m)) {
    const hit = /^ig_root_required_speed_([\d.]+)$/.exec(key);
    if (hit === null) continue;
    const t = speed.thresholds?.find((x) => Math.abs(x.threshold - Number(hit[1])) < 1e-9);
    assert.ok(t, `threshold ${hit[1]}`);
    near(t.score, ig);
  }
  assert.equal(speed.thresholds?.filter((t) => t.chosen).map((t) => t.threshold).join(), '20.995');
  near(byFeature(root, 'im_well_rested').score, m['ig_root_im_well_rested_0.5']);
  const left = calculateNode(data, report.model, report.settings, 1);
  near(left.candidates.find((c) => c.chosen)?.score ?? null, m['ig_root_L_dst_has_shower_0.5']);
  near(byFeature(left, 'im_well_rested').score, m['ig_root_L_im_well_rested_0.5']);
  assert.ok(nodeMarkdown(root).includes('| **20.995** (chosen) | **0.3928** |'));
});

test('regression: the variance reduction of the root split of diabetes', () => {
  const data = csv('diabetes_squared_error_max_depth_3');
  const exp = expected('diabetes_squared_error_max_depth_3');
  const report = grow(data, { target: exp.target, criterion: 'squared_error', maxDepth: 3 });
  const calc = calculateNode(data, report.model, report.settings, 0);
  const [root, left, right] = [0, exp.canonical.nodes[0].left, exp.canonical.nodes[0].right].map((i: number) => exp.canonical.nodes[i]);
  near(calc.impurity, root.impurity, 1e-9);
  const chosen = calc.candidates.find((c) => c.chosen) as CandidateCalculation;
  near(chosen.score, root.impurity - (left.samples * left.impurity + right.samples * right.impurity) / root.samples, 1e-9);
  near(chosen.branches[0].impurity, left.impurity, 1e-9);
  near(chosen.branches[1].mean, right.value, 1e-9);
  assert.match(nodeMarkdown(calc), /\\Delta Var\(\\text\{[^}]+\}\) = Var\(S\) - \\overline\{Var\}_\{\\text\{[^}]+\}\}\(S\) = /);
});

test('names from the data are escaped in LaTeX and Markdown', () => {
  const data = parseCsv(Buffer.from('a_b$|x,y\n1,p\n2,p\n3,q\n4,q\n'));
  const report = grow(data, { target: 'y' });
  const md = calculationMarkdown('t|<b>', [calculateNode(data, report.model, report.settings, 0)]);
  assert.ok(md.includes('\\text{a\\_b\\$|x}'), md);
  assert.ok(md.includes('# t\\|\\<b\\>'));
  assert.ok(!md.includes('<b>'));
});

// Every scikit-learn case: the chosen split's displayed score equals the engine's (the model's node
// impurities, and the ranking's score) and scikit-learn's impurity decrease at that node.
interface Case {
  name: string;
  params: TrainParams;
}
const sklearnCases: Case[] = readdirSync(ROOT).flatMap((name) => {
  const file = path.join(ROOT, name, 'expected.json');
  if (!existsSync(file)) return [];
  const exp = expected(name);
  if (exp.kind === 'sklearn-weighted') return [{ name, params: exp.engine_params }];
  if (exp.kind !== 'sklearn') return [];
  const p = exp.params;
  return [{ name, params: { target: exp.target, task: exp.task, criterion: p.criterion, maxDepth: p.max_depth, minSamplesLeaf: p.min_samples_leaf, minSamplesSplit: p.min_samples_split, maxLeafNodes: p.max_leaf_nodes, minImpurityDecrease: p.min_impurity_decrease } }];
});

function decrease(nodes: Array<{ impurity: number; samples: number; weighted_samples?: number; weightedSamples?: number }>, at: number, children: number[]): number {
  const w = (i: number) => nodes[i].weighted_samples ?? nodes[i].weightedSamples ?? nodes[i].samples;
  return nodes[at].impurity - children.reduce((s, c) => s + (w(c) / w(at)) * nodes[c].impurity, 0);
}

test('the parity fixtures hold scikit-learn cases', () => assert.ok(sklearnCases.length >= 20, String(sklearnCases.length)));

for (const { name, params } of sklearnCases) {
  test(`parity ${name}: each node's chosen split scores the engine's and scikit-learn's impurity decrease`, () => {
    const data = csv(name);
    const { model, settings } = grow(data, params);
    const sk = expected(name).canonical.nodes as Array<{ impurity: number; samples: number; left: number | null; right: number | null }>;
    assert.equal(model.nodes.length, sk.length);
    const weighted = params.classWeight !== undefined || params.sampleWeightColumn !== undefined;
    let checked = 0;
    for (const node of model.nodes) {
      if (node.split === null || checked >= 40) continue;
      checked++;
      const calc = calculateNode(data, model, settings, node.id, { alternatives: weighted ? 0 : 1 });
      const chosen = calc.candidates.find((c) => c.chosen);
      assert.ok(chosen, `node ${node.id}: no chosen split`);
      const tol = model.task === 'regression' ? 1e-9 : 1e-10;
      near(chosen.score, decrease(model.nodes, node.id, node.children), tol);
      near(chosen.score, decrease(sk, node.id, [sk[node.id].left as number, sk[node.id].right as number]), tol);
      near(calc.impurity, node.impurity, tol);
      if (!weighted) {
        // The ranking's own score of the column (bestSplitsAt; unweighted search).
        const ranked = bestSplitsAt(data, model, settings, node.id, 1)[0];
        if (ranked.chosen) near(chosen.score, ranked.score, tol);
      }
    }
  });
}

test('"Guess who?" (Finnish notes): beard is the best question, gain 0.44, splitting 7 bearded from 4 + 13 beardless', () => {
  const data = parseCsv(readFileSync('media/samples/guess_who.csv'));
  const report = grow(data, { target: 'woman', criterion: 'entropy' });
  const calc = calculateNode(data, report.model, report.settings, 0);
  const beard = byFeature(calc, 'beard');
  assert.ok(beard.chosen);
  assert.equal(beard.rank, 1);
  assert.deepEqual(beard.branches.map((b) => b.counts), [[4, 13], [7, 0]]);
  assert.equal(beard.score.toFixed(2), '0.44');
  assert.deepEqual(
    [...calc.candidates].sort((a, b) => a.rank - b.rank).map((c) => c.feature),
    ['beard', 'glasses', 'hat', 'long_hair', 'collared_shirt'],
  );
});

test("a column asked for (the hover's link) is worked out at the root whatever its rank, with the ranking's score", () => {
  const data = parseCsv(readFileSync('media/samples/guess_who.csv'));
  const report = grow(data, { target: 'woman', criterion: 'entropy' });
  const ranked = bestSplitsAt(data, report.model, report.settings, 0, 100);
  const last = ranked[ranked.length - 1];
  assert.ok(ranked.length > 2, 'more columns than the two asked to be listed');
  const calc = calculateNode(data, report.model, report.settings, 0, { alternatives: 1, columns: [last.feature] });
  assert.deepEqual(
    calc.candidates.map((c) => c.feature),
    ['beard', last.feature],
  );
  near(byFeature(calc, last.feature).score, last.score);
  // Without the column asked for, only the best one is listed.
  assert.deepEqual(
    calculateNode(data, report.model, report.settings, 0, { alternatives: 1 }).candidates.map((c) => c.feature),
    ['beard'],
  );
});

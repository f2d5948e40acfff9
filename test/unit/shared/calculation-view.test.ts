// The calculation drawer's content (src/shared/render/calculation-view.ts) as the worker's job makes
// it (src/worker/jobs/calculation.ts): play tennis's root shows the course notes' numbers
// (docs/formulas.md "Worked calculations"; test/fixtures/parity/play_tennis), every node of a
// scikit-learn parity fixture shows the engine's and scikit-learn's score of its split, and the
// Markdown the panel exports is the CLI's `explain` output for that node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import { shownText } from '../../../src/engine/explain/latex';
import type { TrainParams } from '../../../src/engine/model';
import { formatNumber } from '../../../src/engine/number-text';
import { buildReportBody } from '../../../src/engine/report';
import type { EntropyUnit } from '../../../src/engine/impurity';
import { calculationView, formulaPieces } from '../../../src/shared/render/calculation-view';
import { packModel } from '../../../src/shared/report-transfer';
import { calculationJob } from '../../../src/worker/jobs/calculation';
import { useCli } from '../helpers/cli';

const cli = useCli();
const ROOT = path.join(process.cwd(), 'test/fixtures/parity');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const expected = (name: string): any => JSON.parse(readFileSync(path.join(ROOT, name, 'expected.json'), 'utf8'));

function drawer(data: Dataset, params: TrainParams, nodes: number[] | null, unit: EntropyUnit = 'bits', fileName = 'data.csv', simplify?: boolean) {
  const report = buildReportBody(data, { params, permutationRepeats: 0, ...(simplify === undefined ? {} : { simplify }) });
  const result = calculationJob({ dataset: data, model: packModel(report.model), settings: report.settings, nodes, unit, fileName });
  return { report, ...result, views: result.calculations.map(calculationView) };
}

const tennis = parseCsv(readFileSync('media/samples/play_tennis.csv'));

test("play tennis's root in the drawer: 9 P / 5 N, H(S) = 0.940 bits, gain(outlook) = 0.247 chosen, then humidity, windy, temperature", () => {
  const notes = expected('play_tennis');
  const { views, calculations } = drawer(tennis, { target: 'play', algorithm: 'id3' }, [0]);
  const v = views[0];
  assert.equal(v.where, 'the root: every training row');
  assert.deepEqual(v.counts, { header: ['', 'N', 'P', 'total'], rows: [{ cells: ['rows', '5', '9', '14'], chosen: false }] });
  assert.match(v.intro, /^Criterion: information gain\. Entropy in bits\./);
  const h = v.impurity.at(-1)!;
  assert.equal(h.latex, 'H(S) = -\\frac{5}{14}\\log_2\\frac{5}{14} - \\frac{9}{14}\\log_2\\frac{9}{14} = 0.9403');
  assert.equal(shownText(h.value).slice(0, 5), notes.id3_tree_nodes[0].entropy.toFixed(3));
  // The chosen split first, then the others by rank, each with the notes' gain to 3 decimals.
  assert.deepEqual(v.candidates.map((c) => c.title), ['The split chosen: outlook (3 branches)', 'Candidate 2: humidity ∈ {high}', 'Candidate 3: windy ∈ {false}', 'Candidate 4: temperature (3 branches)']);
  const gains = notes.root_attribute_stats as Record<string, { info_gain: number; remainder: number }>;
  for (const [i, feature] of ['outlook', 'humidity', 'windy', 'temperature'].entries()) {
    assert.equal(Number(v.candidates[i].score).toFixed(3), gains[feature].info_gain.toFixed(3), feature);
    assert.equal(v.candidates[i].score, shownText(calculations[0].candidates.find((c) => c.feature === feature)!.score));
  }
  assert.equal(v.candidates[0].score, '0.2467');
  assert.equal(v.candidates[0].scoreLine, 'information gain: 0.2467 (rank 1 of 4)');
  const outlook = v.candidates[0];
  assert.deepEqual(outlook.partition.header, ['branch', 'N', 'P', '|S_v|', 'H(S_v)']);
  assert.deepEqual(outlook.partition.rows.map((r) => r.cells).sort((a, b) => a[0].localeCompare(b[0])), [
    ['overcast', '0', '4', '4', '0'],
    ['rain', '2', '3', '5', '0.971'],
    ['sunny', '3', '2', '5', '0.971'],
  ]);
  const latex = outlook.steps.map((s) => s.latex);
  assert.ok(latex.includes('\\bar{H}_{\\text{outlook}}(S) = \\sum_v \\frac{|S_v|}{|S|} H(S_v) = ' + outlook.partition.rows.map((r) => `\\frac{${r.cells[3]}}{14} \\cdot ${r.cells[4]}`).join(' + ') + ' = 0.6935'), latex.join('\n'));
  assert.equal(latex.at(-1), 'gain(\\text{outlook}) = H(S) - \\bar{H}_{\\text{outlook}}(S) = 0.9403 - 0.6935 = 0.2467');
});

test('the entropy unit sets the log base: nats give H(S) = 0.6518 with ln, hartleys 0.2831 with log10', () => {
  const nats = drawer(tennis, { target: 'play', algorithm: 'id3' }, [0], 'nats').views[0];
  assert.equal(nats.impurity.at(-1)!.latex, 'H(S) = -\\frac{5}{14}\\ln\\frac{5}{14} - \\frac{9}{14}\\ln\\frac{9}{14} = 0.6518');
  assert.match(nats.intro, /Entropy in nats\./);
  const hartleys = drawer(tennis, { target: 'play', algorithm: 'id3' }, [0], 'hartleys').views[0];
  assert.ok(hartleys.impurity.at(-1)!.latex.endsWith('\\log_{10}\\frac{9}{14} = 0.2831'));
  // gain(outlook) = 0.2467 bits = 0.2467 · ln 2 nats.
  assert.equal(nats.candidates[0].score, shownText(0.24674981977443933 * Math.LN2));
});

test('C4.5 shows SplitInfo and the gain ratio; a numeric column lists its midpoints with the chosen one marked', () => {
  const c45 = drawer(tennis, { target: 'play', algorithm: 'c45' }, [0]).views[0];
  const outlook = c45.candidates.find((c) => c.title.includes('outlook'))!;
  assert.ok(outlook.steps.some((s) => s.latex.startsWith('SplitInfo(\\text{outlook}) = ') && s.latex.endsWith('= 1.577')), outlook.steps.map((s) => s.latex).join('\n'));
  assert.ok(outlook.steps.at(-1)!.latex.startsWith('GainRatio(\\text{outlook}) = \\frac{gain(\\text{outlook})}{SplitInfo(\\text{outlook})} = \\frac{0.2467}{1.577} = 0.1564'));
  const iris = parseCsv(readFileSync('media/samples/iris.csv'));
  const { views, report } = drawer(iris, { target: 'species' }, [0]);
  const chosen = views[0].candidates[0];
  const split = report.model.nodes[0].split!;
  assert.ok(chosen.chosen && split.kind === 'numeric');
  const marked = chosen.thresholds!.table.rows.filter((r) => r.chosen);
  assert.equal(marked.length, 1);
  assert.equal(marked[0].cells[0], `${formatNumber(split.threshold)} (chosen)`);
  assert.equal(marked[0].cells[1], chosen.score);
  // The chosen threshold scores best of all the midpoints tried.
  assert.ok(chosen.thresholds!.table.rows.every((r) => Number(r.cells[1]) <= Number(chosen.score)));
});

test('parity iris_gini_max_depth_3 and diabetes: every node shows the engine\'s and scikit-learn\'s impurity decrease of its split', () => {
  for (const name of ['iris_gini_max_depth_3', 'iris_entropy_max_depth_3', 'diabetes_squared_error_max_depth_3']) {
    const exp = expected(name);
    const p = exp.params;
    const data = parseCsv(readFileSync(path.join(ROOT, name, 'train.csv')));
    const params: TrainParams = { target: exp.target, task: exp.task, criterion: p.criterion, maxDepth: p.max_depth, minSamplesLeaf: p.min_samples_leaf };
    const { report, views } = drawer(data, params, null, 'bits', 'train.csv', false);
    const model = report.model;
    const sk = exp.canonical.nodes as Array<{ impurity: number; samples: number; left: number | null; right: number | null }>;
    const decision = model.nodes.filter((n) => n.split !== null);
    assert.equal(views.length, decision.length);
    for (const [i, node] of decision.entries()) {
      const shown = views[i].candidates.find((c) => c.chosen)!;
      const w = (n: { samples: number }) => n.samples;
      const engine = node.impurity - node.children.reduce((s, c) => s + (w(model.nodes[c]) / w(node)) * model.nodes[c].impurity, 0);
      const s = sk[node.id];
      const sklearn = s.impurity - [s.left!, s.right!].reduce((acc, c) => acc + (sk[c].samples / s.samples) * sk[c].impurity, 0);
      assert.equal(shown.score, shownText(engine), `${name} node ${node.id}`);
      assert.equal(shown.score, shownText(sklearn), `${name} node ${node.id} (scikit-learn)`);
      // The derivation's last line ends in the same figure.
      assert.ok(shown.steps.at(-1)!.latex.endsWith(`= ${shown.score}`), shown.steps.at(-1)!.latex);
    }
  }
});

test("the panel's export is the CLI's explain Markdown for the node", () => {
  const { markdown } = drawer(tennis, { target: 'play', algorithm: 'id3' }, [0], 'bits', 'play_tennis.csv');
  const r = cli.run('explain', 'media/samples/play_tennis.csv', '--target', 'play', '--algorithm', 'id3', '--node', '0');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(markdown, r.stdout);
});

test('a pure leaf has its calculation too: its counts, H = 0, and no split to score', () => {
  const iris = parseCsv(readFileSync('media/samples/iris.csv'));
  const report = buildReportBody(iris, { params: { target: 'species' }, permutationRepeats: 0 });
  const leaf = report.model.nodes.find((n) => n.split === null && n.impurity === 0)!;
  const v = calculationView(calculationJob({ dataset: iris, model: packModel(report.model), settings: report.settings, nodes: [leaf.id], unit: 'bits', fileName: 'iris.csv' }).calculations[0]);
  assert.equal(v.candidates.length, 0);
  assert.equal(v.empty, 'No column splits this node.');
  assert.match(v.impurity.at(-1)!.latex, /^Gini\(S\) = 1 - \\left\(\\frac\{\d+\}\{\d+\}\\right\)\^2 = 0$/);
});

test('a formula is cut before its top-level =, + and − only, and the pieces make it again', () => {
  const latex = '\\bar{H}_{\\text{a - b}}(S) = \\frac{5}{14} \\cdot 0.971 + \\frac{4}{14} \\cdot 0 = 0.6935';
  assert.deepEqual(formulaPieces(latex), ['\\bar{H}_{\\text{a - b}}(S)', '= \\frac{5}{14} \\cdot 0.971', '+ \\frac{4}{14} \\cdot 0', '= 0.6935']);
  const gini = 'Gini(S) = 1 - \\left(\\frac{50}{150}\\right)^2 - \\left(\\frac{50}{150}\\right)^2 = 0.6667';
  assert.deepEqual(formulaPieces(gini), ['Gini(S)', '= 1', '- \\left(\\frac{50}{150}\\right)^2', '- \\left(\\frac{50}{150}\\right)^2', '= 0.6667']);
  // Escaped braces in a name do not change the depth.
  assert.deepEqual(formulaPieces('gain(\\text{\\{ - \\}}) = 1'), ['gain(\\text{\\{ - \\}})', '= 1']);
  for (const f of [latex, gini]) assert.equal(formulaPieces(f).join(' '), f);
});

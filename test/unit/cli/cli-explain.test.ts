// The explain command end to end: the worked calculation of play tennis as Markdown, --out,
// pruning and rules sections, and bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useCli } from '../helpers/cli';

const cli = useCli();
const run = cli.run;

test('explain play tennis (ID3) at the root: the notes\' entropy and gains as Markdown with $$ formulas', () => {
  const r = run('explain', 'media/samples/play_tennis.csv', '--target', 'play', '--algorithm', 'id3', '--node', '0');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^# play\\_tennis\.csv: how the tree for play was grown\n/);
  assert.ok(r.stdout.includes('## Node 0 (depth 0): the root'));
  assert.ok(r.stdout.includes('$$\nH(S) = -\\frac{5}{14}\\log_2\\frac{5}{14} - \\frac{9}{14}\\log_2\\frac{9}{14} = 0.9403\n$$'));
  for (const gain of ['gain(\\text{outlook}) = H(S) - \\bar{H}_{\\text{outlook}}(S) = 0.9403 - 0.6935 = 0.2467', '= 0.1518', '= 0.04813', '= 0.02922']) assert.ok(r.stdout.includes(gain), gain);
  assert.ok(r.stdout.includes('| branch | N | P | \\|S_v\\| | H(S_v) |'));
});

test('explain --unit nats, --out writes the file, every decision node by default', () => {
  const out = path.join(cli.dir, 'tennis.md');
  const r = run('explain', 'media/samples/play_tennis.csv', '--target', 'play', '--algorithm', 'c45', '--unit', 'nats', '--out', out);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, '');
  const md = readFileSync(out, 'utf8');
  assert.ok(md.includes('Entropy in nats'));
  assert.ok(md.includes('H(S) = -\\frac{5}{14}\\ln\\frac{5}{14} - \\frac{9}{14}\\ln\\frac{9}{14} = 0.6518'));
  assert.ok(md.includes('GainRatio(\\text{outlook})'));
  assert.equal(md.match(/^## Node /gm)?.length, 3, 'root, rain and sunny');
});

test('explain --pruning and --rules add their sections', () => {
  const cc = run('explain', 'media/samples/iris.csv', '--target', 'species', '--max-depth', '3', '--node', '0', '--pruning', 'cost-complexity', '--rules');
  assert.equal(cc.status, 0, cc.stderr);
  assert.ok(cc.stdout.includes('## Cost-complexity pruning'));
  assert.ok(cc.stdout.includes('## Rules'));
  const pe = run('explain', 'media/samples/play_tennis.csv', '--target', 'play', '--algorithm', 'id3', '--node', '0', '--pruning', 'pessimistic', '--epsilon', '1');
  assert.equal(pe.status, 0, pe.stderr);
  assert.ok(pe.stdout.includes('## Pessimistic pruning (ε = 1)'));
});

test('explain: bad input exits 2 naming the problem', () => {
  const node = run('explain', 'media/samples/iris.csv', '--target', 'species', '--max-depth', '1', '--node', '9');
  assert.equal(node.status, 2);
  assert.match(node.stderr, /the tree has no node 9/);
  const unit = run('explain', 'media/samples/iris.csv', '--target', 'species', '--unit', 'bytes');
  assert.equal(unit.status, 2);
  assert.match(unit.stderr, /--unit must be one of bits, nats, hartleys/);
  const id = run('explain', 'media/samples/iris.csv', '--target', 'species', '--node', 'x');
  assert.equal(id.status, 2);
  assert.match(id.stderr, /--node takes node ids/);
});

test('explain --path N: a heading per node from the root down to N (play tennis, ID3: the root, rain, and a leaf under windy)', () => {
  const tree = run('train', 'media/samples/play_tennis.csv', '--target', 'play', '--algorithm', 'id3', '--format', 'json');
  assert.equal(tree.status, 0, tree.stderr);
  const nodes = (JSON.parse(tree.stdout) as { nodes: Array<{ id: number; split: { feature: string } | null; children: number[] }> }).nodes;
  const windy = nodes.find((n) => n.split?.feature === 'windy');
  assert.ok(windy, 'the rain branch asks windy');
  const leaf = windy.children[0];
  const r = run('explain', 'media/samples/play_tennis.csv', '--target', 'play', '--algorithm', 'id3', '--path', String(leaf));
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(
    [...r.stdout.matchAll(/^## Node (\d+)/gm)].map((m) => Number(m[1])),
    [0, windy.id, leaf],
  );
  // The rain node's gains as the notes: windy 0.971.
  assert.ok(r.stdout.includes('gain(\\text{windy}) = H(S) - \\bar{H}_{\\text{windy}}(S) = 0.971 - 0 = 0.971'), r.stdout);
  const both = run('explain', 'media/samples/play_tennis.csv', '--target', 'play', '--node', '0', '--path', '2');
  assert.equal(both.status, 2);
  assert.match(both.stderr, /--node and --path both choose the nodes: give one of them/);
  const none = run('explain', 'media/samples/play_tennis.csv', '--target', 'play', '--algorithm', 'id3', '--path', '99');
  assert.equal(none.status, 2);
  assert.match(none.stderr, /the tree has no node 99/);
});

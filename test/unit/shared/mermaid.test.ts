import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TreeModel } from '../../../src/engine/model';
import { BAR_LINE, parseDiagramId, treeToMermaid, treeToMermaidMarkdown } from '../../../src/shared/render/mermaid';
import { escapeMermaidText } from '../../../src/shared/render/mermaid-escape';
import { ruleTo } from '../../../src/shared/render/tree-labels';

function model(name: string): TreeModel {
  return JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/models', name), 'utf8')) as TreeModel;
}

/** Undoes Mermaid entity codes, as Mermaid + the browser do, to read back what a label shows. */
function decode(label: string): string {
  return label.replace(/#quot;/g, '"').replace(/#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)));
}

interface Parsed {
  nodes: Map<string, { shape: 'rect' | 'round' | 'stadium'; lines: string[] }>;
  edges: { from: string; to: string; label: string | null; dotted: boolean }[];
  classes: Map<string, string>;
  other: string[];
}

/** A strict reader of the subset of Mermaid the renderer emits: any other line shape fails the test. */
function parse(text: string): Parsed {
  const lines = text.trimEnd().split('\n');
  assert.equal(lines[0], 'flowchart TD');
  const out: Parsed = { nodes: new Map(), edges: [], classes: new Map(), other: [] };
  for (const line of lines.slice(1)) {
    let m: RegExpExecArray | null;
    if ((m = /^ {2,4}([nfl]\d+)(\[|\(\[|\()"([^"]*)"(\]|\]\)|\))$/.exec(line))) {
      const shape = m[2] === '[' ? 'rect' : m[2] === '([' ? 'stadium' : 'round';
      out.nodes.set(m[1], { shape, lines: m[3].split('<br/>').map(decode) });
    } else if ((m = /^ {2}(n\d+) -->\|"([^"]*)"\| (n\d+)$/.exec(line))) {
      out.edges.push({ from: m[1], to: m[3], label: decode(m[2]), dotted: false });
    } else if ((m = /^ {2}(n\d+) -\.-> (f\d+)$/.exec(line))) {
      out.edges.push({ from: m[1], to: m[2], label: null, dotted: true });
    } else if ((m = /^ {2}class ([nf\d,]+) (\w+)$/.exec(line))) {
      for (const id of m[1].split(',')) out.classes.set(id, m[2]);
    } else {
      assert.match(line, /^ {2,4}(classDef \w+ [\w:#,.\- ]+|style [nl]\d+ [\w:#,.\- ]+|linkStyle [\d,]+ [\w:#,.\- ]+|subgraph legend \["Legend"\]|end)$/);
      out.other.push(line.trim());
    }
  }
  return out;
}

test('decision nodes are rectangles with condition, samples, named impurity and counts; leaves are rounded', () => {
  const d = parse(treeToMermaid(model('iris-gini-depth3.json')).text);
  assert.equal(d.nodes.size, 9);
  assert.deepEqual(d.nodes.get('n0'), {
    shape: 'rect',
    lines: ['petal_length_cm ≤ 2.45', 'samples = 105', 'gini = 0.667', 'value = [35, 35, 35]'],
  });
  assert.deepEqual(d.nodes.get('n1'), { shape: 'round', lines: ['setosa', 'samples = 35', 'purity = 100%'] });
  const leaves = [...d.nodes.values()].filter((n) => n.shape === 'round');
  assert.equal(leaves.length, 5);
  assert.deepEqual(
    d.edges.filter((e) => e.from === 'n0'),
    [
      { from: 'n0', to: 'n1', label: '≤ 2.45', dotted: false },
      { from: 'n0', to: 'n2', label: '> 2.45', dotted: false },
    ],
  );
});

test('entropy is named in bits, regression shows mse and the mean, categorical edges carry the categories', () => {
  const entropy = parse(treeToMermaid(model('iris-entropy-full.json')).text);
  assert.match(entropy.nodes.get('n0')!.lines[2], /^entropy = 1\.58 bits$/);

  const reg = parse(treeToMermaid(model('diabetes-depth3.json')).text);
  assert.deepEqual(reg.nodes.get('n0')!.lines, ['bmi ≤ 26.85', 'samples = 309', 'mse = 6150', 'value = 153.9']);
  const regLeaf = [...reg.nodes.values()].find((n) => n.shape === 'round')!;
  assert.match(regLeaf.lines[0], /^value = \d+(\.\d+)?$/);
  assert.match(regLeaf.lines[2], /^mse = /);

  const tennis = parse(treeToMermaid(model('play-tennis-id3.json')).text);
  assert.equal(tennis.nodes.get('n0')!.lines[0], 'outlook');
  assert.deepEqual(
    tennis.edges.filter((e) => e.from === 'n0').map((e) => e.label),
    ['= overcast', '= rain', '= sunny'],
  );
});

const HOSTILE = [
  '"]-->x[<img src=x onerror=alert(1)>',
  '%%{init: {"securityLevel": "loose"}}%%',
  '`**md**` <script>alert(1)</script>',
  'style: #quot; &amp; classDef x fill:#f00;',
  'a|b) {c} (d] \\ e\nf',
  '🌳 شجرة القرار עץ',
];

function hostileModel(): TreeModel {
  const m = model('play-tennis-id3.json');
  const rename = new Map(m.features.map((f, i) => [f.name, HOSTILE[i]]));
  m.target = HOSTILE[4];
  m.classes = [HOSTILE[5], HOSTILE[0]];
  for (const n of m.nodes) {
    n.prediction = m.classes[Array.isArray(n.value) && n.value[0] > n.value[1] ? 0 : 1];
    if (n.split?.kind === 'categorical') {
      n.split.feature = rename.get(n.split.feature)!;
      n.split.branches = n.split.branches.map((b, i) => b.map(() => HOSTILE[(i + 2) % HOSTILE.length]));
    }
  }
  return m;
}

test('hostile names render literally: nothing they contain is Mermaid or HTML syntax', () => {
  const text = treeToMermaid(hostileModel(), { legend: true }).text;
  for (const needle of ['<img', '<script', '%%', '`', '&amp;', '#quot; &']) assert.ok(!text.includes(needle), needle);
  const d = parse(text); // every line has the expected shape, so no label escaped its quotes
  assert.equal(d.nodes.get('n0')!.lines[0], HOSTILE[0]);
  assert.deepEqual(
    d.edges.filter((e) => e.from === 'n0').map((e) => e.label),
    [`= ${HOSTILE[2]}`, `= ${HOSTILE[3]}`, `= ${HOSTILE[4].replace('\n', ' ')}`],
  );
  const leafLabels = [...d.nodes.values()].filter((n) => n.shape === 'round').map((n) => n.lines[0]);
  assert.ok(leafLabels.includes(HOSTILE[5]) && leafLabels.includes(HOSTILE[0]));
  assert.deepEqual(
    ['l0', 'l1'].map((id) => d.nodes.get(id)!.lines[0]),
    [HOSTILE[5], HOSTILE[0]],
  );
});

test('escaping round-trips every special character and keeps emoji and right-to-left text', () => {
  for (const s of HOSTILE) assert.equal(decode(escapeMermaidText(s)), s.replace('\n', ' '));
  assert.equal(escapeMermaidText('🌳 עץ'), '🌳 עץ');
});

test('nodes are tinted by majority class, stronger when purer, with a legend', () => {
  const diagram = treeToMermaid(model('iris-gini-depth3.json'));
  const d = parse(diagram.text);
  assert.equal(d.classes.get('n0'), 'k0s0'); // 35/35/35: chance level, weakest tint
  assert.equal(d.classes.get('n1'), 'k0s3'); // pure setosa
  assert.match(d.classes.get('n2')!, /^k1s[0-1]$/); // 0/35/35, versicolor first on the tie
  assert.ok(d.other.includes('classDef k2s3 fill:#009E73b3,stroke:#009E73,stroke-width:1px'));
  const defined = d.other.filter((l) => l.startsWith('classDef ')).map((l) => l.split(' ')[1]);
  assert.deepEqual(new Set(defined), new Set(d.classes.values()), 'exactly the classes in use are defined');
  assert.deepEqual(
    diagram.legend.map((l) => l.label),
    ['setosa', 'versicolor', 'virginica'],
  );
  assert.equal(new Set(diagram.legend.map((l) => l.colour)).size, 3);
  const hc = parse(treeToMermaid(model('iris-gini-depth3.json'), { highContrast: true }).text);
  assert.ok(hc.other.some((l) => l.startsWith('classDef k0s3 fill:none,stroke:#E69F00,stroke-width:4px')));
});

test('big trees fold below the depth limit and node budget into "+N nodes" stubs', () => {
  const m = model('iris-entropy-full.json'); // 15 nodes, depth 5
  const full = treeToMermaid(m, { maxDepth: Infinity, maxNodes: Infinity });
  assert.equal(full.shownNodes, 15);
  assert.deepEqual(full.folded, []);

  // Within the default budget of 60 nodes the tree opens whole, depth 5 and all.
  assert.equal(treeToMermaid(m).shownNodes, 15);
  const byDepth = treeToMermaid(m, { maxNodes: 14 }); // a tree over the budget folds at depth 4
  const deepest = Math.max(...m.nodes.map((n) => n.depth));
  assert.equal(byDepth.shownNodes, m.nodes.filter((n) => n.depth <= 4).length);
  assert.ok(byDepth.folded.length > 0 && byDepth.folded.every((id) => m.nodes[id].depth === 4));
  assert.ok(deepest > 4);

  const rootOnly = treeToMermaid(m, { collapsed: [0] });
  const d = parse(rootOnly.text);
  assert.deepEqual([...d.nodes.keys()], ['n0', 'f0']);
  assert.deepEqual(d.nodes.get('f0'), { shape: 'stadium', lines: ['+14 nodes'] });
  assert.deepEqual(d.edges, [{ from: 'n0', to: 'f0', label: null, dotted: true }]);

  const budget = treeToMermaid(m, { maxNodes: 5 });
  assert.ok(budget.shownNodes <= 5);
  const expanded = treeToMermaid(m, { maxNodes: 5, expanded: budget.folded });
  assert.ok(expanded.shownNodes > budget.shownNodes);
});

test('the path of a row is highlighted: its edges by linkStyle, its nodes by outline, folded parts opened', () => {
  const m = model('iris-entropy-full.json');
  const leaf = m.nodes.filter((n) => n.depth === 5)[0];
  const route: number[] = [];
  for (let id = leaf.id; id >= 0; id = m.nodes.findIndex((n) => n.children.includes(id))) route.unshift(id);
  const text = treeToMermaid(m, { path: route }).text;
  const d = parse(text);
  assert.ok(d.nodes.has(`n${leaf.id}`), 'the leaf deeper than the fold limit is shown');
  const linkStyle = d.other.find((l) => l.startsWith('linkStyle '))!;
  const indices = linkStyle.split(' ')[1].split(',').map(Number);
  assert.deepEqual(
    indices.map((i) => [d.edges[i].from, d.edges[i].to]),
    route.slice(1).map((id, i) => [`n${route[i]}`, `n${id}`]),
  );
  assert.match(linkStyle, /stroke:#E0115F,stroke-width:4px$/);
  for (const id of route) assert.ok(d.other.includes(`style n${id} stroke:#E0115F,stroke-width:4px`));
  assert.equal(d.other.filter((l) => l.startsWith('style n')).length, route.length);
});

test('diagram ids are synthetic and map back to nodes and stubs', () => {
  assert.deepEqual(parseDiagramId('n12'), { kind: 'node', id: 12 });
  assert.deepEqual(parseDiagramId('f3'), { kind: 'stub', id: 3 });
  assert.deepEqual(parseDiagramId('l0'), { kind: 'legend', id: 0 });
  assert.equal(parseDiagramId('x1'), undefined);
  assert.equal(parseDiagramId('n1x'), undefined);
});

test('Markdown export holds the whole tree and its legend in one fenced block', () => {
  const md = treeToMermaidMarkdown(hostileModel());
  const fences = md.split('\n').filter((l) => l.startsWith('```'));
  assert.deepEqual(fences, ['```mermaid', '```']);
  const body = md.slice(md.indexOf('```mermaid\n') + 11, md.lastIndexOf('```'));
  const d = parse(body);
  assert.equal([...d.nodes.keys()].filter((k) => k.startsWith('n')).length, 8);
  assert.ok(d.nodes.has('l0') && d.other.includes('subgraph legend ["Legend"]'));
});

test('for the webview (bars), each node ends in an empty line for its bar, which replaces a split node\'s counts', () => {
  const m = model('iris-gini-depth3.json');
  const plain = parse(treeToMermaid(m).text);
  const barred = parse(treeToMermaid(m, { bars: true }).text);
  for (const node of m.nodes) {
    const before = plain.nodes.get(`n${node.id}`)!.lines;
    const after = barred.nodes.get(`n${node.id}`)!.lines;
    assert.equal(after.at(-1), BAR_LINE);
    assert.deepEqual(after.slice(0, -1), node.split ? before.filter((l) => !l.startsWith('value = [')) : before);
  }
});

test('a page passes its decimal mark: labels and edges read "≤ 2,45"; without it, as in every export and the CLI, the point stays', () => {
  const comma = (plain: string) => plain.replace('.', ',');
  const iris = model('iris-gini-depth3.json');
  const d = parse(treeToMermaid(iris, { numbers: comma }).text);
  // The counts' own separator becomes "; " where the comma is the decimal mark.
  assert.deepEqual(d.nodes.get('n0')!.lines, ['petal_length_cm ≤ 2,45', 'samples = 105', 'gini = 0,667', 'value = [35; 35; 35]']);
  assert.deepEqual(
    d.edges.filter((e) => e.from === 'n0').map((e) => e.label),
    ['≤ 2,45', '> 2,45'],
  );
  assert.deepEqual(ruleTo(iris, 2, comma), ['petal_length_cm > 2,45']);
  const reg = parse(treeToMermaid(model('diabetes-depth3.json'), { numbers: comma }).text);
  assert.deepEqual(reg.nodes.get('n0')!.lines, ['bmi ≤ 26,85', 'samples = 309', 'mse = 6150', 'value = 153,9']);
  // The defaults: the Markdown export and the rule text keep the point.
  assert.match(treeToMermaidMarkdown(iris), /petal_length_cm ≤ 2\.45/);
  assert.doesNotMatch(treeToMermaidMarkdown(iris), /\d,\d/);
  assert.deepEqual(ruleTo(iris, 2), ['petal_length_cm > 2.45']);
});

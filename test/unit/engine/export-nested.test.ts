// Python and JavaScript exports as nested tests (src/engine/export/tree-code.ts): a fully grown
// tree run on the strings of its own CSV through the export's row converter, date and ordinal
// features (model contract: dates in ms since the epoch, ordinals by category index), and trees
// deeper than any parser would take nested.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import type { ModelFeature, ModelNode, TreeModel } from '../../../src/engine/model';
import { exportCode } from '../../../src/engine/export/code';
import { predict } from '../../../src/engine/tree/predict';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainTree } from '../../../src/engine/tree/train';
import { createRng, randomInt } from '../../../src/engine/random';
import { buildModel, num as numSplit, oneFeatureModel } from '../helpers/build-model';
import { cat, dataset, num } from '../helpers/tree-data';
import { runJavaScript, runJavaScriptOnCsv, runJavaScriptOnStrings, runPython, runPythonOnCsv, runPythonScript, runSql } from '../helpers/run-exports';

/** Numbers with missing spellings, an integer, a category and a noisy label: fully grown, thousands of nodes. */
function noisyCsv(rows: number): string {
  const rng = createRng(7);
  const lines = ['a,b,colour,label'];
  const missing = ['', 'NA', 'n/a', 'NaN', 'null', '?'];
  for (let r = 0; r < rows; r++) {
    const a = rng() < 0.05 ? missing[randomInt(rng, missing.length)] : (rng() * 100).toFixed(2);
    const b = String(randomInt(rng, 50));
    const colour = rng() < 0.05 ? 'NA' : `c${randomInt(rng, 12)}`;
    const label = rng() < 0.4 ? `k${randomInt(rng, 3)}` : Number(a) + Number(b) > 80 ? 'k0' : 'k1';
    lines.push([a, b, colour, label].join(','));
  }
  return lines.join('\n') + '\n';
}

test('a fully grown tree of thousands of nodes: Python and JS predict every CSV row, converted from its strings, as predict() does', () => {
  const csv = noisyCsv(4000);
  const data = parseCsv(csv);
  const { model } = trainTree(data, { target: 'label' });
  assert.ok(model.nodes.length > 2000, `${model.nodes.length} nodes`);
  const expected = predict(model, data);
  const python = exportCode(model, 'python');
  assert.deepEqual(runPythonOnCsv(python, csv), expected, 'Python');
  assert.deepEqual(runJavaScriptOnCsv(exportCode(model, 'js'), csv), expected, 'JavaScript');
  // Nested: one line or two per node, not a rule (a whole path) per leaf.
  assert.ok(python.split('\n').length < 3 * model.nodes.length, `${python.split('\n').length} lines`);
});

const DAY = 86_400_000;
const T1 = Date.UTC(2021, 2, 4, 12); // midway between 2021-03-04 and 2021-03-05
const T2 = Date.UTC(2021, 5, 1, 10, 0, 0, 500) + 0.5;
const LEVELS = ['low', 'mid', 'high'];
const features = [{ name: 'when "d"', type: 'date' }, { name: 'grade\n*/', type: 'ordinal', categories: LEVELS }] satisfies ModelFeature[];
const [D, O] = features.map((f) => f.name);

/** Dates and ordinal levels on both sides of every threshold, missing, and an unknown level. */
const DATES: Array<[string, number]> = [
  ['2021-03-04', Date.UTC(2021, 2, 4)],
  ['2021-03-05', Date.UTC(2021, 2, 5)],
  ['2021-03-04T11:59:59Z', T1 - 1000],
  ['2021-03-04T14:00:00+02:00', T1],
  ['2021-03-04T12:00:00.001Z', T1 + 1],
  ['2021-06-01T10:00:00.500Z', T2 - 0.5],
  ['2021-06-01T10:00:00.501Z', T2 + 0.5],
  ['2021-06-01 09:00:00.501-01:00', T2 + 0.5],
  ['1969-12-31', -DAY],
  ['NA', NaN],
  ['', NaN],
];
const ORDINALS = ['low', 'mid', 'high', 'huge', '?'];

function dateOrdinalModel(): TreeModel {
  return buildModel(
    {
      value: [5, 5, 5, 5, 5],
      split: numSplit(D, T1),
      missingGoesTo: 1,
      children: [
        { value: [5, 4, 0, 0, 0], split: numSplit(O, 0.5), missingGoesTo: 0, children: [{ value: [5, 0, 0, 0, 0] }, { value: [0, 4, 0, 0, 0] }] },
        {
          value: [0, 1, 5, 5, 5],
          split: numSplit(O, 1.5),
          missingGoesTo: 1,
          children: [
            { value: [0, 0, 5, 4, 0], split: numSplit(D, Infinity), missingGoesTo: 1, children: [{ value: [0, 0, 5, 0, 0] }, { value: [0, 0, 0, 4, 0] }] },
            { value: [1, 1, 0, 1, 5], split: numSplit(D, T2), missingGoesTo: 0, children: [{ value: [1, 0, 0, 0, 0] }, { value: [0, 0, 0, 0, 5] }] },
          ],
        },
      ],
    },
    { classes: ['A', 'B', 'C', 'D', 'E'], features },
  );
}

test('date and ordinal features: the exports convert ISO text and category names and route them as predict() does', async () => {
  const model = dateOrdinalModel();
  const rows = DATES.flatMap(([text, ms]) => ORDINALS.map((o) => ({ text, ms, o })));
  // predict() sees the columns as the reader stores them: ms (NaN missing) and category names (unknown: missing).
  const typed = dataset(
    { name: D, type: 'date', values: Float64Array.from(rows, (r) => r.ms) },
    cat(O, rows.map((r) => (r.o === '?' ? null : r.o))),
  );
  const expected = predict(model, typed);
  assert.equal(new Set(expected).size, 5, 'every leaf is reached');
  const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;
  const csv = [`${quote(D)},${quote(O)}`, ...rows.map((r) => `${r.text},${r.o}`)].join('\n');
  assert.deepEqual(runPythonOnCsv(exportCode(model, 'python'), csv), expected, 'Python');
  assert.deepEqual(runJavaScriptOnStrings(exportCode(model, 'js'), rows.map((r) => ({ [D]: r.text, [O]: r.o }))), expected, 'JavaScript');
  // SQL (SQLite) compares dates as ISO text and ordinals by name: rows as a database holds them.
  const sqlRows = rows.map((r) => ({
    [D]: Number.isNaN(r.ms) ? null : r.text.length === 10 ? r.text : new Date(r.ms).toISOString(),
    [O]: r.o === '?' ? null : r.o,
  }));
  const schema = dataset(cat(D, sqlRows.map((r) => r[D])), cat(O, sqlRows.map((r) => r[O])));
  assert.deepEqual(await runSql(exportCode(model, 'sql'), schema, sqlRows), expected, 'SQL');
});

test('the row converters: missing spellings, numbers, dates with offsets and fractions, ordinal indices', () => {
  const model = dateOrdinalModel();
  const cells = ['', ' NA ', 'n/a', 'NaN', 'NULL', '?', 'low', 'high', 'huge', ...DATES.map(([t]) => t)];
  // Each cell converted as a date and as an ordinal; NaN reported as null.
  const want = cells.map((c) => {
    const date = DATES.find(([t]) => t === c)?.[1];
    return [date === undefined || Number.isNaN(date) ? null : date, LEVELS.includes(c) ? LEVELS.indexOf(c) : null];
  });
  const py = runPythonScript(
    exportCode(model, 'python'),
    `conv = dict(_CONVERTERS)
def safe(f, c):
    try:
        v = f(c)
    except ValueError:
        return None
    return None if v != v else v
print(json.dumps([[safe(conv[${JSON.stringify(D)}], c), safe(conv[${JSON.stringify(O)}], c)] for c in json.load(sys.stdin)]))`,
    JSON.stringify(cells),
  );
  assert.deepEqual(py, want, 'Python');
  const convertRow = vm.runInNewContext(`${exportCode(model, 'js')}\n;convertRow`) as (row: Record<string, string>) => Record<string, number>;
  const safe = (convert: () => number): number | null => {
    try {
      const v = convert();
      return Number.isNaN(v) ? null : v;
    } catch {
      return null;
    }
  };
  const js = cells.map((c) => [safe(() => convertRow({ [D]: c, [O]: 'low' })[D]), safe(() => convertRow({ [D]: '', [O]: c })[O])]);
  assert.deepEqual(js, want, 'JavaScript');
  const numbers = runPythonScript(exportCode(model, 'python'), 'print(json.dumps([_to_number(c) for c in [" 1.5 ", "-2e3", "7"]]))', '');
  assert.deepEqual(numbers, [1.5, -2000, 7]);
  assert.throws(() => runPythonScript(exportCode(model, 'python'), '_to_date("2021-02-30")', ''), /ValueError/, 'an impossible date is an error, not a silent miss');
});

/** A chain `depth` splits deep in which every split's next split is its first child (`left`) or its second, missing values alternating sides. */
function chain(depth: number, left: boolean): TreeModel {
  // Built with split i at id 2i and its leaf at 2i + 1, then renumbered in preorder (the model contract).
  const nodes: ModelNode[] = [];
  for (let i = 0; i <= depth; i++) {
    const last = i === depth;
    const split = last ? null : { feature: 'x', kind: 'numeric' as const, threshold: left ? depth - i - 0.5 : i + 0.5 };
    const children = last ? [] : left ? [2 * i + 2, 2 * i + 1] : [2 * i + 1, 2 * i + 2];
    nodes[2 * i] = { id: 2 * i, depth: i, samples: 1, impurity: 0, value: [1, 0], prediction: 'a', split, missingGoesTo: last ? null : i % 2, children };
    if (!last) nodes[2 * i + 1] = { id: 2 * i + 1, depth: i + 1, samples: 1, impurity: 0, value: [0, 1], prediction: `leaf ${i}`, split: null, missingGoesTo: null, children: [] };
  }
  return oneFeatureModel(preorder(nodes));
}

/** Renumbers nodes (indexed by id) in preorder, children kept in order. */
function preorder(nodes: ModelNode[]): ModelNode[] {
  const out: ModelNode[] = [];
  const newId = new Map<number, number>();
  const stack = [0];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    newId.set(id, out.length);
    out.push({ ...nodes[id] });
    for (let c = nodes[id].children.length - 1; c >= 0; c--) stack.push(nodes[id].children[c]);
  }
  for (const n of out) {
    n.id = newId.get(n.id) as number;
    n.children = n.children.map((c) => newId.get(c) as number);
  }
  return out;
}

test('chains 3000 splits deep, nesting to the left or running on to the right: Python and JS run them, within Python indentation limits', () => {
  const depth = 3000;
  const x = [...Array.from({ length: depth + 1 }, (_, i) => i), null];
  const data = dataset(num('x', x));
  for (const left of [true, false]) {
    const model = chain(depth, left);
    const expected = predict(model, data);
    assert.ok(new Set(expected).size > depth / 2);
    const rows = x.map((v) => ({ x: v }));
    const python = exportCode(model, 'python');
    assert.deepEqual(runPython(python, rows), expected, `Python, left ${left}`);
    assert.deepEqual(runJavaScript(exportCode(model, 'js'), rows), expected, `JavaScript, left ${left}`);
    const indent = Math.max(...python.split('\n').map((l) => /^ */.exec(l)?.[0].length ?? 0));
    assert.ok(indent <= 4 * 42, `deepest indentation ${indent} spaces`);
  }
});

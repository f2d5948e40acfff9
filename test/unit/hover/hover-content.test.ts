// Hover content: the engine's numbers on the course samples, escaping of hostile file text, the
// target's class distribution, a data row's prediction and path, and the only commands linked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { recordStartLines } from '../../../src/engine/locate/record-lines';
import { trainTree } from '../../../src/engine/tree/train';
import { rowPath } from '../../../src/shared/row-path';
import { computingHover, headerHover, targetHover } from '../../../src/hover/column-hover';
import { buildHoverData } from '../../../src/worker/jobs/hover-data';
import type { SplitRequest } from '../../../src/shared/worker-messages';
import { TRUSTED_HOVER_COMMANDS } from '../../../src/hover/hover-commands';
import { commandUri, mdText, ordinal } from '../../../src/hover/markdown-text';
import { rowHover } from '../../../src/hover/row-hover';
import { scoreChartSvg } from '../../../src/hover/score-chart';
import { packModel } from '../../../src/shared/report-transfer';
import { splitText } from '../../../src/shared/render/split-text';
import { labelNumber, useLanguage } from '../../../src/host/l10n';

const URI = 'file:///data/sample.csv';

function dataOf(text: string, request: SplitRequest) {
  const dataset = parseCsv(text);
  return buildHoverData(dataset, recordStartLines(text, dataset.delimiter), request);
}
const sample = (name: string) => readFileSync(path.join(process.cwd(), 'media/samples', `${name}.csv`), 'utf8');
const indexOf = (data: ReturnType<typeof dataOf>, name: string) => data.profiles.findIndex((p) => p.name === name);

/** Every command link in the markdown, decoded: [command id, arguments]. */
function commandLinks(md: string): Array<[string, unknown[]]> {
  return [...md.matchAll(/\]\(command:([\w.]+)\?([^)\s]*)\)/g)].map((m) => [m[1], JSON.parse(decodeURIComponent(m[2]))]);
}

test('bike_or_car required_speed: threshold 20.995, information gain 0.3928, ranked first, with a chart', () => {
  const data = dataOf(sample('bike_or_car'), { target: 'go_by_car', criterion: 'entropy' });
  const md = headerHover(data, indexOf(data, 'required_speed'), URI);
  assert.match(md, /\*\*Best split\*\* for target \*go\\_by\\_car\* \(CART, information gain\): \*required\\_speed\* ≤ 20\.995/);
  assert.match(md, /Information gain \*\*0\.3928\*\* · gain ratio \*\*0\.4384\*\* · Gini decrease \*\*0\.1547\*\*/);
  assert.match(md, /Rank \*\*1st of 3\*\* by information gain — the tree's first question/);
  assert.match(md, /numeric · 16 values · 0 missing · 16 distinct/);
  const chart = /!\[information gain by threshold\]\(data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)\)/.exec(md);
  assert.ok(chart, 'no chart image');
  const svg = Buffer.from(chart[1], 'base64').toString('utf8');
  assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(svg, /best ≤ 20\.995/);
  // Legible: every label at 11 px or more.
  assert.deepEqual([...new Set([...svg.matchAll(/font-size="(\d+)"/g)].map((m) => Number(m[1])))], [11]);
  // The score's calculation at the root of a tree for the target; a tree for that target; then the hovered column as the target.
  assert.deepEqual(commandLinks(md), [
    ['decisionTree.showColumnCalculation', [URI, 'required_speed', 'go_by_car']],
    ['decisionTree.trainWithTargetColumn', [URI, 'go_by_car']],
    ['decisionTree.setTargetColumn', [URI, 'required_speed']],
  ]);
  assert.match(md, /\[Train a tree for go\\_by\\_car\]\(command:/);
  for (const [id] of commandLinks(md)) assert.ok(TRUSTED_HOVER_COMMANDS.includes(id));
});

test('bike_or_car dst_has_shower: its rank names the columns that score higher', () => {
  const data = dataOf(sample('bike_or_car'), { target: 'go_by_car', criterion: 'entropy' });
  const md = headerHover(data, indexOf(data, 'dst_has_shower'), URI);
  assert.match(md, /Rank \*\*3rd of 3\*\* by information gain — \*required\\_speed\* and \*im\\_well\\_rested\* score higher\./);
  // 8 rows of each value (pandas' value_counts): the most heterogeneous a binary column can be.
  assert.match(md, /Heterogeneity: Gini 0\.5000 \(normalised 1\.0000\) · entropy 1\.0000 bits \(normalised 1\.0000\)/);
});

test('play_tennis outlook with gain ratio (C4.5): gain 0.2467, gain ratio 0.1564, one branch per value', () => {
  const data = dataOf(sample('play_tennis'), { target: 'play', algorithm: 'c45' });
  const md = headerHover(data, indexOf(data, 'outlook'), URI);
  assert.match(md, /\(C4\.5, gain ratio\): \*outlook\* sunny \| overcast \| rain/);
  assert.match(md, /Information gain \*\*0\.2467\*\* · gain ratio \*\*0\.1564\*\* · Gini decrease \*\*0\.1163\*\*/);
  assert.doesNotMatch(md, /data:image/, 'a categorical column has no threshold chart');
});

test('C4.5: a column whose gain ratio ranks first but whose gain is below the average is told why the tree asks another', () => {
  const text = 'a,b,c,y\nq,v,k,no\np,u,m,yes\np,w,o,yes\np,u,k,no\nq,w,l,no\np,v,m,yes\np,w,m,yes\np,v,l,yes\np,v,n,no\nq,v,l,no\np,u,n,no\nq,u,l,no\n';
  const data = dataOf(text, { target: 'y', algorithm: 'c45' });
  assert.deepEqual(data.splits?.splits.map((s) => s.feature), ['a', 'c', 'b']);
  assert.equal(data.splits?.root?.feature, 'c');
  const md = headerHover(data, indexOf(data, 'a'), URI);
  assert.match(md, /Rank \*\*1st of 3\*\* by gain ratio\. Yet the tree asks \*c\* first: it has the largest gain ratio among the columns whose information gain is at least the average/);
  assert.equal(trainTree(parseCsv(text), { target: 'y', algorithm: 'c45' }).model.nodes[0].split?.feature, 'c');
  assert.match(headerHover(data, indexOf(data, 'c'), URI), /Rank \*\*2nd of 3\*\* by gain ratio — the tree's first question: /);
});

test('the target column shows its class distribution, entropy and Gini', () => {
  const data = dataOf(sample('play_tennis'), {});
  assert.equal(data.target, 'play', 'defaults to the last column');
  const md = targetHover(data, indexOf(data, 'play'), URI);
  assert.match(md, /\| P \| 9 \| 64\.3% \|/);
  assert.match(md, /\| N \| 5 \| 35\.7% \|/);
  assert.match(md, /Entropy \*\*0\.9403 bits\*\*/);
  assert.match(md, /Gini \*\*0\.4592\*\*/);
});

test('a numeric target: variance reduction and the spread of the target', () => {
  const data = dataOf(sample('diabetes'), { target: 'disease_progression' });
  const md = headerHover(data, indexOf(data, 's5'), URI);
  assert.match(md, /Variance reduction \*\*1728\.8084\*\*/);
  assert.match(targetHover(data, indexOf(data, 'disease_progression'), URI), /Numeric target: mean 152\.1/);
});

test('settings that do not fit the target fall back to the defaults, with a note', () => {
  const data = dataOf(sample('diabetes'), { target: 'disease_progression', criterion: 'gini' });
  assert.equal(data.splits?.criterion, 'squared_error');
  assert.match(data.note ?? '', /showing cart with squared_error instead/);
  const single = dataOf('a,b\n1,x\n2,x\n', { target: 'b' });
  assert.equal(single.splits, null);
  assert.match(headerHover(single, 0, URI), /No split scores against target \*b\*: target \\"b\\" has a single class/);
});

test('hostile column names and values stay text: no link, image, HTML or table break can form', () => {
  const evil = '"]-->x[<img src=x onerror=alert(1)>](command:evil)"';
  const text = `${evil},"**bold** | cell",label\n1,"[a](javascript:x)",yes\n2,"b\nc",no\n3,"[a](javascript:x)",yes\n`;
  const data = dataOf(text, { target: 'label' });
  for (const [i, md] of [headerHover(data, 0, URI), headerHover(data, 1, URI), targetHover(data, 2, URI)].entries()) {
    assert.doesNotMatch(md, /(?<!\\)</, `raw HTML in hover ${i}`);
    assert.doesNotMatch(md, /(?<!\\)\[(?!Train a tree for |Set |Highlight|Show the calculation at the root\]|information gain|Gini decrease)[^\]]*(?<!\\)\]\(/, `a link formed from file text in hover ${i}`);
    assert.doesNotMatch(md, /(?<!\\)\*\*bold/, `emphasis formed in hover ${i}`);
    for (const [id] of commandLinks(md)) assert.ok(TRUSTED_HOVER_COMMANDS.includes(id), id);
  }
  assert.equal(mdText('a|b'), 'a\\|b');
  assert.equal(mdText('x\ny'), 'x y');
  assert.doesNotMatch(commandUri('c', ['a)b(c']), /[()]/);
});

test('a data row: prediction, true value, short path and the highlight link', () => {
  const text = sample('iris');
  const dataset = parseCsv(text);
  const { model } = trainTree(dataset, { target: 'species' });
  // Row 3 of the file is the first setosa (pandas).
  const md = rowHover(model, rowPath(packModel(model), dataset, 2), 'petal_length_cm', URI);
  assert.match(md, /^\*\*Row 3\*\* · column \*petal\\_length\\_cm\*/);
  assert.match(md, /Prediction \*\*setosa\*\* · true species \*\*setosa\*\* ✓/);
  assert.match(md, /Path: petal\\_length\\_cm ≤ 2\\\.45 → \*\*setosa\*\*/);
  assert.deepEqual(commandLinks(md), [['decisionTree.highlightRowPath', [URI, 2]]]);
  const other = rowHover(model, rowPath(packModel(model), dataset, 0), 'species', URI);
  assert.match(other, /Path: petal\\_length\\_cm \\> 2\\\.45 → /);
});

test('small pieces: ordinals, the computing notice, a one-point chart', () => {
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th']);
  assert.match(computingHover('a*b'), /^\*\*a\\\*b\*\* — computing split scores…/);
  assert.match(scoreChartSvg([{ threshold: 0.5, score: 0.1 }], 0.5), /<circle /);
});

test('in Italian and Finnish the chart says "best ≤" in the language and its numbers, the row path and the split phrase take the decimal comma', () => {
  const bundle = (language: string) => JSON.parse(readFileSync(`l10n/bundle.l10n.${language}.json`, 'utf8')) as Record<string, string>;
  const curve = [
    { threshold: 1.5, score: 0.125 },
    { threshold: 2.45, score: 0.3333 },
    { threshold: 4.75, score: 0.25 },
  ];
  const text = sample('iris');
  const dataset = parseCsv(text);
  const { model } = trainTree(dataset, { target: 'species' });
  try {
    useLanguage('it', bundle('it'));
    const it = scoreChartSvg(curve, 2.45);
    assert.match(it, />migliore ≤ 2,45</);
    assert.match(it, />0,333</);
    assert.doesNotMatch(it, />[^<]*\d\.\d[^<]*</, 'a label with a decimal point');
    assert.match(rowHover(model, rowPath(packModel(model), dataset, 2), 'petal_length_cm', URI), /petal\\_length\\_cm ≤ 2\\,45 → /); // mdText escapes the comma: Markdown shows "2,45"
    assert.equal(splitText({ kind: 'numeric', threshold: 2.45, branches: undefined }, undefined, labelNumber()), '≤ 2,45');
    useLanguage('fi', bundle('fi'));
    assert.match(scoreChartSvg(curve, 2.45), />paras ≤ 2,45</);
  } finally {
    useLanguage('en', {});
  }
  // English, and the CLI's default: the point.
  assert.match(scoreChartSvg(curve, 2.45), />best ≤ 2\.45</);
  assert.equal(splitText({ kind: 'numeric', threshold: 2.45, branches: undefined }), '≤ 2.45');
});

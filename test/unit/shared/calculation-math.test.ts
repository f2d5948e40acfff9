// Names from the CSV inside the drawer's formulas: the engine's `tex` escapes LaTeX's special
// characters (and text mode's ligatures: ` ' " < > --) for \text{}, so KaTeX (the drawer's typesetter) shows a column called `\`, `{`, `$`
// or `<script>` as those characters — never as LaTeX, and never as HTML.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from 'katex';
import { KATEX_MACROS, tex } from '../../../src/engine/explain/latex';

const HOSTILE = ['\\', '{', '}', '$', '<script>alert(1)</script>', "`tick` it's \"q\" a--b---c ''x''", 'a_b^c~d%e&f#g', '\\text{x}$$\\href{javascript:alert(1)}{y}', '}\\end{document}', 'שלום 🌳', '"quoted" & <b>bold</b>'];

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]);

for (const name of HOSTILE) {
  test(`the column name ${JSON.stringify(name)} typesets as its own characters`, () => {
    // As the drawer calls KaTeX: errors thrown (a name that broke out of \text{} would fail to parse or change the math).
    const mathml = renderToString(`gain(${tex(name)}) = 0.5`, { throwOnError: true, strict: 'ignore', trust: false, output: 'mathml', macros: { ...KATEX_MACROS } });
    const texts = [...mathml.matchAll(/<mtext[^>]*>([^<]*)<\/mtext>/g)].map((m) => decode(m[1]).replace(/\u00a0/g, ' '));
    // KaTeX may cut one \text{} into several <mtext> at an escape command; together they are the name.
    assert.equal(texts.join(''), name);
    const html = renderToString(`gain(${tex(name)}) = 0.5`, { throwOnError: true, strict: 'ignore', trust: false, output: 'html', macros: { ...KATEX_MACROS } });
    assert.ok(!/<(script|b|a)[\s>]/i.test(html), html);
  });
}

test('tex escapes each special character once and leaves the others', () => {
  assert.equal(tex('a_b'), '\\text{a\\_b}');
  assert.equal(tex('\\{}$&#^_%~'), '\\text{\\textbackslash{}\\{\\}\\$\\&\\#\\textasciicircum{}\\_\\%\\textasciitilde{}}');
  assert.equal(tex('plain name 1.5'), '\\text{plain name 1.5}');
  assert.equal(tex('a--b'), '\\text{a-{}-b}');
  assert.equal(tex('sepal-length'), '\\text{sepal-length}');
});

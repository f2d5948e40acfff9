// The calculation drawer's links into docs/formulas.md (src/engine/explain/formula-sections.ts)
// resolve: each section it links to is a heading of the file, its anchor that heading's slug as
// the Markdown preview and GitHub make it; the file ships with the extension (.vscodeignore).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FORMULA_SECTIONS, FORMULAS_FILE, nodeSections, PRUNING_SECTIONS, RULE_SECTIONS, sectionAnchor } from '../../../src/engine/explain/formula-sections';

const headings = readFileSync(FORMULAS_FILE, 'utf8').split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => l.replace(/^#+ /, '').trim());

test('every section the drawer links to is a heading of docs/formulas.md, and every anchor is one heading’s', () => {
  const anchors = headings.map(sectionAnchor);
  for (const s of FORMULA_SECTIONS) {
    assert.ok(headings.includes(s), `${FORMULAS_FILE} has no heading "${s}"`);
    assert.equal(anchors.filter((a) => a === sectionAnchor(s)).length, 1, `anchor of "${s}"`);
  }
  assert.equal(sectionAnchor('ID3 and C4.5'), 'id3-and-c45');
  assert.equal(sectionAnchor('Split criteria (CART)'), 'split-criteria-cart');
  for (const c of ['gini', 'entropy', 'gain_ratio', 'squared_error'] as const) assert.ok(nodeSections(c).every((s) => FORMULA_SECTIONS.includes(s)));
  assert.deepEqual(nodeSections('gain_ratio'), ['Worked calculations', 'Heterogeneity indices', 'ID3 and C4.5']);
  assert.deepEqual(nodeSections('gini'), ['Worked calculations', 'Heterogeneity indices', 'Split criteria (CART)']);
  assert.deepEqual([...PRUNING_SECTIONS, ...RULE_SECTIONS], ['Cost-complexity pruning', 'Pessimistic pruning', 'Rules and FOIL gain']);
});

test('docs/formulas.md ships with the extension, so the links open it', () => {
  assert.ok(readFileSync('.vscodeignore', 'utf8').split('\n').includes(`!${FORMULAS_FILE}`));
});

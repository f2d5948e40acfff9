// The sections of docs/formulas.md the worked calculations follow: the panel's calculation drawer
// links to them. Each title is a heading of that file
// (test/unit/engine/formula-sections.test.ts), and its anchor is the heading's slug as GitHub and
// VS Code's Markdown preview make it.
import type { Criterion } from '../model';

export const FORMULA_SECTIONS = ['Worked calculations', 'Heterogeneity indices', 'Split criteria (CART)', 'ID3 and C4.5', 'Cost-complexity pruning', 'Pessimistic pruning', 'Rules and FOIL gain'] as const;
export type FormulaSection = (typeof FORMULA_SECTIONS)[number];

/** The file, as the repository and the extension's package hold it. */
export const FORMULAS_FILE = 'docs/formulas.md';

/** A heading's anchor: lower case, punctuation dropped, spaces as hyphens (`ID3 and C4.5` → `id3-and-c45`). */
export function sectionAnchor(title: string): string {
  return title.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}

/** The sections of a node's calculation: the worked steps, the impurity, and the criterion's score. */
export function nodeSections(criterion: Criterion): FormulaSection[] {
  const score: FormulaSection = criterion === 'gain_ratio' || criterion === 'entropy' ? 'ID3 and C4.5' : 'Split criteria (CART)';
  return ['Worked calculations', 'Heterogeneity indices', score];
}

export const PRUNING_SECTIONS: readonly FormulaSection[] = ['Cost-complexity pruning', 'Pessimistic pruning'];
export const RULE_SECTIONS: readonly FormulaSection[] = ['Rules and FOIL gain'];

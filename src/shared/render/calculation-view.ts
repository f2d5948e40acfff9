// What the panel's calculation drawer shows of a node's worked arithmetic (webview/calculation-drawer.ts),
// as plain text and LaTeX: pure, so the displayed figures are unit-tested. The numbers are the
// engine's calculation (src/engine/explain/), written by the same `shownText`/`shown` as the
// CLI's `explain` Markdown; names from the data stay plain text here (the drawer sets them as
// text, and the LaTeX escaped them with `tex`).
import { shownText } from '../../engine/explain/latex';
import type { CandidateCalculation, NodeCalculation, Step } from '../../engine/explain/types';
import { formatNumber } from '../../engine/number-text';

export interface CalcTable {
  header: string[];
  rows: { cells: string[]; chosen: boolean }[];
}

export interface CandidateView {
  /** "The split chosen: outlook (3 branches)", "Candidate 2: humidity (2 branches)". */
  title: string;
  /** The candidate's column. */
  feature: string;
  chosen: boolean;
  rank: number;
  /** The score as shown, e.g. "0.2467", and as computed (practice mode checks an answer against it). */
  score: string;
  scoreValue: number;
  /** What the score is called, e.g. "information gain". */
  scoreName: string;
  scoreLine: string;
  partition: CalcTable;
  missingNote: string | null;
  steps: Step[];
  /** A numeric column's candidate midpoints, the chosen (or best) one marked. */
  thresholds: { intro: string; table: CalcTable } | null;
}

export interface CalculationView {
  heading: string;
  /** The conditions from the root, or "the root". */
  where: string;
  intro: string;
  /** Classification: the node's class counts; regression: null (see `summary`). */
  counts: CalcTable | null;
  summary: string | null;
  impurity: Step[];
  /** The node's impurity by name, e.g. "H(S)", and its value (practice mode's question). */
  impurityName: string;
  impurityValue: number;
  candidates: CandidateView[];
  /** Said when no column splits the node. */
  empty: string | null;
}

const IMPURITY_NAME = { entropy: 'H', gini: 'Gini', variance: 'Var' } as const;

function candidateView(calc: NodeCalculation, c: CandidateCalculation): CandidateView {
  const imp = `${IMPURITY_NAME[calc.measure]}(S_v)`;
  const partition: CalcTable = {
    header: ['branch', ...(calc.task === 'classification' ? calc.classes : []), '|S_v|', ...(calc.task === 'regression' ? ['mean'] : []), imp],
    rows: c.branches.map((b) => ({ cells: [b.label, ...(b.counts ?? []).map(shownText), shownText(b.weight), ...(b.mean === null ? [] : [shownText(b.mean)]), shownText(b.impurity)], chosen: false })),
  };
  const missingNote =
    c.missingWeight <= 0
      ? null
      : c.missingBranch === null
        ? `${shownText(c.missingWeight)} cases with an unknown value go down every branch with its share of the known weight (C4.5).`
        : `${shownText(c.missingWeight)} rows with a missing value go to branch "${c.branches[c.missingBranch].label}".`;
  let thresholds: CandidateView['thresholds'] = null;
  if (c.thresholds !== null && c.thresholds.length > 1) {
    const thinned = c.thresholdCount > c.thresholds.length ? ` (${c.thresholds.length} of ${c.thresholdCount}, evenly spaced)` : '';
    const mark = c.chosen ? 'chosen' : 'best';
    thresholds = {
      intro: `Candidate thresholds of ${c.feature} (midpoints between consecutive values)${thinned}:`,
      table: { header: ['threshold', calc.scoreName], rows: c.thresholds.map((t) => ({ cells: [t.chosen ? `${formatNumber(t.threshold)} (${mark})` : formatNumber(t.threshold), shownText(t.score)], chosen: t.chosen })) },
    };
  }
  const score = shownText(c.score);
  return {
    title: `${c.chosen ? 'The split chosen' : `Candidate ${c.rank}`}: ${c.condition}`,
    feature: c.feature,
    scoreValue: c.score,
    scoreName: calc.scoreName,
    chosen: c.chosen,
    rank: c.rank,
    score,
    scoreLine: `${calc.scoreName}: ${score} (rank ${c.rank} of ${calc.candidates.length})`,
    partition,
    missingNote,
    steps: c.steps,
    thresholds,
  };
}

/** The drawer's content for one node's calculation: the node first, then its split and the ranked alternatives. */
export function calculationView(calc: NodeCalculation): CalculationView {
  const unit = calc.measure === 'entropy' ? ` Entropy in ${calc.unit}.` : '';
  return {
    heading: `Node ${calc.nodeId} (depth ${calc.depth})`,
    where: calc.path.length === 0 ? 'the root: every training row' : calc.path.join(' › '),
    intro: `Criterion: ${calc.scoreName}.${unit} Numbers to 4 significant digits; computed exactly as the tree was grown.`,
    counts: calc.task === 'classification' ? { header: ['', ...calc.classes, 'total'], rows: [{ cells: ['rows', ...(calc.counts ?? []).map(shownText), shownText(calc.weight)], chosen: false }] } : null,
    summary: calc.task === 'regression' ? `${shownText(calc.weight)} rows, mean ${shownText(calc.mean ?? NaN)}.` : null,
    impurity: calc.impuritySteps,
    impurityName: `${IMPURITY_NAME[calc.measure]}(S)`,
    impurityValue: calc.impurity,
    candidates: [...calc.candidates].sort((a, b) => Number(b.chosen) - Number(a.chosen) || a.rank - b.rank).map((c) => candidateView(calc, c)),
    empty: calc.candidates.length === 0 ? 'No column splits this node.' : null,
  };
}

/**
 * A formula cut before each top-level ` = `, ` + ` and ` - ` (outside braces and \left…\right), so
 * the drawer can set each piece on its own and a long sum wraps between its terms on a narrow
 * panel. KaTeX breaks inline math only there, and not at all in display style, which the notes'
 * fractions need. The pieces joined with spaces are the formula.
 */
export function formulaPieces(latex: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < latex.length; i++) {
    const ch = latex[i];
    if (ch === '\\') {
      if (latex.startsWith('\\left', i)) depth++;
      else if (latex.startsWith('\\right', i)) depth--;
      i++; // an escaped character (\{, \}) is no brace
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (depth === 0 && i > start && latex[i - 1] === ' ' && (ch === '=' || ch === '+' || ch === '-') && latex[i + 1] === ' ') {
      pieces.push(latex.slice(start, i - 1));
      start = i;
    }
  }
  pieces.push(latex.slice(start));
  return pieces;
}

// The worked calculation as Markdown (the `explain` command, "Export Calculation as Markdown"):
// a heading per node, its counts, the partition tables and the formulas in `$$…$$` LaTeX as the
// course notes write them, ready to paste into a report. Names from the data are escaped.
import { unitsPerBit } from '../impurity';
import { formatNumber } from '../number-text';
import { shownText } from './latex';
import type { CostComplexityStep, PessimisticStep } from './pruning-calculation';
import type { RuleCalculation } from './rule-calculation';
import type { CandidateCalculation, NodeCalculation, Step } from './types';

/** Markdown's special characters in a name from the data, backslash-escaped (a `|` would cut a table). */
export function md(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+!|<>~$&-]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');
}

const num = shownText;

function steps(list: readonly Step[]): string[] {
  return list.flatMap((s) => [`${s.label}:`, '', '$$', s.latex, '$$', '']);
}

function table(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)];
}

const IMPURITY_NAME = { entropy: 'H', gini: 'Gini', variance: 'Var' } as const;

function candidateSection(calc: NodeCalculation, c: CandidateCalculation): string[] {
  const title = `${c.chosen ? 'The split chosen' : `Candidate ${c.rank}`}: ${md(c.condition)}`;
  const out = [`### ${title}`, '', `${calc.scoreName}: **${num(c.score)}** (rank ${c.rank} of ${calc.candidates.length})`, ''];
  const imp = `${IMPURITY_NAME[calc.measure]}(S_v)`;
  const rows = c.branches.map((b) => [md(b.label), ...(b.counts ?? []).map(num), num(b.weight), ...(b.mean === null ? [] : [num(b.mean)]), num(b.impurity)]);
  const header = ['branch', ...(calc.task === 'classification' ? calc.classes.map(md) : []), '\\|S_v\\|', ...(calc.task === 'regression' ? ['mean'] : []), imp];
  out.push(...table(header, rows), '');
  if (c.missingWeight > 0) {
    out.push(c.missingBranch === null ? `${num(c.missingWeight)} cases with an unknown value go down every branch with its share of the known weight (C4.5).` : `${num(c.missingWeight)} rows with a missing value go to branch "${md(c.branches[c.missingBranch].label)}".`, '');
  }
  out.push(...steps(c.steps));
  if (c.thresholds !== null && c.thresholds.length > 1) {
    const mark = c.chosen ? 'chosen' : 'best';
    const thinned = c.thresholdCount > c.thresholds.length ? ` (${c.thresholds.length} of ${c.thresholdCount}, evenly spaced)` : '';
    out.push(`Candidate thresholds of ${md(c.feature)} (midpoints between consecutive values)${thinned}:`, '');
    out.push(...table(['threshold', calc.scoreName], c.thresholds.map((t) => (t.chosen ? [`**${formatNumber(t.threshold)}** (${mark})`, `**${num(t.score)}**`] : [formatNumber(t.threshold), num(t.score)]))), '');
  }
  return out;
}

/** One node's calculation as Markdown, its heading at level 2. */
export function nodeMarkdown(calc: NodeCalculation): string {
  const where = calc.path.length === 0 ? 'the root' : calc.path.map(md).join(' › ');
  const out = [`## Node ${calc.nodeId} (depth ${calc.depth}): ${where}`, ''];
  if (calc.task === 'classification') {
    out.push(...table(['', ...calc.classes.map(md), 'total'], [['rows', ...(calc.counts ?? []).map(num), num(calc.weight)]]), '');
  } else {
    out.push(`${num(calc.weight)} rows, mean ${num(calc.mean ?? NaN)}.`, '');
  }
  out.push(...steps(calc.impuritySteps));
  if (calc.candidates.length === 0) out.push('No column splits this node.', '');
  for (const c of calc.candidates) out.push(...candidateSection(calc, c));
  return out.join('\n');
}

/** At most this many pruning steps or rules are written out as formulas (all are in the tables). */
const MAX_WORKED = 12;

/** The cost-complexity sequence: a table of every weakest link, the first steps worked out. */
export function costComplexityMarkdown(list: readonly CostComplexityStep[]): string {
  const out = ['## Cost-complexity pruning', '', 'Each step cuts the weakest link: the decision node with the smallest α = (R(t) − R(T_t)) / (|leaves(T_t)| − 1).', ''];
  if (list.length === 0) return [...out, 'The tree has no decision node to prune.', ''].join('\n');
  out.push(...table(['step', 'node', 'R(t)', 'R(T_t)', 'leaves', 'α', 'nodes after'], list.map((s) => [String(s.step), String(s.nodeId), num(s.rNode), num(s.rSubtree), String(s.leaves), num(s.alpha), String(s.nodesAfter)])), '');
  for (const s of list.slice(0, MAX_WORKED)) out.push(`### Step ${s.step}: node ${s.nodeId}`, '', ...steps(s.steps));
  return out.join('\n');
}

/** The pessimistic decisions, bottom-up: a table, then each worked out. */
export function pessimisticMarkdown(list: readonly PessimisticStep[]): string {
  const eps = list[0]?.epsilon;
  const out = [`## Pessimistic pruning${eps === undefined ? '' : ` (ε = ${num(eps)})`}`, '', 'Bottom-up, a decision node becomes a leaf when its subtree\'s corrected error is no better than its own as a leaf.', ''];
  if (list.length === 0) return [...out, 'The tree has no decision node to prune.', ''].join('\n');
  out.push(...table(['node', 'N', 'errors as a leaf', 'subtree leaves', 'subtree errors', "E'(subtree)", 'E(leaf)', 'decision'], list.map((s) => [String(s.nodeId), num(s.n), num(s.errorsAsLeaf), String(s.subtreeLeaves), num(s.subtreeErrors), num(s.subtreeRate), num(s.leafRate), s.pruned ? 'prune' : 'keep'])), '');
  for (const s of list.slice(0, MAX_WORKED)) out.push(`### Node ${s.nodeId}`, '', ...steps(s.steps));
  return out.join('\n');
}

/** Each rule's coverage, accuracy and the FOIL gains of its path. */
export function rulesMarkdown(list: readonly RuleCalculation[]): string {
  const out = ['## Rules', ''];
  list.forEach((r, i) => out.push(`### Rule ${i + 1} (leaf ${r.leaf})`, '', md(r.text), '', ...steps(r.steps)));
  return out.join('\n');
}

/** The document's title, as `explain` and the panel's export write it. */
export function calculationTitle(fileName: string, target: string): string {
  return `${fileName}: how the tree for ${target} was grown`;
}

/** A document of several nodes: a title, the units, then each node. */
export function calculationMarkdown(title: string, calcs: readonly NodeCalculation[], more: readonly string[] = []): string {
  const first = calcs[0];
  const unit = first === undefined || first.measure !== 'entropy' || first.unit === 'bits' ? '' : ` Entropy in ${first.unit} (1 bit = ${num(unitsPerBit(first.unit))} ${first.unit}).`;
  const intro = first === undefined ? '' : `Criterion: ${first.scoreName}.${unit} Numbers to 4 significant digits; computed exactly as the tree was grown.`;
  return [`# ${md(title)}`, '', intro, '', ...calcs.map(nodeMarkdown), ...more].join('\n').replace(/\n{3,}/g, '\n\n') + '\n';
}

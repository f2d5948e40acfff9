// What the calculation drawer shows of pruning and of a rule (webview/calculation-drawer.ts): the
// cost-complexity sequence (R(t), R(T_t), leaves, α of each weakest link), the pessimistic
// decisions (the subtree's and the leaf's corrected errors) and a rule's coverage, accuracy and
// FOIL gains, as tables and worked steps. Pure, so the shown figures are unit-tested; the numbers
// are the engine's (src/engine/explain/), written by the same `shownText` as the Markdown.
import { shownText } from '../../engine/explain/latex';
import type { PruningCalculation } from '../../engine/explain/pruning-calculation';
import type { RuleCalculation } from '../../engine/explain/rule-calculation';
import type { Step } from '../../engine/explain/types';
import type { CalcTable } from './calculation-view';

/** A disclosure of worked steps: its title, a line under it, open or not. */
export interface StepGroup {
  title: string;
  summary: string;
  open: boolean;
  steps: Step[];
}

/** One section of the drawer: a heading, what it is, a table, the worked steps. */
export interface SectionView {
  heading: string;
  intro: string;
  table: CalcTable | null;
  caption: string;
  groups: StepGroup[];
  /** Said under the table, e.g. how many steps were left out. */
  note: string | null;
}

/** At most this many steps of each pruning are worked out as formulas in the drawer (all are in the table). */
export const MAX_WORKED_GROUPS = 12;

function more(shown: number, total: number, what: string): string | null {
  return total > shown ? `The first ${shown} of ${total} ${what} are listed; Export Calculation as Markdown (or explain --pruning) writes them all.` : null;
}

/** Which tree the steps are of: the edited tree shown has its own weakest links. */
function treeWorkedOn(p: PruningCalculation): string {
  return p.edited ? `On the edited tree as shown (${p.treeNodes} nodes): its own weakest links, not those of the tree its settings grow.` : `On the tree as grown (${p.treeNodes} nodes).`;
}

function costComplexitySection(p: PruningCalculation): SectionView {
  const list = p.costComplexity;
  const cut = (alpha: number) => p.shownAlpha !== null && alpha <= p.shownAlpha * (1 + 1e-9);
  const shown = p.edited ? '' : p.shownAlpha === null ? ' The tree shown is not cost-complexity pruned.' : ` Rows in bold are cut in the tree shown (α = ${shownText(p.shownAlpha)}).`;
  return {
    heading: 'Cost-complexity pruning',
    intro:
      `Each step cuts the weakest link: the decision node t with the smallest α = (R(t) − R(T_t)) / (|leaves(T_t)| − 1), where R(t) = N_t/N · i(t) is its cost as a leaf and R(T_t) its subtree's. ` +
      `${treeWorkedOn(p)}${shown}`,
    table:
      list.length === 0
        ? null
        : {
            header: ['step', 'node', 'R(t)', 'R(T_t)', 'leaves', 'α', 'nodes after'],
            rows: list.map((s) => ({ cells: [String(s.step), String(s.nodeId), shownText(s.rNode), shownText(s.rSubtree), String(s.leaves), shownText(s.alpha), String(s.nodesAfter)], chosen: cut(s.alpha) })),
          },
    caption: 'Weakest links in the order they are cut',
    groups: list.slice(0, MAX_WORKED_GROUPS).map((s, i) => ({
      title: `Step ${s.step}: the weakest link is node ${s.nodeId}`,
      summary: `α = ${shownText(s.alpha)} · ${s.leaves} leaves · ${s.nodesAfter} nodes after the cut`,
      open: i === 0,
      steps: s.steps,
    })),
    note: list.length === 0 ? 'The tree has no decision node to prune.' : more(list.length, p.costComplexityTotal, 'weakest links'),
  };
}

function pessimisticSection(p: PruningCalculation): SectionView {
  const list = p.pessimistic;
  return {
    heading: `Pessimistic pruning (ε = ${shownText(p.epsilon)})`,
    intro: "Bottom-up, a decision node becomes a leaf when its subtree's corrected error E'(T_t) = (Σ e + k·ε)/N is no better than its own as a leaf, E(t) = (e + ε)/N.",
    table:
      list.length === 0
        ? null
        : {
            header: ['node', 'N', 'errors as a leaf', 'subtree leaves', 'subtree errors', "E'(subtree)", 'E(leaf)', 'decision'],
            rows: list.map((s) => ({ cells: [String(s.nodeId), shownText(s.n), shownText(s.errorsAsLeaf), String(s.subtreeLeaves), shownText(s.subtreeErrors), shownText(s.subtreeRate), shownText(s.leafRate), s.pruned ? 'prune' : 'keep'], chosen: s.pruned })),
          },
    caption: 'Pessimistic decisions, bottom-up; pruned nodes in bold',
    groups: list.slice(0, MAX_WORKED_GROUPS).map((s, i) => ({
      title: `Node ${s.nodeId}: ${s.pruned ? 'prune' : 'keep'}`,
      summary: `E'(subtree) = ${shownText(s.subtreeRate)} ${s.pruned ? '≥' : '<'} E(leaf) = ${shownText(s.leafRate)}`,
      open: i === 0,
      steps: s.steps,
    })),
    note: list.length === 0 ? 'The tree has no decision node to prune.' : more(list.length, p.pessimisticTotal, 'decisions'),
  };
}

/** The drawer's content for the pruning of the tree's settings: cost-complexity, then pessimistic. */
export function pruningView(p: PruningCalculation): SectionView[] {
  return [costComplexitySection(p), pessimisticSection(p)];
}

/** The drawer's content for one rule: its coverage and accuracy, then each condition's FOIL gain. */
export function ruleView(r: RuleCalculation): SectionView[] {
  const basics = r.steps.filter((s) => s.label === 'coverage' || s.label === 'accuracy');
  const foil = r.steps.filter((s) => !basics.includes(s));
  const sections: SectionView[] = [
    {
      heading: `The rule of leaf ${r.leaf}`,
      intro: r.text,
      table: null,
      caption: '',
      groups: [{ title: 'Coverage and accuracy', summary: `coverage ${shownText(r.coverage)}${r.accuracy === null ? '' : ` · accuracy ${shownText(r.accuracy)}`}`, open: true, steps: basics }],
      note: null,
    },
  ];
  if (r.foil.length > 0) {
    sections.push({
      heading: 'FOIL gain of each condition',
      intro: "For the rule's class: p, n the rows of the class and of the others covered before the condition, p′, n′ after it (docs/formulas.md \"Rules and FOIL gain\").",
      table: { header: ['condition', 'p', 'n', "p′", "n′", 'FOIL gain'], rows: r.foil.map((f) => ({ cells: [f.condition, shownText(f.pos), shownText(f.neg), shownText(f.posAfter), shownText(f.negAfter), shownText(f.gain)], chosen: false })) },
      caption: 'The FOIL gain of each step of the path',
      groups: foil.map((s, i) => ({ title: r.foil[i].condition, summary: `FOIL gain ${shownText(s.value)}`, open: i === 0, steps: [s] })),
      note: null,
    });
  }
  return sections;
}

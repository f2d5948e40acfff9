// Growing a tree by hand in the panel (README "Learn mode", the course notes' exercise): above the
// tree, the open leaf being decided with every column's best split at it, scored by the tree's
// criterion and the algorithm's choice marked; the student splits it by one of them or makes it a
// leaf, or takes the algorithm's choice (Next), lets the algorithm grow the rest (Finish), or takes
// back the last step (Undo). Their tree's size and scores stand beside the algorithm's. The steps
// and the engine work are the host's and the worker's (src/panel/by-hand.ts); this draws and asks.
import type { TreeModel } from '../src/engine/model';
import type { HandCandidates } from '../src/engine/explain/hand-candidates';
import type { HandStepMessage, HandView, ReportSummary } from '../src/shared/protocol';
import { formatNumber, nodeLines, ruleTo } from '../src/shared/render/tree-labels';
import { handScoresTable } from './compare-metrics';
import { el, replaceChildren } from './dom';
import { button, dropdown } from './toolkit';

type CandidatesState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; candidates: HandCandidates };

export interface HandEvents {
  candidates(nodeId: number): Promise<HandCandidates>;
  step(action: HandStepMessage['action'], busy: string): void;
  /** Opens the calculation drawer on the node; `opener` gets the focus back. */
  showCalculation(nodeId: number, opener: HTMLElement): void;
  /** The open leaf being decided changed: the tree selects it. */
  current(nodeId: number): void;
}

const ALGORITHM_MARK = "★ algorithm's choice";

export class HandGrower {
  readonly element = el('section', { class: 'by-hand', 'aria-label': 'Grow the tree by hand', hidden: true });
  private view: HandView | null = null;
  private model: TreeModel | null = null;
  private summary: ReportSummary | null = null;
  private node: number | null = null;
  private readonly candidates = new Map<number, CandidatesState>();

  constructor(private readonly events: HandEvents) {}

  /** The tree shown and its by-hand view (null: the tree is not grown by hand, the section hides). */
  show(view: HandView | null, model: TreeModel, summary: ReportSummary): void {
    this.view = view;
    this.model = model;
    this.summary = summary;
    this.candidates.clear();
    this.element.hidden = view === null;
    if (view === null) return replaceChildren(this.element);
    this.node = this.node !== null && view.open.includes(this.node) ? this.node : (view.open[0] ?? null);
    this.render();
  }

  /** The open leaf being decided; null when the tree is not grown by hand or none is open. */
  get deciding(): number | null {
    return this.view === null ? null : this.node;
  }

  /** A node clicked in the tree: decided next when it is an open leaf. */
  select(nodeId: number): void {
    if (!this.view?.open.includes(nodeId) || this.node === nodeId) return;
    this.node = nodeId;
    this.render();
  }

  private load(nodeId: number): CandidatesState {
    const known = this.candidates.get(nodeId);
    if (known && known.kind !== 'failed') return known;
    const loading: CandidatesState = { kind: 'loading' };
    this.candidates.set(nodeId, loading);
    const settle = (state: CandidatesState) => {
      if (this.candidates.get(nodeId) !== loading) return; // the tree changed since
      this.candidates.set(nodeId, state);
      if (this.node === nodeId) this.render();
    };
    this.events.candidates(nodeId).then(
      (candidates) => settle({ kind: 'ready', candidates }),
      (err: Error) => settle({ kind: 'failed', message: err.message }),
    );
    return loading;
  }

  private render(): void {
    const { view, model, summary } = this;
    if (!view || !model || !summary) return;
    const node = this.node;
    const undo = button('Undo', () => this.events.step({ kind: 'undo' }, 'Taking back the last step…'), { title: 'Take back the last step' });
    const steps = view.steps.length;
    undo.toggleAttribute('disabled', steps === 0);
    const next = node !== null && button('Next', () => this.events.step({ kind: 'algorithm', node }, "Taking the algorithm's choice…"), { title: `Take the algorithm's choice at node ${node}` });
    const finish = view.open.length > 0 && button('Finish', () => this.events.step({ kind: 'finish' }, 'Growing the rest…'), { title: 'Let the algorithm grow every open leaf with the tree’s settings' });
    const open = view.open.length;
    replaceChildren(
      this.element,
      el(
        'div',
        { class: 'hand-head' },
        el('h3', {}, 'Growing by hand'),
        el('span', { class: 'muted' }, `${steps} ${steps === 1 ? 'step' : 'steps'} · ${open === 0 ? 'no open leaf' : `${open} open ${open === 1 ? 'leaf' : 'leaves'}`}`),
        el('div', { class: 'actions', role: 'toolbar', 'aria-label': 'Steps' }, next, finish, undo),
      ),
      node === null ? el('p', { class: 'muted' }, 'Every leaf is decided. Undo to change a step; the Metrics, Rules and exports are of this tree.') : this.nodeSection(model, node, view.open),
      el('details', { class: 'hand-scores', open: true }, el('summary', {}, "Your tree beside the algorithm's"), handScoresTable(summary, view.algorithm)),
    );
  }

  private nodeSection(model: TreeModel, nodeId: number, open: readonly number[]): HTMLElement {
    const n = model.nodes[nodeId];
    const label = (id: number) => {
      const rule = ruleTo(model, id);
      return `node ${id}${rule.length > 0 ? `: ${rule[rule.length - 1]}` : ' (root)'}`;
    };
    const pick = dropdown('Open leaf', open.map((id) => ({ value: String(id), label: label(id) })), String(nodeId), (v) => {
      this.node = Number(v);
      this.render();
      this.events.current(this.node);
    });
    const calculation: HTMLElement = button('Show the calculation', () => this.events.showCalculation(nodeId, calculation), { title: "The worked arithmetic of this leaf's impurity and of each candidate's score" });
    return el(
      'div',
      { class: 'hand-node' },
      pick.element,
      el('p', { class: 'muted hand-node-lines' }, n ? nodeLines(model, n).join(' · ') : ''),
      this.table(nodeId, this.load(nodeId)),
      calculation,
    );
  }

  private table(nodeId: number, state: CandidatesState): HTMLElement {
    if (state.kind === 'loading') return el('p', { class: 'muted' }, 'Scoring the candidates in the worker…');
    if (state.kind === 'failed') return el('p', { class: 'error' }, state.message);
    const { splits, algorithm } = state.candidates;
    const mark = (on: boolean) => on && el('span', { class: 'hand-mark' }, ALGORITHM_MARK);
    const rows = splits.map((s, i) =>
      el(
        'tr',
        { class: i === algorithm ? 'algorithm' : undefined, 'data-feature': s.feature },
        el('td', { title: s.feature }, s.condition, ' ', mark(i === algorithm)),
        el('td', { class: 'num' }, formatNumber(s.score, 4), el('br'), el('span', { class: 'muted' }, s.childSamples.map((x) => formatNumber(x)).join(' / '))),
        el('td', {}, button('Split', () => this.events.step({ kind: 'split', node: nodeId, split: s.split }, `Splitting node ${nodeId} by ${s.condition}…`), { title: `Split node ${nodeId} by ${s.condition}; its children stay open` })),
      ),
    );
    const leaf = el(
      'tr',
      { class: algorithm === null ? 'algorithm hand-leaf' : 'hand-leaf' },
      el('td', {}, 'Make it a leaf', ' ', mark(algorithm === null)),
      el('td', { class: 'num' }, '—'),
      el('td', {}, button('Leaf', () => this.events.step({ kind: 'leaf', node: nodeId }, `Making node ${nodeId} a leaf…`), { title: `Node ${nodeId} stays a leaf, predicting its majority (or mean)` })),
    );
    const head = el('tr', {}, el('th', {}, 'Candidate split'), el('th', {}, splits[0]?.scoreName ?? 'score', el('br'), el('span', { class: 'muted' }, 'rows per branch')), el('th', {}, ''));
    return el('table', { class: 'alternatives hand-candidates', 'aria-label': `Candidate splits at node ${nodeId}` }, el('thead', {}, head), el('tbody', {}, ...rows, leaf));
  }
}

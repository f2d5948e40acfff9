// Growing a tree by hand (README "Learn mode", the course notes' exercise): the tree starts as its
// root and the student decides each open leaf — the algorithm's split one level deep, a split of
// their choice whose children stay open, or a leaf — until none is open; "finish" lets the
// algorithm grow the rest. Every step is a list of the steering engine's edits (apply.ts: snip,
// grow, split), so a session is a replayable edit list like any edited tree (undo: drop the last
// step's edits) and nothing here grows a tree itself. The algorithm's choice at a leaf is what the
// tree's settings grow there, pruning included (prune-regrown.ts): where its pruning would cut the
// grown subtree back to the leaf, the algorithm makes a leaf, so "Next" everywhere and "Finish" give
// train's tree.
import type { Dataset } from '../dataset';
import { InputError } from '../errors';
import { nodeWeight, type ModelSplit, type TreeEdit, type TreeModel } from '../model';
import { resolveParams } from '../tree/params';
import { EPSILON, mightSplit } from '../tree/stopping';
import { applyEdit } from './apply';
import { modelPrunes, prunedToLeaf } from './prune-regrown';

/** A node's place, as the child indices from the root: stable while other branches grow (ids are preorder, they are not). */
export type NodePlace = readonly number[];

export interface HandState {
  model: TreeModel;
  /** Leaves the student made leaves (or that no split can divide): closed, by place. */
  closed: NodePlace[];
}

/** Each step the student takes, and the edits it made (replayed in order from the trained tree). */
export interface HandStep {
  kind: 'algorithm' | 'split' | 'leaf' | 'finish';
  edits: TreeEdit[];
  /** The leaves the step closes (after its edits): a 'leaf' step's, or those the algorithm leaves leaves. */
  closes?: NodePlace[];
}

function placeOf(model: TreeModel, nodeId: number): number[] {
  const parent = new Int32Array(model.nodes.length).fill(-1);
  for (const n of model.nodes) for (const c of n.children) parent[c] = n.id;
  const place: number[] = [];
  for (let id = nodeId; parent[id] >= 0; id = parent[id]) place.unshift(model.nodes[parent[id]].children.indexOf(id));
  return place;
}

const samePlace = (a: NodePlace, b: NodePlace) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The edit that makes the trained tree its root alone (none for a one-node tree). */
function rootOnly(trained: TreeModel): TreeEdit[] {
  return trained.nodes[0].children.length === 0 ? [] : [{ op: 'snip', node: 0 }];
}

/** The tree's root alone: the trained tree snipped at the root (a one-node tree stays as it is). */
export function startByHand(dataset: Dataset, trained: TreeModel): HandState {
  return { model: rootOnly(trained).reduce((m, e) => applyEdit(dataset, m, e), trained), closed: [] };
}

/**
 * The whole edit list of a session, from the trained tree: what an edited report replays
 * (edited-report.ts), so the tree grown by hand is scored, drawn and exported as any edited tree.
 */
export function handEdits(trained: TreeModel, steps: readonly HandStep[]): TreeEdit[] {
  return [...rootOnly(trained), ...steps.flatMap((s) => s.edits)];
}

/** The leaves still to decide, by id in preorder: not closed, and not pure (a pure node has no split). */
export function openLeaves(state: HandState): number[] {
  return state.model.nodes.filter((n) => n.children.length === 0 && n.impurity > EPSILON && !state.closed.some((p) => samePlace(p, placeOf(state.model, n.id)))).map((n) => n.id);
}

function checkOpen(state: HandState, nodeId: number): void {
  if (!openLeaves(state).includes(nodeId)) throw new InputError('bad-option', `node ${nodeId} is not an open leaf of the tree grown by hand`);
}

/** Whether the tree's settings let the algorithm split `nodeId` (max depth, min samples, purity: tree/stopping.ts). */
function algorithmMaySplit(model: TreeModel, nodeId: number): boolean {
  const node = model.nodes[nodeId];
  const params = resolveParams(model.params, model.task, nodeWeight(model.nodes[0]));
  return mightSplit(params, node.depth, node.samples, node.impurity, nodeWeight(node));
}

/** Leaf `nodeId`'s best split under the tree's settings (one level, before any pruning), or null where no split passes them. */
function bestSplit(dataset: Dataset, model: TreeModel, nodeId: number): ModelSplit | null {
  if (!algorithmMaySplit(model, nodeId)) return null;
  try {
    return applyEdit(dataset, model, { op: 'grow', node: nodeId }).nodes[nodeId].split;
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    return null;
  }
}

/**
 * What the algorithm grows at leaf `nodeId`: its best split with the whole subtree below as the
 * tree's settings grow and prune it (apply.ts), or null where the algorithm leaves a leaf — no split
 * passes the settings, or the tree's pruning cuts the grown subtree back to the leaf.
 */
function algorithmGrowth(dataset: Dataset, model: TreeModel, nodeId: number): { edit: Extract<TreeEdit, { op: 'split' }>; model: TreeModel } | null {
  const best = bestSplit(dataset, model, nodeId);
  if (best === null) return null;
  const edit = { op: 'split' as const, node: nodeId, split: best };
  const grown = applyEdit(dataset, model, edit);
  return prunedToLeaf(grown, nodeId) ? null : { edit, model: grown };
}

/**
 * The split the algorithm would put at leaf `nodeId` (its best split under the tree's settings, kept
 * by its pruning), or null where it would leave a leaf: what "Next" takes and the candidates' table
 * marks. Without pruning, one level is grown; with it, the whole subtree, to see what pruning keeps.
 */
export function algorithmChoice(dataset: Dataset, model: TreeModel, nodeId: number): ModelSplit | null {
  if (!modelPrunes(model)) return bestSplit(dataset, model, nodeId);
  return algorithmGrowth(dataset, model, nodeId)?.edit.split ?? null;
}

/** The state after `edits`. */
function after(dataset: Dataset, state: HandState, edits: TreeEdit[]): HandState {
  return { model: edits.reduce((m, e) => applyEdit(dataset, m, e), state.model), closed: state.closed };
}

/** "Next (the algorithm's choice)" at `nodeId`: its best split, one level; its children are open. */
export function algorithmStep(dataset: Dataset, state: HandState, nodeId: number): { state: HandState; step: HandStep } {
  checkOpen(state, nodeId);
  // Where the tree's settings stop growth, no split passes them, or its pruning would cut the split away, the algorithm's choice is a leaf.
  if (algorithmChoice(dataset, state.model, nodeId) === null) return makeLeaf(state, nodeId);
  const edits: TreeEdit[] = [{ op: 'grow', node: nodeId }];
  return { state: after(dataset, state, edits), step: { kind: 'algorithm', edits } };
}

/** The student's split at `nodeId` (a column and threshold or category sets); its children are open. */
export function chooseSplit(dataset: Dataset, state: HandState, nodeId: number, split: ModelSplit): { state: HandState; step: HandStep } {
  checkOpen(state, nodeId);
  const edits: TreeEdit[] = [{ op: 'split', node: nodeId, split }];
  // The split regrows the subtree below (apply.ts): each child is snipped back to an open leaf.
  let model = applyEdit(dataset, state.model, edits[0]);
  for (const child of [...model.nodes[nodeId].children].reverse()) {
    if (model.nodes[child].children.length === 0) continue;
    const snip: TreeEdit = { op: 'snip', node: child };
    model = applyEdit(dataset, model, snip);
    edits.push(snip);
  }
  return { state: { model, closed: state.closed }, step: { kind: 'split', edits } };
}

/** "Make it a leaf": `nodeId` stays a leaf, predicting its majority (or mean). */
export function makeLeaf(state: HandState, nodeId: number): { state: HandState; step: HandStep } {
  checkOpen(state, nodeId);
  const closes = [placeOf(state.model, nodeId)];
  return { state: { model: state.model, closed: [...state.closed, ...closes] }, step: { kind: 'leaf', edits: [], closes } };
}

/**
 * "Finish automatically": every open leaf grown whole by the algorithm (its best split, then the
 * subtree under it as the tree's settings grow and prune it), or left a leaf where the algorithm
 * leaves it one. Every leaf still open after that is one the algorithm made (a stop, a pruned
 * subtree): the step closes it, so nothing is left to decide.
 */
export function finishByAlgorithm(dataset: Dataset, state: HandState): { state: HandState; step: HandStep } {
  const edits: TreeEdit[] = [];
  let model = state.model;
  // From the last leaf in preorder back, so the ids of the leaves still to grow do not move.
  for (const id of openLeaves(state).reverse()) {
    const growth = algorithmGrowth(dataset, model, id);
    if (growth === null) continue;
    model = growth.model;
    edits.push(growth.edit);
  }
  const closes = openLeaves({ model, closed: state.closed }).map((id) => placeOf(model, id));
  const step: HandStep = { kind: 'finish', edits, ...(closes.length > 0 ? { closes } : {}) };
  return { state: { model, closed: [...state.closed, ...closes] }, step };
}

/** The state after `steps` from the trained tree: what undo replays (all steps but the last). */
export function replaySteps(dataset: Dataset, trained: TreeModel, steps: readonly HandStep[]): HandState {
  let state = startByHand(dataset, trained);
  for (const s of steps) {
    const { model } = after(dataset, state, s.edits);
    state = { model, closed: [...state.closed, ...(s.closes ?? [])] };
  }
  return state;
}

// The candidates' table of an open leaf of a tree grown by hand (README "Learn mode", the course
// notes' exercise): every column's best split at the leaf, ranked by the tree's criterion with the
// tree's own numbers (node-alternatives.ts), and which one the algorithm would take there
// (edit/by-hand.ts `algorithmChoice`) — or none, where its settings would leave a leaf.
import type { Dataset } from '../dataset';
import type { TreeModel } from '../model';
import { algorithmChoice } from '../edit/by-hand';
import { bestSplitsAt, trainingRows, type NodeSplit } from '../node-alternatives';
import type { ReportSettings } from '../report-types';

export interface HandCandidates {
  /** One per column, best first; `chosen` is unused (the leaf has no split yet). */
  splits: NodeSplit[];
  /** The index in `splits` of the algorithm's choice; null: the algorithm makes the node a leaf. */
  algorithm: number | null;
}

/** The candidates at leaf `nodeId` of `model` (the tree grown so far); `dataset` is the whole file the report was built from. */
export function handCandidates(dataset: Dataset, model: TreeModel, settings: ReportSettings, nodeId: number): HandCandidates {
  const splits = bestSplitsAt(dataset, model, settings, nodeId, Infinity).map((s) => ({ ...s, chosen: false }));
  const choice = algorithmChoice(trainingRows(dataset, model, settings), model, nodeId);
  // One candidate per column, the column's best split: the algorithm's is its column's.
  const at = choice === null ? -1 : splits.findIndex((s) => s.feature === choice.feature);
  return { splits, algorithm: at < 0 ? null : at };
}

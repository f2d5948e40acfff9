// The forest view (README "Random forests", and "Open a model trained elsewhere": the same view
// shows a tree ensemble trained by XGBoost, LightGBM or ONNX): every message between its host
// (src/panel/forest-panel.ts) and its page (webview/forest/), one union per direction, with the
// same request/reply envelope as the tree panel (panel-requests.ts). The page never gets the whole
// forest: the report comes without its trees, and one tree at a time is asked for (a slice of a big
// one, as the tree panel's). Messages from the page are untrusted: `parseFromForestView` checks each.
import type { ForestModel, ForestReport, RowVotes } from '../engine/forest/types';
import type { NodeColumns, TreeColumns } from '../engine/model-columns';
import type { NodeSplit } from '../engine/node-alternatives';
import type { SplitDistribution } from '../engine/split-distribution';
import type { RowContributions } from '../engine/import/contributions';
import type { EnsembleReport } from './ensemble-transfer';
import { DEFAULT_FOREST_SETTINGS, validForestOverrides, type ForestSettings } from './forest-settings';
import { indexProblem, indexSpec, isRecord, MAX_TEXT, nodeSliceProblem, problemOf, requestSpec, type Parsed, type Spec } from './protocol';

/** The report as the page gets it: everything but the trees' nodes. */
export type WireForestReport = Omit<ForestReport, 'model'> & { model: Omit<ForestModel, 'trees'> };

/** One tree of the forest, as the tree panel gets its tree (tree-slices.ts). */
export interface ForestTreeReply {
  index: number;
  model: TreeColumns<number[]>;
}

/** A data row through the forest: its votes, and its path in one tree. */
export interface ForestRow {
  /** 0-based data row (header excluded). */
  row: number;
  /** Classification only (a regression forest has no votes): null then. */
  votes: RowVotes | null;
  /** The forest's prediction for the row. */
  prediction: string | number;
  actual: string | number | null;
  /** The tree the path is in. */
  index: number;
  /** Node ids from the root to the row's leaf in that tree, and the nodes to draw it. */
  path: number[];
  nodes: NodeColumns<number[]>;
  /** That tree's own prediction (a model trained elsewhere: its leaf value, the raw score it adds). */
  treePrediction: string | number;
  /** A model trained elsewhere: what every tree adds to the row's score, and the link to its prediction. */
  contributions?: RowContributions;
}

/**
 * What a forest view needs to train its forest again after a window reload (the forest itself is
 * not kept): the target, the forest's settings, and the file as it was when trained. The page keeps
 * it in its saved state; the host reads it back with `parseForestRecipe`.
 */
export interface ForestRecipe {
  target: string;
  settings: ForestSettings;
  /** The file's size (bytes) and modification time (ms) when trained; absent when unknown. */
  file?: { size: number; mtime: number };
}

/** A recipe from a page's saved state (untrusted): checked, invalid settings back to their defaults; undefined when unusable. */
export function parseForestRecipe(raw: unknown): ForestRecipe | undefined {
  if (!isRecord(raw) || typeof raw.target !== 'string' || raw.target.length === 0 || raw.target.length > MAX_TEXT) return undefined;
  const recipe: ForestRecipe = { target: raw.target, settings: { ...DEFAULT_FOREST_SETTINGS, ...validForestOverrides(raw.settings) } };
  const file = raw.file;
  if (isRecord(file) && Number.isFinite(file.size) && Number.isFinite(file.mtime)) recipe.file = { size: file.size as number, mtime: file.mtime as number };
  return recipe;
}

/**
 * What a view of a model trained elsewhere needs to show it again after a window reload, besides
 * the model file (its `documentUri`): the CSV it was run on and the target chosen, if any. The page
 * keeps it in its saved state; the host reads it back with `parseModelReopen` and reads the files
 * again (never the model from the state).
 */
export interface ModelReopen {
  csvUri: string | null;
  target: string | null;
}

const textOrNull = (v: unknown): string | null | undefined => (v === null ? null : typeof v === 'string' && v.length > 0 && v.length <= MAX_TEXT ? v : undefined);

/** From a page's saved state (untrusted): undefined when it is not a model's view or is unusable. */
export function parseModelReopen(raw: unknown): ModelReopen | undefined {
  if (!isRecord(raw)) return undefined;
  const csvUri = textOrNull(raw.csvUri);
  const target = textOrNull(raw.target);
  if (csvUri === undefined || target === undefined) return undefined;
  return { csvUri, target };
}

export interface ForestRequestTypes {
  /** The tree `index` (its top for a big one). */
  tree: { request: { index: number }; reply: ForestTreeReply };
  /** More nodes of tree `index`, as the tree panel's `nodes` request. */
  nodes: { request: { index: number; nodeId: number; scope: 'subtree' | 'branch'; totalNodes: number }; reply: NodeColumns<number[]> };
  /** A row's votes across the trees and its path in tree `index`. */
  row: { request: { row: number; index: number }; reply: ForestRow };
  /** The ranked alternative splits at a node of tree `index`, scored on that tree's bootstrap sample (read-only). */
  alternatives: { request: { index: number; nodeId: number }; reply: NodeSplit[] };
  /** The split feature's distribution at that node, among the rows tree `index` drew (counted as drawn). */
  splitDistribution: { request: { index: number; nodeId: number }; reply: SplitDistribution | null };
}

export type ForestRequestKind = keyof ForestRequestTypes;

// ─── host → page ────────────────────────────────────────────────────────────────────────────

export type ToForestView =
  | { type: 'show'; report: WireForestReport; fileName: string; documentUri: string; recipe: ForestRecipe }
  /** A model trained elsewhere (no recipe: it is not trained here); `documentUri` is the model file's, `reopen` what else a reload reads again. */
  | { type: 'showModel'; report: EnsembleReport; documentUri: string; reopen: ModelReopen }
  /** The forest is being trained (again): `fraction` 0..1 when known; `cancellable`: offer Cancel (a training job, not the file being read). */
  | { type: 'busy'; message: string; fraction: number | null; cancellable: boolean }
  /** No forest to show (the file is gone, its target column too, training failed or was cancelled); `retrain`: offer "Train again". */
  | { type: 'failed'; message: string; retrain: boolean }
  | { type: 'reply'; requestId: number; reply: ForestRequestTypes[ForestRequestKind]['reply'] }
  | { type: 'requestFailed'; requestId: number; message: string };

// ─── page → host ────────────────────────────────────────────────────────────────────────────

export type ForestRequestMessage = {
  [K in ForestRequestKind]: { type: 'request'; requestId: number; kind: K; request: ForestRequestTypes[K]['request'] };
}[ForestRequestKind];

/** `cancel`: stop the training the view shows progress of (as the notification's Cancel). */
export type FromForestView = { type: 'ready' } | { type: 'retrain' } | { type: 'cancel' } | ForestRequestMessage | { type: 'webviewError'; message: string };

const REQUEST_CHECKS: { [K in ForestRequestKind]: Spec } = {
  tree: indexSpec('index'),
  nodes: { fields: ['index', 'nodeId', 'scope', 'totalNodes'], check: (m) => indexProblem(m, 'index') ?? nodeSliceProblem(m) },
  row: indexSpec('row', 'index'),
  alternatives: indexSpec('index', 'nodeId'),
  splitDistribution: indexSpec('index', 'nodeId'),
};

const CHECKS: { [K in FromForestView['type']]: Spec } = {
  ready: { fields: [], check: () => null },
  retrain: { fields: [], check: () => null },
  cancel: { fields: [], check: () => null },
  request: requestSpec(REQUEST_CHECKS),
  webviewError: {
    fields: ['message'],
    check: (m) => (typeof m.message === 'string' && m.message.length <= MAX_TEXT ? null : `message must be a string of at most ${MAX_TEXT} characters`),
  },
};

/** Validates a message from the forest page: a known tag, exactly the expected fields, each well formed. */
export function parseFromForestView(raw: unknown): Parsed<FromForestView> {
  if (!isRecord(raw)) return { ok: false, error: 'message is not an object' };
  if (typeof raw.type !== 'string' || !Object.hasOwn(CHECKS, raw.type)) return { ok: false, error: `unknown message type ${JSON.stringify(raw.type)}` };
  const problem = problemOf(raw, CHECKS[raw.type as FromForestView['type']], 'type');
  return problem === null ? { ok: true, message: raw as unknown as FromForestView } : { ok: false, error: `${raw.type}: ${problem}` };
}

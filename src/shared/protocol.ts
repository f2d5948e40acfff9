// Every message between the extension host and the tree panel's webview, as one discriminated
// union per direction (`type` is the tag). Both sides import this file; the host runs
// `parseFromWebview` on everything that arrives, since a webview is a browser page and its
// messages are untrusted input. The webview's requests and the host's replies are declared once,
// in `PanelRequestTypes`; src/shared/panel-requests.ts matches each reply to its request.
// The webview says `ready` first; only then does the host post the first `show`.
import type { NodeSplit } from '../engine/node-alternatives';
import type { SplitDistribution } from '../engine/split-distribution';
import type { Rule } from '../engine/rules/types';
import { readTrainSettings, type TrainSettings } from './train-settings';
import type { NodeColumns } from '../engine/model-columns';
import type { PackedReport } from './report-transfer';
import type { TreeDiff } from './tree-diff';
import type { TreeEdit } from '../engine/model';
import type { EditPreview, HandAction } from './worker-messages';
import type { HandCandidates } from '../engine/explain/hand-candidates';
import type { HandStep } from '../engine/edit/by-hand';
import { FORMULA_SECTIONS, type FormulaSection } from '../engine/explain/formula-sections';
import type { NodeCalculation } from '../engine/explain/types';
import type { PruningCalculation } from '../engine/explain/pruning-calculation';
import type { RuleCalculation } from '../engine/explain/rule-calculation';

/** The training settings the panel's controls can change before a retrain. */
export type PanelSettings = Pick<TrainSettings, 'algorithm' | 'criterion' | 'maxDepth' | 'minSamplesLeaf' | 'prune' | 'ccpAlpha' | 'decisionThreshold'>;

export const PANEL_SETTING_KEYS: readonly (keyof PanelSettings)[] = ['algorithm', 'criterion', 'maxDepth', 'minSamplesLeaf', 'prune', 'ccpAlpha', 'decisionThreshold'];

/** One candidate split at a node, scored by the node's criterion: why the chosen question won. */
export type AlternativeSplit = NodeSplit;

/**
 * The report as the webview gets it: the transfer form (src/shared/report-transfer.ts) as plain
 * arrays, a big tree's nodes a slice at a time, without the rules (asked for a page at a time).
 */
export type WireReport = PackedReport<number[]>;

export const RULE_SORT_KEYS = ['order', 'prediction', 'covered', 'accuracy', 'conditions'] as const;
export type RuleSortKey = (typeof RULE_SORT_KEYS)[number];
/** The Rules tab's order: `order` is the report's (coverage, largest first); `accuracy` is MSE for regression. */
export interface RuleSort {
  key: RuleSortKey;
  descending: boolean;
}

/** Most rules one `rulesPage` request may ask for. */
export const MAX_RULES_PAGE = 1000;

// ─── host → webview ─────────────────────────────────────────────────────────────────────────

/** Shows a trained tree and everything about it; replaces whatever was shown. */
export interface ShowMessage {
  type: 'show';
  report: WireReport;
  /** The CSV the tree was trained on (display only). */
  fileName: string;
  /** The CSV's URI, opaque to the webview: kept in its saved state so a restored panel finds its file. */
  documentUri: string;
  /** The panel's current settings, to fill the controls. */
  settings: PanelSettings;
  /** The settings "Train Decision Tree" would use for this file (`decisionTree.*` and its "with Options…" answers): the panel says where its own differ. */
  yours?: PanelSettings;
  /** The user's edits of the tree as trained (docs/formulas.md "Edited trees"); absent: the tree as trained, no edits. */
  edits?: EditState;
  /** The tree is being grown by hand (README "Learn mode"); absent: it is not. */
  byHand?: HandView;
}

/** What the panel shows of a tree grown by hand: where it is, and the algorithm's tree to score it against. */
export interface HandView {
  /** The steps taken (Undo takes back the last): kept in the webview's saved state, and sent back after a reload to be replayed. */
  steps: HandStep[];
  /** Leaves still to decide, by id, in preorder. */
  open: number[];
  /** The tree the algorithm grows with the same settings (the report as trained), as the side-by-side table reads it. */
  algorithm: ReportSummary;
}

/** A report's settings, size and scores without its tree: what a side-by-side table of two trees reads. */
export type ReportSummary = Pick<WireReport, 'settings' | 'final' | 'metrics'> & { model: Pick<WireReport['model'], 'params' | 'task'> };

/** The edits behind the tree shown: applied in order, those undone (redo first), the leaves a restore can grow back. */
export interface EditState {
  applied: TreeEdit[];
  redo: TreeEdit[];
  restorable: number[];
}

/** Work for this panel is running (e.g. a retrain); `fraction` in [0, 1] when known. */
export interface BusyMessage {
  type: 'busy';
  message: string;
  fraction: number | null;
}

/** A retrain or an export failed; the panel keeps its view and shows the message. */
export interface FailedMessage {
  type: 'failed';
  message: string;
  /** The tree no longer matches its file (it changed since training): the panel offers to retrain. */
  retrain?: boolean;
}

/** A data row's path through the tree shown. */
export interface RowPath {
  /** 0-based data row (header excluded). */
  row: number;
  /** Node ids from the root to the row's leaf. */
  path: number[];
  /** The nodes on the path and their children, for a webview that holds only part of the tree. */
  nodes: NodeColumns<number[]>;
  prediction: string | number;
  /** The row's target value; null when missing. */
  actual: string | number | null;
  /** With a tree pinned for comparison: the row's path through the pinned tree too. */
  pinned?: { path: number[]; nodes: NodeColumns<number[]>; prediction: string | number };
}

/** Highlights the path of the row the host chose (the row under the cursor). */
export interface RowPathMessage extends RowPath {
  type: 'rowPath';
}

/** The palette's "Export Tree Drawing as SVG/PNG": the webview answers with `saveDrawing`. */
export interface ExportDrawingMessage {
  type: 'exportDrawing';
  format: 'svg' | 'png';
}

/** A tree pinned to compare the tree shown with, side by side (README "Compare"). */
export interface Comparison {
  pinned: { report: WireReport; settings: PanelSettings };
  /** Node by node: `a` is the pinned tree, `b` the tree shown. */
  diff: TreeDiff;
}

/** The comparison with the tree shown, sent after each `show` while a tree is pinned; null: none pinned. */
export interface CompareMessage {
  type: 'compare';
  comparison: Comparison | null;
}

/** One rules page: rules `offset`… of the sorted list, each with its place in the report. */
export interface RulesPage {
  offset: number;
  /** Rules in the report (one per leaf). */
  total: number;
  rows: { index: number; rule: Rule }[];
}

/** Asks for `limit` rules from `offset` on, sorted as given. */
export interface RulesPageRequest {
  offset: number;
  limit: number;
  sort: RuleSort;
}

/**
 * Every request the webview makes of the host: what it sends (`request`) and what it gets back
 * (`reply`). A request goes as a `RequestMessage`, its answer as a `ReplyMessage` or a
 * `RequestFailedMessage` with the same `requestId`.
 */
export interface PanelRequestTypes {
  /** The five best alternative splits at a node, best first. */
  alternatives: { request: { nodeId: number }; reply: AlternativeSplit[] };
  /** The split feature's distribution per class at a node (null: a leaf). */
  splitDistribution: { request: { nodeId: number }; reply: SplitDistribution | null };
  /** The path of a data row. */
  rowPath: { request: { row: number }; reply: RowPath };
  /**
   * Nodes of a big tree the webview was not sent yet: the top of the subtree under `nodeId` (to
   * open a stub), or the branch from the root down to it (to show a path). `totalNodes` is the
   * node count of the tree the webview shows: a request about another tree is refused.
   */
  nodes: { request: { nodeId: number; scope: 'subtree' | 'branch'; totalNodes: number }; reply: NodeColumns<number[]> };
  rulesPage: { request: RulesPageRequest; reply: RulesPage };
  /** What applying `edit` to the tree shown would change (computed in the worker). */
  previewEdit: { request: { edit: TreeEdit }; reply: EditPreview };
  /** The worked arithmetic of a node (learn mode; computed in the worker, src/engine/explain/); `column`: that column's best split is worked out whatever its rank. */
  calculation: { request: { nodeId: number; column?: string }; reply: NodeCalculation };
  /** Both prunings of the tree's settings worked out on its tree as grown, or on the edited tree as shown (the settings drawer's pruning). */
  pruningCalculation: { request: Record<string, never>; reply: PruningCalculation };
  /** The coverage, accuracy and FOIL gains of the rule of leaf `leaf` (the Rules tab). */
  ruleCalculation: { request: { leaf: number }; reply: RuleCalculation };
  /** A tree grown by hand: every column's best split at open leaf `nodeId`, the algorithm's choice marked (computed in the worker). */
  handCandidates: { request: { nodeId: number }; reply: HandCandidates };
}

export type PanelRequestKind = keyof PanelRequestTypes;
export type PanelRequest<K extends PanelRequestKind> = PanelRequestTypes[K]['request'];
export type PanelReply<K extends PanelRequestKind> = PanelRequestTypes[K]['reply'];

/** The answer to the request `requestId`. */
export interface ReplyMessage<K extends PanelRequestKind = PanelRequestKind> {
  type: 'reply';
  requestId: number;
  reply: PanelReply<K>;
}

/** Reply to any request the host could not serve. */
export interface RequestFailedMessage {
  type: 'requestFailed';
  requestId: number;
  message: string;
}

/** Opens the calculation drawer on node `nodeId` with `column`'s split open (the CSV hover's link to a column's calculation at the root). */
export interface ShowCalculationMessage {
  type: 'showCalculation';
  nodeId: number;
  column: string | null;
}

export type ToWebview = ShowMessage | BusyMessage | FailedMessage | RowPathMessage | ReplyMessage | RequestFailedMessage | ExportDrawingMessage | CompareMessage | ShowCalculationMessage;

// ─── webview → host ─────────────────────────────────────────────────────────────────────────

/** The webview has loaded and listens; the host answers with `show`. */
export interface ReadyMessage {
  type: 'ready';
}

/** Train again on the same file with these settings changed. */
export interface RetrainMessage {
  type: 'retrain';
  settings: Partial<PanelSettings>;
}

/** A request of the host (PanelRequestTypes), answered by a reply with the same `requestId`. */
export type RequestMessage = { [K in PanelRequestKind]: { type: 'request'; requestId: number; kind: K; request: PanelRequest<K> } }[PanelRequestKind];

/** Runs one of the export commands for this panel's tree. */
export interface ExportMessage {
  type: 'export';
  what: 'mermaid' | 'model' | 'rules';
}

/** "Export Calculation as Markdown…" from the calculation drawer: node `nodeId`'s, or (null) every decision node's. */
export interface ExportCalculationMessage {
  type: 'exportCalculation';
  nodeId: number | null;
}

/** "Ignore … and retrain" in a node's details: leave the column out of training for this file. */
export interface IgnoreColumnMessage {
  type: 'ignoreColumn';
  column: string;
}

/** Applies an edit to the tree shown (it becomes the last of the edits; the redo list is dropped). */
export interface ApplyEditMessage {
  type: 'applyEdit';
  edit: TreeEdit;
}

/** Undo, redo, or back to the tree as trained. */
export interface EditStepMessage {
  type: 'undoEdit' | 'redoEdit' | 'resetEdits';
}

/** After a reload: the edits the webview's saved state holds, for the host to apply again. */
export interface SyncEditsMessage {
  type: 'syncEdits';
  applied: TreeEdit[];
  redo: TreeEdit[];
}

/** One action on the tree grown by hand: a split, a leaf, Next, Finish or Undo. */
export interface HandStepMessage {
  type: 'handStep';
  action: Exclude<HandAction, { kind: 'start' | 'resume' }>;
}

/** After a reload: the steps of the tree grown by hand that the webview's saved state holds, for the host to replay. */
export interface SyncHandMessage {
  type: 'syncHand';
  steps: HandStep[];
}

/** Opens docs/formulas.md (shipped with the extension) at one of the sections the calculations follow. */
export interface OpenFormulasMessage {
  type: 'openFormulas';
  section: FormulaSection;
}

/** Pins the tree shown to compare the next ones with (`pin: false` lets it go). */
export interface PinMessage {
  type: 'pin';
  pin: boolean;
}

/** What the webview's saved state keeps of a pinned tree: how to make it again (the host holds the tree itself). */
export interface PinRecipe {
  settings: PanelSettings;
  /** The edits of the pinned tree, in order. */
  edits: TreeEdit[];
}

/** After a reload: the pinned tree's recipe, for the host to train and edit it again and pin it. */
export interface RestorePinMessage {
  type: 'restorePin';
  pin: PinRecipe;
}

/** The drawing as shown, to save where the user says (SVG text, or PNG bytes as base64). */
export interface SaveDrawingMessage {
  type: 'saveDrawing';
  format: 'svg' | 'png';
  data: string;
}

/** Most characters a `saveDrawing` may carry (a PNG is at most 32 Mpixel, well under this). */
export const MAX_DRAWING_TEXT = 200_000_000;

/** Something failed inside the webview; the host logs it to the output channel. */
export interface WebviewErrorMessage {
  type: 'webviewError';
  message: string;
}

export type FromWebview =
  | ReadyMessage
  | RetrainMessage
  | RequestMessage
  | ExportMessage
  | ExportCalculationMessage
  | IgnoreColumnMessage
  | SaveDrawingMessage
  | PinMessage
  | RestorePinMessage
  | ApplyEditMessage
  | EditStepMessage
  | SyncEditsMessage
  | HandStepMessage
  | SyncHandMessage
  | OpenFormulasMessage
  | WebviewErrorMessage;

// ─── validation of what arrives from the webview ───────────────────────────────────────────

export type Parsed<T> = { ok: true; message: T } | { ok: false; error: string };

const MAX_ID = 2 ** 31 - 1;
export const MAX_TEXT = 10_000;

export type Fields = Record<string, unknown>;

export function isIndex(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_ID;
}

export interface Spec {
  fields: readonly string[];
  check: (m: Fields) => string | null;
}

/** The problem with field `name` of `m` as an index (a non-negative integer), or null. */
export const indexProblem = (m: Fields, name: string): string | null => (isIndex(m[name]) ? null : `${name} must be a non-negative integer`);

/** The spec of exactly the fields `names`, each an index (checked in that order). */
export function indexSpec(...names: string[]): Spec {
  return {
    fields: names,
    check: (m) => {
      for (const name of names) if (!isIndex(m[name])) return indexProblem(m, name);
      return null;
    },
  };
}

/** The problem with a `nodes` request's slice (the tree panel's and the forest view's), or null: a node, subtree or branch, and the node count of the tree the page drew. */
export function nodeSliceProblem(m: Fields): string | null {
  if (!isIndex(m.nodeId)) return indexProblem(m, 'nodeId');
  if (m.scope !== 'subtree' && m.scope !== 'branch') return 'scope must be subtree or branch';
  return indexProblem(m, 'totalNodes');
}

/** The problem with the fields of `m` (an object) against `spec`, or null when they are well formed. */
export function problemOf(m: Fields, spec: Spec, except: string): string | null {
  const extra = Object.keys(m).find((k) => k !== except && !spec.fields.includes(k));
  return extra !== undefined ? `unexpected field ${JSON.stringify(extra)}` : spec.check(m);
}

export const isRecord = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The spec of a request message (`{ requestId, kind, request }`) whose kinds' requests `checks` has. */
export function requestSpec(checks: Readonly<Record<string, Spec>>): Spec {
  return {
    fields: ['requestId', 'kind', 'request'],
    check: (m) => {
      if (!isIndex(m.requestId)) return indexProblem(m, 'requestId');
      if (typeof m.kind !== 'string' || !Object.hasOwn(checks, m.kind)) return `unknown request kind ${JSON.stringify(m.kind)}`;
      if (!isRecord(m.request)) return `${m.kind}: request must be an object`;
      const problem = problemOf(m.request, checks[m.kind], '');
      return problem === null ? null : `${m.kind}: ${problem}`;
    },
  };
}

/** Most edits an edit list may hold, and categories a split may name. */
const MAX_EDITS = 10_000;

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= MAX_TEXT;

function splitProblem(s: unknown): string | null {
  if (!isRecord(s)) return 'split must be an object';
  if (!isText(s.feature)) return `split.feature must be a non-empty string of at most ${MAX_TEXT} characters`;
  if (s.kind === 'numeric') {
    if (Object.keys(s).length !== 3 || !('threshold' in s)) return 'a numeric split has exactly feature, kind and threshold';
    // +Infinity is the "present vs missing" split (docs/model-format.md).
    return typeof s.threshold === 'number' && !Number.isNaN(s.threshold) && s.threshold !== -Infinity ? null : 'split.threshold must be a number';
  }
  if (s.kind !== 'categorical') return 'split.kind must be numeric or categorical';
  if (Object.keys(s).length !== 3 || !Array.isArray(s.branches)) return 'a categorical split has exactly feature, kind and branches (arrays of categories)';
  const ok = s.branches.length <= MAX_EDITS && s.branches.every((b) => Array.isArray(b) && b.length <= MAX_EDITS && b.every((c) => typeof c === 'string' && c.length <= MAX_TEXT));
  return ok ? null : 'split.branches must be arrays of category names';
}

/** The problem with an edit from the webview, or null; whether it fits the tree is the engine's to say. */
function editProblem(e: unknown): string | null {
  if (!isRecord(e)) return 'edit must be an object';
  if (e.op !== 'split' && e.op !== 'snip' && e.op !== 'restore' && e.op !== 'grow') return 'edit.op must be one of split, snip, restore, grow';
  const fields = e.op === 'split' ? ['op', 'node', 'split'] : ['op', 'node'];
  const extra = Object.keys(e).find((k) => !fields.includes(k));
  if (extra !== undefined) return `edit: unexpected field ${JSON.stringify(extra)}`;
  if (!isIndex(e.node)) return 'edit.node must be a non-negative integer';
  return e.op === 'split' ? splitProblem(e.split) : null;
}

/** The problem with a by-hand action from the webview, or null; whether it fits the tree is the engine's to say. */
function handActionProblem(a: unknown): string | null {
  if (!isRecord(a)) return 'action must be an object';
  const fields: Record<string, string[]> = { undo: ['kind'], finish: ['kind'], algorithm: ['kind', 'node'], leaf: ['kind', 'node'], split: ['kind', 'node', 'split'] };
  const expected = typeof a.kind === 'string' && Object.hasOwn(fields, a.kind) ? fields[a.kind] : undefined;
  if (expected === undefined) return `action.kind must be one of ${Object.keys(fields).join(', ')}`;
  const extra = Object.keys(a).find((k) => !expected.includes(k));
  if (extra !== undefined) return `action: unexpected field ${JSON.stringify(extra)}`;
  if (expected.includes('node') && !isIndex(a.node)) return 'action.node must be a non-negative integer';
  return a.kind === 'split' ? splitProblem(a.split) : null;
}

function editsProblem(list: unknown, name: string): string | null {
  if (!Array.isArray(list) || list.length > MAX_EDITS) return `${name} must be a list of at most ${MAX_EDITS} edits`;
  for (const e of list) {
    const problem = editProblem(e);
    if (problem !== null) return `${name}: ${problem}`;
  }
  return null;
}

const HAND_STEP_KINDS: readonly HandStep['kind'][] = ['algorithm', 'split', 'leaf', 'finish'];

/** The problem with a step of a tree grown by hand from the webview's saved state, or null; whether it fits the tree is the engine's to say. */
function handStepProblem(step: unknown): string | null {
  if (!isRecord(step)) return 'step must be an object';
  const extra = Object.keys(step).find((k) => k !== 'kind' && k !== 'edits' && k !== 'closes');
  if (extra !== undefined) return `step: unexpected field ${JSON.stringify(extra)}`;
  if (!(HAND_STEP_KINDS as readonly unknown[]).includes(step.kind)) return `step.kind must be one of ${HAND_STEP_KINDS.join(', ')}`;
  const closes = step.closes;
  // A leaf's place: the child indices from the root.
  if (closes !== undefined && !(Array.isArray(closes) && closes.length <= MAX_EDITS && closes.every((p) => Array.isArray(p) && p.length <= MAX_EDITS && p.every(isIndex)))) {
    return 'step.closes must be a list of node places (lists of child indices)';
  }
  return editsProblem(step.edits, 'step.edits');
}

function handStepsProblem(list: unknown): string | null {
  if (!Array.isArray(list) || list.length > MAX_EDITS) return `steps must be a list of at most ${MAX_EDITS} steps`;
  for (const step of list) {
    const problem = handStepProblem(step);
    if (problem !== null) return `steps: ${problem}`;
  }
  return null;
}

/** Checks the fields of each request kind. */
const REQUEST_CHECKS: { [K in PanelRequestKind]: Spec } = {
  alternatives: indexSpec('nodeId'),
  splitDistribution: indexSpec('nodeId'),
  rowPath: indexSpec('row'),
  nodes: { fields: ['nodeId', 'scope', 'totalNodes'], check: nodeSliceProblem },
  previewEdit: { fields: ['edit'], check: (m) => editProblem(m.edit) },
  calculation: {
    fields: ['nodeId', 'column'],
    check: (m) => (!isIndex(m.nodeId) ? indexProblem(m, 'nodeId') : m.column === undefined || isText(m.column) ? null : `column must be a non-empty string of at most ${MAX_TEXT} characters`),
  },
  pruningCalculation: { fields: [], check: () => null },
  ruleCalculation: indexSpec('leaf'),
  handCandidates: indexSpec('nodeId'),
  rulesPage: {
    fields: ['offset', 'limit', 'sort'],
    check: (m) => {
      if (!isIndex(m.offset)) return indexProblem(m, 'offset');
      if (!isIndex(m.limit) || m.limit < 1 || m.limit > MAX_RULES_PAGE) return `limit must be an integer from 1 to ${MAX_RULES_PAGE}`;
      const s = m.sort;
      if (!isRecord(s)) return 'sort must be an object';
      const extra = Object.keys(s).find((k) => k !== 'key' && k !== 'descending');
      if (extra !== undefined) return `sort: unexpected field ${JSON.stringify(extra)}`;
      if (!(RULE_SORT_KEYS as readonly unknown[]).includes(s.key)) return `sort.key must be one of ${RULE_SORT_KEYS.join(', ')}`;
      return typeof s.descending === 'boolean' ? null : 'sort.descending must be a boolean';
    },
  },
};

/** Panel settings as `retrain` and `restorePin` carry them: known keys, each value as `decisionTree.*` allows. */
function settingsProblem(s: unknown): string | null {
  if (!isRecord(s)) return 'settings must be an object';
  const keys = Object.keys(s);
  const unknown = keys.filter((k) => !(PANEL_SETTING_KEYS as readonly string[]).includes(k));
  if (unknown.length > 0) return `unknown setting ${JSON.stringify(unknown[0])}`;
  // The settings' own rules (shared with `decisionTree.*`) decide what a value may be.
  const { problems } = readTrainSettings((k) => (keys.includes(k) ? s[k] : undefined));
  return problems.length > 0 ? problems[0] : null;
}

/** Checks the fields of one message type. */
const CHECKS: { [K in FromWebview['type']]: Spec } = {
  ready: { fields: [], check: () => null },
  retrain: {
    fields: ['settings'],
    check: (m) => settingsProblem(m.settings),
  },
  request: requestSpec(REQUEST_CHECKS),
  ignoreColumn: {
    fields: ['column'],
    check: (m) => (typeof m.column === 'string' && m.column.length > 0 && m.column.length <= MAX_TEXT ? null : `column must be a non-empty string of at most ${MAX_TEXT} characters`),
  },
  export: {
    fields: ['what'],
    check: (m) => (m.what === 'mermaid' || m.what === 'model' || m.what === 'rules' ? null : 'what must be one of mermaid, model, rules'),
  },
  exportCalculation: { fields: ['nodeId'], check: (m) => (m.nodeId === null || isIndex(m.nodeId) ? null : 'nodeId must be a non-negative integer or null') },
  saveDrawing: {
    fields: ['format', 'data'],
    check: (m) => {
      if (m.format !== 'svg' && m.format !== 'png') return 'format must be svg or png';
      if (typeof m.data !== 'string' || m.data.length === 0 || m.data.length > MAX_DRAWING_TEXT) return `data must be a non-empty string of at most ${MAX_DRAWING_TEXT} characters`;
      return m.format === 'png' && !/^[A-Za-z0-9+/]+={0,2}$/.test(m.data) ? 'data must be base64 for png' : null;
    },
  },
  applyEdit: { fields: ['edit'], check: (m) => editProblem(m.edit) },
  undoEdit: { fields: [], check: () => null },
  redoEdit: { fields: [], check: () => null },
  resetEdits: { fields: [], check: () => null },
  syncEdits: { fields: ['applied', 'redo'], check: (m) => editsProblem(m.applied, 'applied') ?? editsProblem(m.redo, 'redo') },
  handStep: { fields: ['action'], check: (m) => handActionProblem(m.action) },
  syncHand: { fields: ['steps'], check: (m) => handStepsProblem(m.steps) },
  openFormulas: { fields: ['section'], check: (m) => ((FORMULA_SECTIONS as readonly unknown[]).includes(m.section) ? null : `section must be one of ${FORMULA_SECTIONS.join(', ')}`) },
  pin: { fields: ['pin'], check: (m) => (typeof m.pin === 'boolean' ? null : 'pin must be a boolean') },
  restorePin: {
    fields: ['pin'],
    check: (m) => {
      const p = m.pin;
      if (!isRecord(p)) return 'pin must be an object';
      const extra = Object.keys(p).find((k) => k !== 'settings' && k !== 'edits');
      if (extra !== undefined) return `pin: unexpected field ${JSON.stringify(extra)}`;
      return settingsProblem(p.settings) ?? editsProblem(p.edits, 'pin.edits');
    },
  },
  webviewError: {
    fields: ['message'],
    check: (m) => (typeof m.message === 'string' && m.message.length <= MAX_TEXT ? null : `message must be a string of at most ${MAX_TEXT} characters`),
  },
};

/** Validates a message from the webview: the right tag, exactly the expected fields, each well formed. */
export function parseFromWebview(raw: unknown): Parsed<FromWebview> {
  if (!isRecord(raw)) return { ok: false, error: 'message is not an object' };
  const m = raw;
  if (typeof m.type !== 'string' || !Object.hasOwn(CHECKS, m.type)) {
    return { ok: false, error: `unknown message type ${JSON.stringify(m.type)}` };
  }
  const problem = problemOf(m, CHECKS[m.type as FromWebview['type']], 'type');
  return problem === null ? { ok: true, message: m as unknown as FromWebview } : { ok: false, error: `${m.type}: ${problem}` };
}

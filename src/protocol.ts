// Every message between the extension host and the tree panel's webview, as one discriminated
// union per direction (`type` is the tag). Both sides import this file; the host runs
// `parseFromWebview` on everything that arrives, since a webview is a browser page and its
// messages are untrusted input. Requests carry a `requestId` that their reply echoes.
// The webview says `ready` first; only then does the host post the first `show`.
import type { NodeSplit } from './engine/node-alternatives';
import type { SplitDistribution } from './engine/split-distribution';
import type { TreeReport } from './engine/report-types';
import type { Rule } from './engine/rules/types';
import { readTrainSettings, type TrainSettings } from './host/train-settings';
import type { WireModel, WireNodes } from './engine/model-columns';

/** The training settings the panel's controls can change before a retrain. */
export type PanelSettings = Pick<TrainSettings, 'algorithm' | 'criterion' | 'maxDepth' | 'minSamplesLeaf' | 'prune' | 'ccpAlpha'>;

export const PANEL_SETTING_KEYS: readonly (keyof PanelSettings)[] = ['algorithm', 'criterion', 'maxDepth', 'minSamplesLeaf', 'prune', 'ccpAlpha'];

/** One candidate split at a node, scored by the node's criterion: why the chosen question won. */
export type AlternativeSplit = NodeSplit;

/**
 * The report as the webview gets it: without the rules, which it asks for a page at a time, and
 * with the tree's nodes as columns (src/engine/model-columns.ts), a big tree's a slice at a time.
 */
export type WireReport = Omit<TreeReport, 'rules' | 'model'> & { model: WireModel };

export const RULE_SORT_KEYS = ['order', 'prediction', 'covered', 'accuracy', 'conditions'] as const;
export type RuleSortKey = (typeof RULE_SORT_KEYS)[number];
/** The Rules tab's order: `order` is the report's (coverage, largest first); `accuracy` is MSE for regression. */
export interface RuleSort {
  key: RuleSortKey;
  descending: boolean;
}

/** Most rules one `requestRulesPage` may ask for. */
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
}

/** Highlights the path of one data row (host's "row under the cursor", or a reply to `requestRowPath`). */
export interface RowPathMessage {
  type: 'rowPath';
  requestId: number | null;
  /** 0-based data row (header excluded). */
  row: number;
  /** Node ids from the root to the row's leaf. */
  path: number[];
  /** The nodes on the path and their children, for a webview that holds only part of the tree. */
  nodes: WireNodes;
  prediction: string | number;
  /** The row's target value; null when missing. */
  actual: string | number | null;
}

/** Reply to `requestAlternatives`: the best splits at a node, best first. */
export interface AlternativesMessage {
  type: 'alternatives';
  requestId: number;
  nodeId: number;
  splits: AlternativeSplit[];
}

/** Reply to `requestSplitDistribution`: the split feature's distribution per class at a node (null: a leaf). */
export interface SplitDistributionMessage {
  type: 'splitDistribution';
  requestId: number;
  nodeId: number;
  distribution: SplitDistribution | null;
}

/** The palette's "Export Tree Drawing as SVG/PNG": the webview answers with `saveDrawing`. */
export interface ExportDrawingMessage {
  type: 'exportDrawing';
  format: 'svg' | 'png';
}

/** Reply to `requestNodes`: more nodes of the tree shown. */
export interface NodesMessage {
  type: 'nodes';
  requestId: number;
  nodes: WireNodes;
}

/** Reply to `requestRulesPage`: rules `offset`… of the sorted list, each with its place in the report. */
export interface RulesPageMessage {
  type: 'rulesPage';
  requestId: number;
  offset: number;
  /** Rules in the report (one per leaf). */
  total: number;
  rows: { index: number; rule: Rule }[];
}

/** Reply to any request the host could not serve. */
export interface RequestFailedMessage {
  type: 'requestFailed';
  requestId: number;
  message: string;
}

export type ToWebview =
  | ShowMessage
  | BusyMessage
  | FailedMessage
  | RowPathMessage
  | AlternativesMessage
  | NodesMessage
  | RulesPageMessage
  | RequestFailedMessage
  | SplitDistributionMessage
  | ExportDrawingMessage;

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

/** Asks for the five best alternative splits at a node (answered by `alternatives`). */
export interface RequestAlternativesMessage {
  type: 'requestAlternatives';
  requestId: number;
  nodeId: number;
}

/** Asks for the split feature's distribution per class at a node (answered by `splitDistribution`). */
export interface RequestSplitDistributionMessage {
  type: 'requestSplitDistribution';
  requestId: number;
  nodeId: number;
}

/** Asks for the path of a data row (answered by `rowPath`). */
export interface RequestRowPathMessage {
  type: 'requestRowPath';
  requestId: number;
  /** 0-based data row (header excluded). */
  row: number;
}

/**
 * Asks for nodes of a big tree the webview was not sent yet (answered by `nodes`): the top of the
 * subtree under `nodeId` (to open a stub), or the branch from the root down to it (to show a path).
 */
export interface RequestNodesMessage {
  type: 'requestNodes';
  requestId: number;
  nodeId: number;
  scope: 'subtree' | 'branch';
  /** The node count of the tree the webview shows: a request about another tree is refused. */
  totalNodes: number;
}

/** Asks for `limit` rules from `offset` on, sorted as given (answered by `rulesPage`). */
export interface RequestRulesPageMessage {
  type: 'requestRulesPage';
  requestId: number;
  offset: number;
  limit: number;
  sort: RuleSort;
}

/** Runs one of the export commands for this panel's tree. */
export interface ExportMessage {
  type: 'export';
  what: 'mermaid' | 'model' | 'rules';
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
  | RequestAlternativesMessage
  | RequestRowPathMessage
  | RequestNodesMessage
  | RequestRulesPageMessage
  | ExportMessage
  | SaveDrawingMessage
  | RequestSplitDistributionMessage
  | WebviewErrorMessage;

// ─── validation of what arrives from the webview ───────────────────────────────────────────

export type Parsed<T> = { ok: true; message: T } | { ok: false; error: string };

const MAX_ID = 2 ** 31 - 1;
const MAX_TEXT = 10_000;

type Fields = Record<string, unknown>;

function isIndex(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_ID;
}

/** Checks the fields of one message kind; returns the problem, or null when it is well formed. */
const CHECKS: { [K in FromWebview['type']]: { fields: readonly string[]; check: (m: Fields) => string | null } } = {
  ready: { fields: [], check: () => null },
  retrain: {
    fields: ['settings'],
    check: (m) => {
      const s = m.settings;
      if (typeof s !== 'object' || s === null || Array.isArray(s)) return 'settings must be an object';
      const keys = Object.keys(s);
      const unknown = keys.filter((k) => !(PANEL_SETTING_KEYS as readonly string[]).includes(k));
      if (unknown.length > 0) return `unknown setting ${JSON.stringify(unknown[0])}`;
      // The settings' own rules (shared with `decisionTree.*`) decide what a value may be.
      const { problems } = readTrainSettings((k) => (keys.includes(k) ? (s as Fields)[k] : undefined));
      return problems.length > 0 ? problems[0] : null;
    },
  },
  requestAlternatives: {
    fields: ['requestId', 'nodeId'],
    check: (m) => (!isIndex(m.requestId) ? 'requestId must be a non-negative integer' : !isIndex(m.nodeId) ? 'nodeId must be a non-negative integer' : null),
  },
  requestSplitDistribution: {
    fields: ['requestId', 'nodeId'],
    check: (m) => (!isIndex(m.requestId) ? 'requestId must be a non-negative integer' : !isIndex(m.nodeId) ? 'nodeId must be a non-negative integer' : null),
  },
  requestRowPath: {
    fields: ['requestId', 'row'],
    check: (m) => (!isIndex(m.requestId) ? 'requestId must be a non-negative integer' : !isIndex(m.row) ? 'row must be a non-negative integer' : null),
  },
  requestNodes: {
    fields: ['requestId', 'nodeId', 'scope', 'totalNodes'],
    check: (m) => {
      if (!isIndex(m.requestId)) return 'requestId must be a non-negative integer';
      if (!isIndex(m.nodeId)) return 'nodeId must be a non-negative integer';
      if (m.scope !== 'subtree' && m.scope !== 'branch') return 'scope must be subtree or branch';
      return isIndex(m.totalNodes) ? null : 'totalNodes must be a non-negative integer';
    },
  },
  requestRulesPage: {
    fields: ['requestId', 'offset', 'limit', 'sort'],
    check: (m) => {
      if (!isIndex(m.requestId)) return 'requestId must be a non-negative integer';
      if (!isIndex(m.offset)) return 'offset must be a non-negative integer';
      if (!isIndex(m.limit) || m.limit < 1 || m.limit > MAX_RULES_PAGE) return `limit must be an integer from 1 to ${MAX_RULES_PAGE}`;
      const s = m.sort;
      if (typeof s !== 'object' || s === null || Array.isArray(s)) return 'sort must be an object';
      const extra = Object.keys(s).find((k) => k !== 'key' && k !== 'descending');
      if (extra !== undefined) return `sort: unexpected field ${JSON.stringify(extra)}`;
      const { key, descending } = s as Fields;
      if (!(RULE_SORT_KEYS as readonly unknown[]).includes(key)) return `sort.key must be one of ${RULE_SORT_KEYS.join(', ')}`;
      return typeof descending === 'boolean' ? null : 'sort.descending must be a boolean';
    },
  },
  export: {
    fields: ['what'],
    check: (m) => (m.what === 'mermaid' || m.what === 'model' || m.what === 'rules' ? null : 'what must be one of mermaid, model, rules'),
  },
  saveDrawing: {
    fields: ['format', 'data'],
    check: (m) => {
      if (m.format !== 'svg' && m.format !== 'png') return 'format must be svg or png';
      if (typeof m.data !== 'string' || m.data.length === 0 || m.data.length > MAX_DRAWING_TEXT) return `data must be a non-empty string of at most ${MAX_DRAWING_TEXT} characters`;
      return m.format === 'png' && !/^[A-Za-z0-9+/]+={0,2}$/.test(m.data) ? 'data must be base64 for png' : null;
    },
  },
  webviewError: {
    fields: ['message'],
    check: (m) => (typeof m.message === 'string' && m.message.length <= MAX_TEXT ? null : `message must be a string of at most ${MAX_TEXT} characters`),
  },
};

/** Validates a message from the webview: the right tag, exactly the expected fields, each well formed. */
export function parseFromWebview(raw: unknown): Parsed<FromWebview> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: 'message is not an object' };
  const m = raw as Fields;
  if (typeof m.type !== 'string' || !Object.hasOwn(CHECKS, m.type)) {
    return { ok: false, error: `unknown message type ${JSON.stringify(m.type)}` };
  }
  const spec = CHECKS[m.type as FromWebview['type']];
  const extra = Object.keys(m).find((k) => k !== 'type' && !spec.fields.includes(k));
  if (extra !== undefined) return { ok: false, error: `${m.type}: unexpected field ${JSON.stringify(extra)}` };
  const problem = spec.check(m);
  return problem === null ? { ok: true, message: m as unknown as FromWebview } : { ok: false, error: `${m.type}: ${problem}` };
}

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
import type { WireNodes } from '../engine/model-columns';
import type { PackedReport } from './report-transfer';

/** The training settings the panel's controls can change before a retrain. */
export type PanelSettings = Pick<TrainSettings, 'algorithm' | 'criterion' | 'maxDepth' | 'minSamplesLeaf' | 'prune' | 'ccpAlpha'>;

export const PANEL_SETTING_KEYS: readonly (keyof PanelSettings)[] = ['algorithm', 'criterion', 'maxDepth', 'minSamplesLeaf', 'prune', 'ccpAlpha'];

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

/** A data row's path through the tree shown. */
export interface RowPath {
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

/** Highlights the path of the row the host chose (the row under the cursor). */
export interface RowPathMessage extends RowPath {
  type: 'rowPath';
}

/** The palette's "Export Tree Drawing as SVG/PNG": the webview answers with `saveDrawing`. */
export interface ExportDrawingMessage {
  type: 'exportDrawing';
  format: 'svg' | 'png';
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
  nodes: { request: { nodeId: number; scope: 'subtree' | 'branch'; totalNodes: number }; reply: WireNodes };
  rulesPage: { request: RulesPageRequest; reply: RulesPage };
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

export type ToWebview = ShowMessage | BusyMessage | FailedMessage | RowPathMessage | ReplyMessage | RequestFailedMessage | ExportDrawingMessage;

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

/** "Ignore … and retrain" in a node's details: leave the column out of training for this file. */
export interface IgnoreColumnMessage {
  type: 'ignoreColumn';
  column: string;
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
  | IgnoreColumnMessage
  | SaveDrawingMessage
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
      if (!isIndex(m.requestId)) return 'requestId must be a non-negative integer';
      if (typeof m.kind !== 'string' || !Object.hasOwn(checks, m.kind)) return `unknown request kind ${JSON.stringify(m.kind)}`;
      if (!isRecord(m.request)) return `${m.kind}: request must be an object`;
      const problem = problemOf(m.request, checks[m.kind], '');
      return problem === null ? null : `${m.kind}: ${problem}`;
    },
  };
}

/** Checks the fields of each request kind. */
const REQUEST_CHECKS: { [K in PanelRequestKind]: Spec } = {
  alternatives: { fields: ['nodeId'], check: (m) => (isIndex(m.nodeId) ? null : 'nodeId must be a non-negative integer') },
  splitDistribution: { fields: ['nodeId'], check: (m) => (isIndex(m.nodeId) ? null : 'nodeId must be a non-negative integer') },
  rowPath: { fields: ['row'], check: (m) => (isIndex(m.row) ? null : 'row must be a non-negative integer') },
  nodes: {
    fields: ['nodeId', 'scope', 'totalNodes'],
    check: (m) => {
      if (!isIndex(m.nodeId)) return 'nodeId must be a non-negative integer';
      if (m.scope !== 'subtree' && m.scope !== 'branch') return 'scope must be subtree or branch';
      return isIndex(m.totalNodes) ? null : 'totalNodes must be a non-negative integer';
    },
  },
  rulesPage: {
    fields: ['offset', 'limit', 'sort'],
    check: (m) => {
      if (!isIndex(m.offset)) return 'offset must be a non-negative integer';
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

/** Checks the fields of one message type. */
const CHECKS: { [K in FromWebview['type']]: Spec } = {
  ready: { fields: [], check: () => null },
  retrain: {
    fields: ['settings'],
    check: (m) => {
      const s = m.settings;
      if (!isRecord(s)) return 'settings must be an object';
      const keys = Object.keys(s);
      const unknown = keys.filter((k) => !(PANEL_SETTING_KEYS as readonly string[]).includes(k));
      if (unknown.length > 0) return `unknown setting ${JSON.stringify(unknown[0])}`;
      // The settings' own rules (shared with `decisionTree.*`) decide what a value may be.
      const { problems } = readTrainSettings((k) => (keys.includes(k) ? s[k] : undefined));
      return problems.length > 0 ? problems[0] : null;
    },
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
  if (!isRecord(raw)) return { ok: false, error: 'message is not an object' };
  const m = raw;
  if (typeof m.type !== 'string' || !Object.hasOwn(CHECKS, m.type)) {
    return { ok: false, error: `unknown message type ${JSON.stringify(m.type)}` };
  }
  const problem = problemOf(m, CHECKS[m.type as FromWebview['type']], 'type');
  return problem === null ? { ok: true, message: m as unknown as FromWebview } : { ok: false, error: `${m.type}: ${problem}` };
}

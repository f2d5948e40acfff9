// What the panel remembers across hide/show and reloads (VS Code keeps it via setState): the
// report shown, so a restored panel draws at once, and the user's view of it.
import { RULE_SORT_KEYS, type PanelSettings, type PinRecipe, type RuleSort, type ShowMessage } from '../src/shared/protocol';
import type { ImportanceMeasure } from './importances-view';
import type { View } from './pan-zoom';
import type { BrowseState } from './tree-browser';

export type TabId = 'tree' | 'rules' | 'importances' | 'metrics' | 'compare';

/** What the path shown (BrowseState's `path`) is of. */
export interface Highlight {
  /** The data row whose path is shown, or null for a rule's leaf. */
  row: number | null;
  prediction: string | number | null;
  actual: string | number | null;
}

/** The tree panel's state store; how the tree is browsed (folding, selection, a row's path) is webview/tree-browser.ts's. */
export interface PanelState extends BrowseState {
  /** Read by the host's panel serializer to find the file again after a reload. */
  documentUri: string | null;
  /** As shown, with the nodes of a big tree sent since (src/engine/model-columns.ts). */
  shown: Omit<ShowMessage, 'type'> | null;
  /** The controls' values, which may differ from the settings shown until a retrain. */
  settings: PanelSettings | null;
  tab: TabId;
  highlight: Highlight | null;
  view: View | null;
  importance: ImportanceMeasure;
  rulesSort: RuleSort;
  /** The pinned tree's recipe (Compare tab), sent back after a reload for the host to make it again. */
  pin: PinRecipe | null;
}

export const INITIAL_STATE: PanelState = {
  documentUri: null,
  shown: null,
  settings: null,
  tab: 'tree',
  expanded: [],
  collapsed: [],
  selected: null,
  path: [],
  highlight: null,
  view: null,
  importance: 'mdi',
  rulesSort: { key: 'covered', descending: true },
  pin: null,
};

/** A state saved before the steps grown by hand were kept held their count only: that tree is shown as any other. */
function withHandSteps(shown: NonNullable<PanelState['shown']>): NonNullable<PanelState['shown']> {
  if (shown.byHand === undefined || Array.isArray(shown.byHand.steps)) return shown;
  const { byHand: _old, ...rest } = shown;
  return rest;
}

/** A saved state is data from a previous session: keep it only if it has the expected shape. */
export function restoreState(saved: unknown): PanelState {
  if (typeof saved !== 'object' || saved === null) return { ...INITIAL_STATE };
  const s = saved as Partial<PanelState>;
  const numbers = (v: unknown) => (Array.isArray(v) && v.every((x) => Number.isInteger(x)) ? (v as number[]) : []);
  const value = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? v : null);
  // A state saved before the path had a field of its own kept it in the highlight.
  const path = numbers(s.path ?? (s.highlight as { path?: unknown } | null | undefined)?.path);
  return {
    ...INITIAL_STATE,
    documentUri: typeof s.documentUri === 'string' ? s.documentUri : null,
    // A state saved by an earlier version holds its tree in another shape: not drawn from.
    shown: s.shown && typeof s.shown === 'object' && Array.isArray(s.shown.report?.model?.nodes?.id) ? withHandSteps(s.shown) : null,
    settings: s.settings && typeof s.settings === 'object' ? s.settings : null,
    tab: s.tab === 'rules' || s.tab === 'importances' || s.tab === 'metrics' || s.tab === 'compare' ? s.tab : 'tree',
    expanded: numbers(s.expanded),
    collapsed: numbers(s.collapsed),
    selected: Number.isInteger(s.selected) ? (s.selected as number) : null,
    path,
    highlight: s.highlight && typeof s.highlight === 'object' && path.length > 0 ? { row: Number.isInteger(s.highlight.row) ? s.highlight.row : null, prediction: value(s.highlight.prediction), actual: value(s.highlight.actual) } : null,
    view: s.view && typeof s.view.scale === 'number' ? s.view : null,
    importance: s.importance === 'permutation' || s.importance === 'splits' ? s.importance : 'mdi',
    // The sort goes to the host, which rejects a malformed one.
    rulesSort:
      s.rulesSort && RULE_SORT_KEYS.includes(s.rulesSort.key) && typeof s.rulesSort.descending === 'boolean'
        ? { key: s.rulesSort.key, descending: s.rulesSort.descending }
        : INITIAL_STATE.rulesSort,
    // The host checks the settings and edits as it checks any message; here only the shape.
    pin: s.pin && typeof s.pin === 'object' && typeof s.pin.settings === 'object' && s.pin.settings !== null && Array.isArray(s.pin.edits) ? { settings: s.pin.settings, edits: s.pin.edits } : null,
  };
}

// The tree-browsing controller every page that shows a tree uses (webview/tree-browser.ts): the
// selection, a row's path and the arrow keys, on a page's own state store, through a stand-in view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeModel, encodeModel } from '../../../src/engine/model-columns';
import { neighbour, newBrowseState, TreeBrowser, type BrowsedView, type Direction } from '../../../webview/tree-browser';
import { bigTree } from '../helpers/big-tree';

// Depth 3 in preorder: 0 → 1, 8; 1 → 2, 5; 2 → 3, 4; 5 → 6, 7; 8 → 9, 12; 9 → 10, 11; 12 → 13, 14.
const tree = decodeModel(encodeModel(bigTree(3, 'classification')));

function page(drawn: readonly number[], direction: Direction = 'TD') {
  const calls: string[] = [];
  const state = newBrowseState();
  const view: BrowsedView = {
    folded: new Set(),
    direction,
    nodesAcross: () => 4,
    revealNodes: (ids) => void calls.push(`reveal ${ids.join(',')}`),
    focusNode: (id) => void calls.push(`focus ${id}`),
    select: (id) => void calls.push(`outline ${id}`),
    isDrawn: (id) => drawn.includes(id),
  };
  const browser = new TreeBrowser(view, {
    tree: () => tree,
    state: () => state,
    fetchSubtree: () => Promise.resolve(),
    draw: (fit) => {
      calls.push(`draw ${fit ? 'fitted' : 'kept'} path ${state.path.join(',')} selected ${state.selected}`);
      return Promise.resolve();
    },
    selected: (id) => void calls.push(`details ${id}`),
  });
  return { browser, state, calls };
}

test('a selection is kept in the page state, outlined, then shown by the page; none clears it', () => {
  const { browser, state, calls } = page([0, 1, 8]);
  browser.select(8);
  assert.equal(state.selected, 8);
  assert.equal(browser.selected, 8);
  browser.select(null);
  assert.equal(state.selected, null);
  assert.deepEqual(calls, ['outline 8', 'details 8', 'outline null', 'details null']);
});

test("a row's path: drawn fitted with its leaf selected, then the leaf outlined, shown and focused; Clear path keeps the view", async () => {
  const { browser, state, calls } = page([0, 1, 5, 6]);
  await browser.showPath([0, 1, 5, 6]);
  assert.deepEqual(state.path, [0, 1, 5, 6]);
  assert.equal(state.selected, 6);
  assert.deepEqual(calls, ['draw fitted path 0,1,5,6 selected 6', 'outline 6', 'details 6', 'focus 6']);
  calls.length = 0;
  browser.clearPath();
  assert.deepEqual(state.path, []);
  assert.deepEqual(calls, ['draw kept path  selected 6'], 'the selection stays');
});

test('a path recorded without drawing (the comparison draws both panes itself) is what the view draws; a new tree drops it all', () => {
  const { browser, state } = page([0]);
  state.expanded.push(9);
  browser.setPath([0, 8, 12, 13]);
  browser.select(13);
  assert.deepEqual(browser.drawn(), { expanded: [9], collapsed: [], path: [0, 8, 12, 13], selected: 13 });
  browser.reset();
  assert.deepEqual(browser.drawn(), { expanded: [], collapsed: [], path: [], selected: null });
});

test('arrow keys on a node move the focus to its drawn parent, first drawn child and drawn siblings', () => {
  const drawn = [0, 1, 2, 5, 8]; // 2's and 5's children and 8's folded
  const { browser, calls } = page(drawn);
  const moves: [number, string][] = [[1, 'ArrowUp'], [1, 'ArrowDown'], [1, 'ArrowRight'], [8, 'ArrowLeft'], [5, 'ArrowLeft'], [2, 'ArrowDown'], [0, 'ArrowUp'], [0, 'ArrowLeft']];
  for (const [id, key] of moves) assert.equal(browser.moveFocus(id, key), true, `${key} from ${id}`);
  assert.deepEqual(calls, ['focus 0', 'focus 2', 'focus 8', 'focus 1', 'focus 2'], 'none from a leaf of the drawing down, from the root up or sideways');
  assert.equal(browser.moveFocus(1, 'Enter'), false, 'not an arrow: left to the view');
  // Left to right, the keys turn with the drawing.
  const isDrawn = (id: number) => drawn.includes(id);
  assert.equal(neighbour(tree.model, isDrawn, 1, 'ArrowLeft', 'LR'), 0);
  assert.equal(neighbour(tree.model, isDrawn, 1, 'ArrowRight', 'LR'), 2);
  assert.equal(neighbour(tree.model, isDrawn, 1, 'ArrowDown', 'LR'), 8);
  assert.equal(neighbour(tree.model, isDrawn, 8, 'ArrowUp', 'LR'), 1);
});

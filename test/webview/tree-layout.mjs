/* global document, window, getComputedStyle -- evaluated in the panel's page */
// What the tree-first layout measures in the tree panel (issue 16): the tree's viewport against
// the panel, the size node text is seen at (its computed size times the zoom), the nodes drawn and
// where the node details are, the nodes wholly in view, the overview and the page's scroll. Passed to page.evaluate by the webview check and the e2e layout test.

export function treeLayout() {
  const viewport = document.querySelector('.viewport').getBoundingClientRect();
  const svg = document.querySelector('.stage svg');
  const scale = svg.getBoundingClientRect().width / svg.width.baseVal.value;
  const label = svg.querySelector('g.node[data-ref^="node:"] .nodeLabel');
  const fontPx = parseFloat(getComputedStyle(label).fontSize);
  const details = document.querySelector('.details');
  const overview = document.querySelector('.overview');
  const inside = (b) => b.left >= viewport.left - 0.5 && b.right <= viewport.right + 0.5 && b.top >= viewport.top - 0.5 && b.bottom <= viewport.bottom + 0.5;
  const box = (e) => (({ left, top, width, height }) => ({ left, top, width, height }))(e.getBoundingClientRect());
  const shown = overview && !overview.hidden ? overview.getBoundingClientRect() : null;
  const overlaps = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  return {
    panelWidth: document.documentElement.clientWidth,
    panelHeight: window.innerHeight,
    width: viewport.width,
    height: viewport.height,
    scale,
    fontPx,
    seenPx: fontPx * scale,
    editorPx: parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--vscode-editor-font-size')),
    nodes: svg.querySelectorAll('g.node[data-ref^="node:"]').length,
    stubs: svg.querySelectorAll('g.node[data-ref^="stub:"]').length,
    details: details.hidden ? null : box(details),
    /** Nodes (stubs not counted) whose box is wholly inside the tree's viewport. */
    whole: [...svg.querySelectorAll('g.node[data-ref^="node:"]')].filter((g) => inside(g.getBoundingClientRect())).length,
    /** Cells in the overview of the whole tree, or null when it is not on show. */
    overview: overview && !overview.hidden ? Number(overview.querySelector('canvas').dataset.cells) : null,
    /** Drawn nodes, stubs and edge labels the overview lies over (some part of their box). */
    overviewCovers: shown
      ? [...svg.querySelectorAll('g.node, g.edgeLabel')].filter((g) => {
          const b = g.getBoundingClientRect();
          return b.width > 0 && b.height > 0 && overlaps(shown, b);
        }).length
      : 0,
    scrollY: window.scrollY,
  };
}

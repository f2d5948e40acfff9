/* global module -- CommonJS, so the TypeScript webview check and the ESM e2e test both import it */
// A CSV whose tree grown to depth 6 is full: 127 nodes (every node splits, no two sibling leaves
// predict alike). Four uniform features and a three-class label from a noisy linear score, so
// every node's rows stay mixed. Used by the webview check (as a report) and by the e2e fit test
// (as a 60,000-row file beside which the panel opens).
function deepTreeCsv(rows) {
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const lines = ['a,b,c,d,label'];
  for (let r = 0; r < rows; r++) {
    const x = Array.from({ length: 4 }, () => Math.round(next() * 10_000) / 100);
    const s = x[0] - x[1] + 0.5 * x[2] + (next() - 0.5) * 40;
    lines.push([...x, s > 30 ? 'high' : s > 0 ? 'mid' : 'low'].join(','));
  }
  return lines.join('\n') + '\n';
}
module.exports = { deepTreeCsv };

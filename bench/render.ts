// bench:render — time to turn big trees into Mermaid text (the part that runs on every fold,
// expand and row highlight), folded as the panel opens them, at the "Expand all" budget, and whole.
// Printed, not asserted. Run: node scripts/build.mjs && node dist/bench/render.js
import { MODEL_FORMAT, MODEL_VERSION, type ModelNode, type TreeModel } from '../src/engine/model';
import { treeToMermaid, type MermaidOptions } from '../src/render/mermaid';

/** A complete binary tree of the given depth over 8 features and 3 classes, in preorder. */
function syntheticTree(depth: number): TreeModel {
  const nodes: ModelNode[] = [];
  const grow = (d: number, counts: number[]): number => {
    const id = nodes.length;
    const samples = counts.reduce((a, b) => a + b, 0);
    const node: ModelNode = {
      id,
      depth: d,
      samples,
      impurity: 0.5,
      value: counts,
      prediction: `class ${counts.indexOf(Math.max(...counts))}`,
      split: d < depth ? { feature: `feature_${d % 8}`, kind: 'numeric', threshold: id * 0.37 } : null,
      missingGoesTo: d < depth ? 0 : null,
      children: [],
    };
    nodes.push(node);
    if (d < depth) {
      const left = counts.map((c, k) => Math.ceil(c * (k === d % 3 ? 0.8 : 0.3)));
      const right = counts.map((c, k) => Math.max(0, c - left[k]));
      node.children = [grow(d + 1, left), grow(d + 1, right)];
    }
    return id;
  };
  grow(0, [4000, 3000, 3000]);
  return {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    task: 'classification',
    target: 'y',
    classes: ['class 0', 'class 1', 'class 2'],
    features: Array.from({ length: 8 }, (_, i) => ({ name: `feature_${i}`, type: 'numeric' as const })),
    params: { target: 'y', criterion: 'gini', algorithm: 'cart' },
    nodes,
    featureImportances: {},
  };
}

function time(model: TreeModel, options: MermaidOptions): { ms: number; shown: number; chars: number } {
  const runs = 5;
  treeToMermaid(model, options); // warm-up, so the JIT is not timed
  let shown = 0;
  let chars = 0;
  const start = performance.now();
  for (let i = 0; i < runs; i++) {
    const d = treeToMermaid(model, options);
    shown = d.shownNodes;
    chars = d.text.length;
  }
  return { ms: (performance.now() - start) / runs, shown, chars };
}

for (const depth of [9, 12, 15]) {
  const model = syntheticTree(depth);
  const path: number[] = [];
  for (let id = 0; ; ) {
    path.push(id);
    const n = model.nodes[id];
    if (n.children.length === 0) break;
    id = n.children[n.children.length - 1];
  }
  const cases: [string, MermaidOptions][] = [
    ['folded (depth 4 / 60 nodes)', {}],
    ['folded + row path to the deepest leaf', { path }],
    ['expand-all budget (400 nodes)', { maxDepth: Infinity, maxNodes: 400 }],
    ['whole tree', { maxDepth: Infinity, maxNodes: Infinity }],
  ];
  for (const [name, options] of cases) {
    const r = time(model, options);
    console.log(
      `${String(model.nodes.length).padStart(6)} nodes  ${name.padEnd(40)} ${r.ms.toFixed(2).padStart(9)} ms  ${String(r.shown).padStart(6)} shown  ${(r.chars / 1024).toFixed(0).padStart(6)} KiB`,
    );
  }
}

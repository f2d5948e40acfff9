import { MODEL_FORMAT, MODEL_VERSION, type ModelNode, type TreeModel } from '../../../src/engine/model';

/** A complete binary tree of the given depth, in preorder, as training writes them. */
export function bigTree(depth: number, task: 'classification' | 'regression'): TreeModel {
  const nodes: ModelNode[] = [];
  const grow = (d: number, a: number, b: number): number => {
    const id = nodes.length;
    const node: ModelNode = {
      id,
      depth: d,
      samples: a + b,
      impurity: (2 * a * b) / ((a + b) * (a + b)),
      value: task === 'classification' ? [a, b] : (a - b) / (a + b),
      prediction: task === 'classification' ? (a >= b ? 'yes' : 'no') : (a - b) / (a + b),
      split: d < depth ? { feature: `x${d % 3}`, kind: 'numeric', threshold: id / 7 } : null,
      missingGoesTo: d < depth ? 1 : null,
      children: [],
    };
    nodes.push(node);
    if (d < depth) node.children = [grow(d + 1, a + 3, b + 1), grow(d + 1, a + 1, b + 2)];
    return id;
  };
  grow(0, 5, 4);
  return {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    task,
    target: 'y',
    ...(task === 'classification' ? { classes: ['no', 'yes'] } : {}),
    features: ['x0', 'x1', 'x2'].map((name) => ({ name, type: 'numeric' as const })),
    params: { target: 'y', criterion: task === 'classification' ? 'gini' : 'squared_error', algorithm: 'cart' },
    nodes,
    featureImportances: {},
  };
}

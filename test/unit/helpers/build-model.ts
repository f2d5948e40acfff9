// Hand-built trees for tests: a nested spec in, a valid TreeModel (preorder ids, depths, samples,
// Gini impurities, majority predictions) out.
import type { ModelFeature, ModelNode, ModelSplit, TreeModel } from '../../../src/engine/model';
import { gini } from '../../../src/engine/impurity';

export interface NodeSpec {
  /** Class counts, or [mean, variance, samples] for regression (see `regression`). */
  value: number[];
  split?: ModelSplit;
  missingGoesTo?: number;
  children?: NodeSpec[];
  prediction?: string | number;
}

export function buildModel(
  root: NodeSpec,
  opts: { classes?: string[]; features: ModelFeature[]; target?: string; regression?: boolean },
): TreeModel {
  const nodes: ModelNode[] = [];
  const visit = (spec: NodeSpec, depth: number): number => {
    const id = nodes.length;
    const regression = opts.regression === true;
    const counts = spec.value;
    const node: ModelNode = {
      id,
      depth,
      samples: regression ? counts[2] : counts.reduce((a, b) => a + b, 0),
      impurity: regression ? counts[1] : gini(counts),
      value: regression ? counts[0] : [...counts],
      prediction: spec.prediction ?? (regression ? counts[0] : (opts.classes ?? [])[counts.indexOf(Math.max(...counts))]),
      split: spec.split ?? null,
      missingGoesTo: spec.split ? (spec.missingGoesTo ?? 0) : null,
      children: [],
    };
    nodes.push(node);
    node.children = (spec.children ?? []).map((c) => visit(c, depth + 1));
    return id;
  };
  visit(root, 0);
  const target = opts.target ?? 'y';
  return {
    format: 'decision-tree-explorer/model',
    version: 1,
    task: opts.regression ? 'regression' : 'classification',
    target,
    classes: opts.regression ? undefined : opts.classes,
    features: opts.features,
    params: { target, criterion: opts.regression ? 'squared_error' : 'gini', algorithm: 'cart' },
    nodes,
    featureImportances: {},
  };
}

export const num = (feature: string, threshold: number): ModelSplit => ({ feature, kind: 'numeric', threshold });
export const cat = (feature: string, ...branches: string[][]): ModelSplit => ({ feature, kind: 'categorical', branches });

/** Nodes (ids in preorder) built by hand for a deep tree, as a CART classification model of y ∈ {a, b} on one numeric feature x. */
export function oneFeatureModel(nodes: ModelNode[], featureImportances: Record<string, number> = {}): TreeModel {
  return {
    format: 'decision-tree-explorer/model',
    version: 1,
    task: 'classification',
    target: 'y',
    classes: ['a', 'b'],
    features: [{ name: 'x', type: 'numeric' }],
    params: { target: 'y', criterion: 'gini', algorithm: 'cart' },
    nodes,
    featureImportances,
  };
}

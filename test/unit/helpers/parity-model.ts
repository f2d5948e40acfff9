// Builds a TreeModel from a parity fixture's node list (scikit-learn's `tree` or the `canonical`
// tree), so pruning, rules and importances can be checked against the fixture without training.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ModelNode, TrainParams, TreeModel } from '../../../src/engine/model';
import type { ParityNode } from './parity-json';

/** A fixture node: check.py's node shape with its depth. */
type FixtureNode = Omit<ParityNode, 'id'> & { depth: number };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function parityExpected(caseName: string): any {
  return JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/parity', caseName, 'expected.json'), 'utf8'));
}

export function parityModel(caseName: string, which: 'tree' | 'canonical'): TreeModel {
  const exp = parityExpected(caseName);
  const src: FixtureNode[] = which === 'tree' ? exp.tree.nodes : exp.canonical.nodes;
  const classes: string[] | undefined = exp.classes;
  const nodes: ModelNode[] = src.map((n, id) => {
    let prediction: string | number;
    if (Array.isArray(n.value) && classes) {
      const counts = n.value;
      prediction = classes[counts.indexOf(Math.max(...counts))];
    } else {
      prediction = n.value as number;
    }
    return {
      id,
      depth: n.depth,
      samples: n.samples,
      impurity: n.impurity,
      value: n.value,
      prediction,
      split: n.feature === null ? null : { feature: n.feature, kind: 'numeric', threshold: n.threshold as number },
      missingGoesTo: n.feature === null ? null : 0,
      children: n.left === null ? [] : [n.left, n.right as number],
    };
  });
  return {
    format: 'decision-tree-explorer/model',
    version: 1,
    task: classes ? 'classification' : 'regression',
    target: exp.target,
    classes,
    features: (exp.features as string[]).map((name) => ({ name, type: 'numeric' })),
    params: { target: exp.target, criterion: exp.criterion ?? 'gini', algorithm: 'cart' },
    nodes,
    featureImportances: which === 'tree' ? exp.feature_importances : exp.canonical.feature_importances,
  };
}

export const SKLEARN_CASES = [
  'iris_gini_default',
  'iris_gini_max_depth_3',
  'iris_gini_max_leaf_nodes_8',
  'iris_gini_min_impurity_decrease_0.01',
  'iris_gini_min_samples_leaf_5',
  'iris_entropy_default',
  'iris_entropy_max_depth_3',
  'iris_entropy_max_leaf_nodes_8',
  'iris_entropy_min_impurity_decrease_0.01',
  'iris_entropy_min_samples_leaf_5',
  'diabetes_squared_error_max_depth_3',
];

/** TrainParams equal to a scikit-learn case's estimator parameters. */
export function parityParams(caseName: string): TrainParams {
  const exp = parityExpected(caseName);
  const p = exp.params;
  return {
    target: exp.target,
    task: exp.task,
    criterion: p.criterion,
    maxDepth: p.max_depth,
    minSamplesLeaf: p.min_samples_leaf,
    minSamplesSplit: p.min_samples_split,
    maxLeafNodes: p.max_leaf_nodes,
    minImpurityDecrease: p.min_impurity_decrease,
  };
}

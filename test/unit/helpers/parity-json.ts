// The engine-output shape that test/fixtures/parity/check.py reads: binary nodes with left/right
// links, importances and predictions on a test set. Only CART (binary) models fit this shape.
import type { Dataset } from '../../../src/engine/dataset';
import type { TreeModel } from '../../../src/engine/model';
import { predict } from '../../../src/engine/tree/predict';

export interface ParityNode {
  id: number;
  feature: string | null;
  /** +Infinity: every present value left (a "missing vs present" split). */
  threshold: number | null;
  /** Whether missing values go to the left child (null for a leaf). */
  missing_go_to_left?: boolean | null;
  impurity: number;
  samples: number;
  value: number[] | number;
  left: number | null;
  right: number | null;
}

export interface ParityJson {
  classes?: string[];
  nodes: ParityNode[];
  featureImportances: Record<string, number>;
  predictions: Array<string | number>;
}

export function toParityJson(model: TreeModel, test: Dataset): ParityJson {
  const nodes = model.nodes.map((n): ParityNode => {
    const numeric = n.split?.kind === 'numeric';
    return {
      id: n.id,
      feature: n.split ? n.split.feature : null,
      threshold: n.split?.kind === 'numeric' ? n.split.threshold : null,
      missing_go_to_left: numeric ? n.missingGoesTo === 0 : null,
      impurity: n.impurity,
      samples: n.samples,
      value: n.value,
      left: numeric ? n.children[0] : null,
      right: numeric ? n.children[1] : null,
    };
  });
  return {
    ...(model.classes ? { classes: model.classes } : {}),
    nodes,
    featureImportances: model.featureImportances,
    predictions: predict(model, test),
  };
}

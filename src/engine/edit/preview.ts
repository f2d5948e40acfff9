// What an edit would change, before it is applied: the tree's scores and size before and after,
// CV scores on the same folds for both (structure-cv.ts).
import type { Dataset } from '../dataset';
import type { TreeEdit, TreeModel } from '../model';
import { predictRows, scoreOf } from '../validation/evaluate';
import { applyEdit } from './apply';
import type { FoldSettings } from '../validation/cross-validate';
import { structureCv } from './structure-cv';

export interface TreeSummary {
  /** Accuracy (classification) or R² (regression) on the training rows. */
  trainingScore: number;
  /** Mean out-of-fold score of the same structure, leaves refitted per fold (structure-cv.ts); null without folds. */
  cvScore: number | null;
  nodes: number;
  leaves: number;
  depth: number;
}

export interface EditPreview {
  model: TreeModel;
  before: TreeSummary;
  after: TreeSummary;
}

/** `dataset`: the rows the tree was trained on; `folds`: k of the structure's CV (seed 0) or its fold settings, none when absent. */
export function summarizeTree(dataset: Dataset, model: TreeModel, folds?: number | FoldSettings): TreeSummary {
  return {
    trainingScore: scoreOf(predictRows(model, dataset)),
    cvScore: folds === undefined ? null : structureCv(dataset, model, typeof folds === 'number' ? { k: folds, seed: 0 } : folds).mean,
    nodes: model.nodes.length,
    leaves: model.nodes.filter((n) => n.children.length === 0).length,
    depth: model.nodes.reduce((d, n) => Math.max(d, n.depth), 0),
  };
}

/** The edited model and both summaries; throws as applyEdit does. */
export function previewEdit(dataset: Dataset, model: TreeModel, edit: TreeEdit, folds?: number | FoldSettings): EditPreview {
  const after = applyEdit(dataset, model, edit);
  return { model: after, before: summarizeTree(dataset, model, folds), after: summarizeTree(dataset, after, folds) };
}

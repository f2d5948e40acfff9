// Model JSON save/load (docs/model-format.md). Loading checks the format tag and version first, then
// the shape every reader relies on (preorder ids, children in range, splits naming known
// features), so a foreign or damaged file is a clear InputError('bad-model'), never a crash later.
import { COLUMN_TYPES, isNumericType, isOrderedType } from '../dataset';
import { bad } from './bad-model';
import { jsonText } from '../json-text';
import { MODEL_FORMAT, MODEL_VERSION, type DecisionThreshold, type ModelNode, type TreeModel } from '../model';
import { criterionNames, isCriterion } from './criteria';
import { checkDecisionThreshold, leafOffThreshold } from './decision-threshold';

export { bad };

/**
 * The model as compact JSON text with nodes as objects (version 1), a final newline: what `train`
 * and `edit` print. Files are written as version 2 (forest/tree-model-file.ts modelFileChunks).
 */
export function serializeModel(model: TreeModel): string {
  return jsonText(model) + '\n';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

function checkNode(node: unknown, id: number, model: TreeModel, features: Map<string, TreeModel['features'][number]>): void {
  if (!isObject(node)) bad(`node ${id} is not an object`);
  const n = node as unknown as ModelNode;
  if (n.id !== id) bad(`node at index ${id} has id ${String(n.id)} (ids must equal their index)`);
  if (typeof n.samples !== 'number' || typeof n.impurity !== 'number' || typeof n.depth !== 'number') bad(`node ${id} lacks samples, impurity or depth`);
  if (model.task === 'classification') {
    if (!Array.isArray(n.value) || n.value.length !== (model.classes as string[]).length || n.value.some((v) => typeof v !== 'number')) {
      bad(`node ${id} value must hold one count per class`);
    }
  } else if (typeof n.value !== 'number') bad(`node ${id} value must be a number`);
  if (!Array.isArray(n.children) || n.children.some((c) => !Number.isInteger(c) || c <= id || c >= model.nodes.length)) {
    bad(`node ${id} children must be later node ids`);
  }
  if (n.sawMissing !== undefined && typeof n.sawMissing !== 'boolean') bad(`node ${id} sawMissing must be true or false`);
  if (n.split === null || n.split === undefined) {
    if (n.children.length !== 0) bad(`node ${id} has children but no split`);
    return;
  }
  const f = features.get(n.split.feature);
  if (f === undefined) bad(`node ${id} splits on unknown feature "${String(n.split.feature)}"`);
  if (n.split.kind === 'numeric') {
    // A threshold may be +Infinity, written 1e309 (json-text.ts).
    if (!isOrderedType(f.type) || typeof n.split.threshold !== 'number' || n.children.length !== 2) bad(`node ${id} has a malformed numeric split`);
  } else if (n.split.kind === 'categorical') {
    if (isOrderedType(f.type) || !Array.isArray(n.split.branches) || !n.split.branches.every(isStringArray) || n.split.branches.length !== n.children.length) {
      bad(`node ${id} has a malformed categorical split`);
    }
  } else bad(`node ${id} has an unknown split kind`);
  if (!Number.isInteger(n.missingGoesTo) || (n.missingGoesTo as number) < 0 || (n.missingGoesTo as number) >= n.children.length) {
    bad(`node ${id} missingGoesTo must index its children`);
  }
}

/** An edited model's snipped subtree (model.ts ModelNode.snipped): a leaf's, checked as a tree of its own. */
function checkSnipped(node: ModelNode, model: TreeModel, features: Map<string, TreeModel['features'][number]>): void {
  if (node.snipped === undefined) return;
  if (node.children.length > 0 || !Array.isArray(node.snipped) || node.snipped.length === 0) bad(`node ${node.id} snipped must be a leaf's non-empty subtree`);
  const sub = { ...model, nodes: node.snipped };
  sub.nodes.forEach((n, i) => {
    checkNode(n, i, sub, features);
    checkSnipped(n, sub, features);
  });
}

const EDIT_OPS = new Set(['split', 'snip', 'restore', 'grow']);
/** A model file's recorded decision threshold (tree or forest), checked as the CLI checks --threshold; a problem is the file's. */
export function checkFileThreshold(model: Pick<TreeModel, 'task' | 'target' | 'classes'>, threshold: unknown): void {
  if (!isObject(threshold)) bad('"decisionThreshold" must be { positiveClass, value }');
  try {
    checkDecisionThreshold(model, threshold as unknown as DecisionThreshold);
  } catch (err) {
    bad((err as Error).message);
  }
}

const isSplitOrNull = (v: unknown): boolean => v === null || (isObject(v) && typeof v.feature === 'string' && (v.kind === 'numeric' || v.kind === 'categorical'));

/** `edited` and `edits` (docs/model-format.md "Edits"): a record of the edits, not needed to predict. */
function checkEdits(model: TreeModel): void {
  if (model.edited !== undefined && typeof model.edited !== 'boolean') bad('"edited" must be true or false');
  if (model.edits === undefined) return;
  if (!Array.isArray(model.edits)) bad('"edits" must be an array');
  model.edits.forEach((record: unknown, i) => {
    const r = record as Record<string, unknown>;
    const edit = isObject(record) && isObject(r.edit) ? r.edit : null;
    const ok = edit !== null && EDIT_OPS.has(edit.op as string) && Number.isInteger(edit.node) && (edit.op !== 'split' || (edit.split !== null && isSplitOrNull(edit.split))) && isSplitOrNull(r.before) && isSplitOrNull(r.after);
    if (!ok) bad(`edit ${i + 1} must be { edit: { op, node, split? }, before, after }`);
  });
}

/** A model file's JSON object, or a clear error. */
export function parseModelObject(text: string): Record<string, unknown> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    bad(`invalid JSON (${(err as Error).message})`);
  }
  if (!isObject(raw)) bad('expected a JSON object');
  return raw;
}

/** Checks a model's version against those this build reads (oldest … newest): a newer file says so (update), others are unsupported. */
export function checkVersion(raw: Record<string, unknown>, kind: string, newest: number, oldest = newest): void {
  const v = raw.version;
  if (typeof v === 'number' && Number.isInteger(v) && v >= oldest && v <= newest) return;
  const newer = typeof v === 'number' && v > newest ? ': the file was made by a newer Decision Tree Explorer, update it to read it' : '';
  const reads = oldest === newest ? `version ${newest}` : `versions ${oldest} to ${newest}`;
  bad(`version ${JSON.stringify(v ?? null)} is not supported (this build reads ${kind} ${reads})${newer}`);
}

/** Parses and validates a tree model's text with nodes as objects (version 1: what `train` prints); files of either version: forest/tree-model-file.ts parseTreeFile. */
export function parseModel(text: string): TreeModel {
  return treeFromObject(parseModelObject(text));
}

/** A parsed model's object with nodes as objects (version 1) as a tree model, checked. */
export function treeFromObject(raw: Record<string, unknown>): TreeModel {
  if (raw.format !== MODEL_FORMAT) bad(`format is ${JSON.stringify(raw.format ?? null)}, expected "${MODEL_FORMAT}"`);
  checkVersion(raw, 'tree model', MODEL_VERSION);
  return checkTreeModel(raw as unknown as TreeModel);
}

/** Checks a model's task, target, classes, features (what its nodes are checked against) and criterion, when it names one. */
export function checkModelHead(model: Pick<TreeModel, 'task' | 'target' | 'classes' | 'features'> & { readonly params?: { readonly criterion?: unknown } }): void {
  const criterion = isObject(model.params) ? model.params.criterion : undefined;
  if (criterion !== undefined && !isCriterion(criterion)) bad(`params.criterion ${JSON.stringify(criterion)} is not a split criterion (${criterionNames().join(', ')})`);
  if (model.task !== 'classification' && model.task !== 'regression') bad('task must be "classification" or "regression"');
  if (typeof model.target !== 'string') bad('target must be a column name');
  if (model.task === 'classification' && (!isStringArray(model.classes) || model.classes.length === 0)) bad('classification models need "classes"');
  if (!Array.isArray(model.features) || !model.features.every((f) => isObject(f) && typeof f.name === 'string')) bad('"features" must list named features');
  for (const f of model.features) {
    if (!COLUMN_TYPES.includes(f.type)) bad(`feature "${f.name}" has an unknown type ${JSON.stringify(f.type ?? null)}`);
    if (!isNumericType(f.type) && !isStringArray(f.categories)) bad(`feature "${f.name}" of type ${f.type} needs "categories"`);
    if (f.header !== undefined && typeof f.header !== 'string') bad(`feature "${f.name}" has a header that is not a string`);
    if (f.decimal !== undefined && f.decimal !== ',') bad(`feature "${f.name}" has a decimal mark other than ","`);
  }
}

/** Checks everything a tree model's readers rely on after its format and version; returns it. */
export function checkTreeModel(model: TreeModel): TreeModel {
  checkModelHead(model);
  if (!Array.isArray(model.nodes) || model.nodes.length === 0) bad('"nodes" must be a non-empty array');
  if (!isObject(model.featureImportances)) bad('"featureImportances" must be an object');
  const features = new Map(model.features.map((f) => [f.name, f]));
  model.nodes.forEach((node, id) => {
    checkNode(node, id, model, features);
    checkSnipped(node, model, features);
  });
  checkEdits(model);
  if (model.decisionThreshold !== undefined) {
    checkFileThreshold(model, model.decisionThreshold);
    const off = leafOffThreshold(model);
    if (off) bad(`leaf ${off.id} predicts "${String(off.prediction)}" but its share of "${model.decisionThreshold.positiveClass}" is on the other side of the decision threshold ${model.decisionThreshold.value}`);
  }
  return model;
}

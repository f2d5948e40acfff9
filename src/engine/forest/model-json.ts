// Forest model JSON save/load (docs/model-format.md "Forest model"), and the one reader for any
// model file: the format tag says tree or forest, the version is checked (a newer file is a clear
// "update" error), then every tree of a forest is checked as a tree model is. In memory the trees
// are packed (packed-tree.ts): writing unpacks and writes one tree at a time, reading a file's
// bytes parses, checks and packs one tree at a time, so neither holds the forest as node objects
// nor its text as one string.
import { jsonText } from '../json-text';
import type { TreeModel } from '../model';
import { bad, checkTreeModel, checkVersion, parseModelObject, treeFromObject } from '../tree/model-json';
import { topLevelArray } from './json-spans';
import { packTree, unpackTree } from './packed-tree';
import { asTreeModel } from './predict';
import { FOREST_FORMAT, FOREST_VERSION, type ForestModel, type ForestTree } from './types';

export type AnyModel = { kind: 'tree'; model: TreeModel } | { kind: 'forest'; model: ForestModel };

/** Stands in for the trees while the rest is written: a string (starting with NUL) no model holds as the value of "trees". */
const TREES_MARK = '\u0000trees';

/**
 * JSON text (jsonText, `space` as JSON.stringify's) of a forest model, or of a value holding one
 * (`wrap` puts the model in it: a report), and a newline, in chunks: the text around the trees,
 * then each tree as `{ nodes, featureImportances }`, unpacked and written one at a time. The same
 * text as jsonText of the whole value with every tree unpacked.
 */
export function* forestJsonChunks(model: ForestModel, space: number | undefined, wrap: (model: unknown) => unknown = (m) => m): Generator<string> {
  const text = jsonText(wrap({ ...model, trees: TREES_MARK }), space);
  const found = new RegExp(`"trees": ?${JSON.stringify(TREES_MARK).replace(/\\/g, '\\\\')}`).exec(text);
  if (found === null) throw new Error('the forest model is not in the value written');
  const at = found.index + found[0].length - JSON.stringify(TREES_MARK).length;
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const indent = space === undefined || space === 0 ? null : (/^ */.exec(text.slice(lineStart)) as RegExpExecArray)[0];
  // JSON.stringify's layout of an array: each element on its own line, one level in.
  const inner = indent === null ? '' : '\n' + indent + ' '.repeat(space as number);
  yield text.slice(0, at) + '[';
  for (let t = 0; t < model.trees.length; t++) {
    const { packed, featureImportances } = model.trees[t];
    const tree = jsonText({ nodes: unpackTree(packed, model), featureImportances }, space);
    yield (t > 0 ? ',' : '') + inner + (inner === '' ? tree : tree.split('\n').join(inner));
  }
  yield (indent === null ? '' : '\n' + indent) + ']' + text.slice(at + JSON.stringify(TREES_MARK).length) + '\n';
}

/** The model file's chunks: 2-space indent. */
export const forestFileChunks = (model: ForestModel): Generator<string> => forestJsonChunks(model, 2);

/** The model file's text (small forests; a big one is written chunk by chunk: forestFileChunks). */
export function serializeForest(model: ForestModel): string {
  return [...forestFileChunks(model)].join('');
}

const positiveInteger = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1;

/** A file's trees before they are checked: how many, and tree t's parsed object (parsed, or handed over, once). */
interface RawTrees {
  count: number;
  take(t: number): unknown;
}

/** Tree `t` of a file, checked as a tree model and packed; its node objects go once this returns. */
function packChecked(head: Omit<ForestModel, 'trees'>, trees: RawTrees, t: number): ForestTree {
  try {
    const tree = trees.take(t);
    if (typeof tree !== 'object' || tree === null) bad('not an object');
    const { nodes, featureImportances } = tree as { nodes: TreeModel['nodes']; featureImportances: Record<string, number> };
    checkTreeModel(asTreeModel(head, nodes, featureImportances));
    if (nodes.some((n) => n.snipped !== undefined)) bad('a forest tree has no edits ("snipped")');
    return { packed: packTree(head, nodes), featureImportances };
  } catch (err) {
    bad(`tree ${t}: ${(err as Error).message.replace(/^not a usable model file: /, '')}`);
  }
}

/** Trees already parsed with the rest: each handed over once and dropped from the array. */
function parsedTrees(raws: unknown[]): RawTrees {
  return {
    count: raws.length,
    take: (t) => {
      const tree = raws[t];
      raws[t] = null;
      return tree;
    },
  };
}

function checkForest(raw: Record<string, unknown>, trees: RawTrees | null = Array.isArray(raw.trees) ? parsedTrees(raw.trees) : null): ForestModel {
  checkVersion(raw, 'forest model', FOREST_VERSION);
  const model = raw as unknown as Omit<ForestModel, 'trees'> & { trees: unknown };
  const params = model.params as unknown;
  if (typeof params !== 'object' || params === null) bad('a forest model needs "params"');
  if (model.params.ensemble !== 'forest' && model.params.ensemble !== 'bagging') bad('params.ensemble must be "forest" or "bagging"');
  if (model.params.voting !== 'soft' && model.params.voting !== 'hard') bad('params.voting must be "soft" or "hard"');
  if (!positiveInteger(model.params.maxFeatures)) bad('params.maxFeatures must be a count ≥ 1');
  if (trees === null || trees.count === 0) bad('"trees" must be a non-empty array');
  if (model.params.nTrees !== trees.count) bad(`params.nTrees is ${String(model.params.nTrees)} but the file holds ${trees.count} trees`);
  if (typeof model.featureImportances !== 'object' || model.featureImportances === null) bad('"featureImportances" must be an object');
  // Replaced in place, so the keys keep the file's order when written again.
  model.trees = Array.from({ length: trees.count }, (_, t) => packChecked(model, trees, t));
  return model as unknown as ForestModel;
}

/** A parsed forest model file's object (or a report's `model`), checked and its trees packed (in place: its node objects are dropped). */
export function forestFromObject(raw: Record<string, unknown>): ForestModel {
  if (raw.format !== FOREST_FORMAT) bad(`format is ${JSON.stringify(raw.format ?? null)}, expected "${FOREST_FORMAT}"`);
  return checkForest(raw);
}

/** Parses and validates a forest model file's text. */
export function parseForest(text: string): ForestModel {
  return forestFromObject(parseModelObject(text));
}

/** Reads a tree or a forest model file. */
export function readModelJson(text: string): AnyModel {
  const raw = parseModelObject(text);
  if (raw.format === FOREST_FORMAT) return { kind: 'forest', model: checkForest(raw) };
  return { kind: 'tree', model: treeFromObject(raw) };
}

const decoder = new TextDecoder();

/**
 * Reads a tree or a forest model file's bytes. A forest's text is parsed without its trees, then
 * one tree at a time (json-spans.ts), each checked and packed before the next is parsed.
 */
export function readModelBytes(bytes: Uint8Array): AnyModel {
  const spans = topLevelArray(bytes, 'trees');
  const text = (from: number, to: number): string => decoder.decode(bytes.subarray(from, to));
  if (spans === null) return readModelJson(text(0, bytes.length));
  const raw = parseModelObject(text(0, spans.array[0]) + '[]' + text(spans.array[1], bytes.length));
  if (raw.format !== FOREST_FORMAT) return readModelJson(text(0, bytes.length));
  const trees: RawTrees = { count: spans.items.length, take: (t) => parseModelObject(text(...spans.items[t])) };
  return { kind: 'forest', model: checkForest(raw, trees) };
}

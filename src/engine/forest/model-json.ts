// Forest model files (docs/model-format.md "Forest model"), and the one reader for any model file:
// the format tag says tree or forest, the version is checked (a newer file is a clear "update"
// error), then every tree of a forest is checked as a tree model is. In memory the trees are packed
// (packed-tree.ts); the file (version 2) holds each tree's packed columns as arrays of numbers
// (file-columns.ts). Writing yields the text a slice of a column at a time; reading takes the
// bytes as they arrive (json-stream.ts), parses, checks and packs one tree at a time, so neither
// holds the forest's text as one string nor its nodes as objects. Version 1 files, whose trees
// are tree-model nodes, are still read.
import { CHUNKS_MARK, jsonTextAround } from '../json-text';
import { JsonStream, type Descent, type JsonPath, type JsonStreamHandler } from '../json-stream';
import type { TreeModel } from '../model';
import { bad, checkFileThreshold, checkModelHead, checkTreeModel, checkVersion, parseModelObject } from '../tree/model-json';
import { columnsToPacked, treeFileChunks, type RawColumns } from './file-columns';
import { packTree } from './packed-tree';
import { asTreeModel } from './predict';
import { treeFromFileObject } from './tree-model-file';
import { FOREST_FORMAT, FOREST_VERSION, type ForestModel, type ForestTree } from './types';

export type AnyModel = { kind: 'tree'; model: TreeModel } | { kind: 'forest'; model: ForestModel };

/**
 * Compact JSON text (jsonText) of a forest model, or of a value holding one (`wrap` puts the
 * model in it: a report), and a newline, in chunks: the text around the trees, then each tree's
 * columns (file-columns.ts) a slice at a time.
 */
export function* forestJsonChunks(model: ForestModel, wrap: (model: unknown) => unknown = (m) => m): Generator<string> {
  yield* jsonTextAround(wrap({ ...model, version: FOREST_VERSION, trees: CHUNKS_MARK }), 'trees', treesChunks(model));
  yield '\n';
}

function* treesChunks(model: ForestModel): Generator<string> {
  yield '[';
  for (let t = 0; t < model.trees.length; t++) {
    if (t > 0) yield ',';
    yield* treeFileChunks(model.trees[t].packed, model.trees[t].featureImportances);
  }
  yield ']';
}

/** The model file's chunks. */
export const forestFileChunks = (model: ForestModel): Generator<string> => forestJsonChunks(model);

/** The model file's text (small forests; a big one is written chunk by chunk: forestFileChunks). */
export function serializeForest(model: ForestModel): string {
  return [...forestFileChunks(model)].join('');
}

const positiveInteger = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** What every tree is checked against: the forest's format, version and parameters. */
function checkForestHead(raw: Record<string, unknown>): void {
  if (raw.format !== FOREST_FORMAT) bad(`format is ${JSON.stringify(raw.format ?? null)}, expected "${FOREST_FORMAT}"`);
  checkVersion(raw, 'forest model', FOREST_VERSION, 1);
  const params = raw.params as ForestModel['params'] | undefined;
  if (!isObject(params)) bad('a forest model needs "params" before its "trees"');
  if (params.ensemble !== 'forest' && params.ensemble !== 'bagging') bad('params.ensemble must be "forest" or "bagging"');
  if (params.voting !== 'soft' && params.voting !== 'hard') bad('params.voting must be "soft" or "hard"');
  if (!positiveInteger(params.maxFeatures)) bad('params.maxFeatures must be a count ≥ 1');
  checkModelHead(raw as unknown as ForestModel);
}

/** Tree `t` of a file (version 1: tree-model nodes; 2: columns), checked and packed. */
function packFileTree(head: ForestModel, raw: unknown, t: number): ForestTree {
  try {
    if (!isObject(raw)) bad('not an object');
    const { featureImportances } = raw as { featureImportances: Record<string, number> };
    if (!isObject(featureImportances)) bad('"featureImportances" must be an object');
    if ((head.version as number) === 1) {
      const nodes = raw.nodes as TreeModel['nodes'];
      checkTreeModel(asTreeModel(head, nodes, featureImportances));
      if (nodes.some((n) => n.snipped !== undefined)) bad('a forest tree has no edits ("snipped")');
      return { packed: packTree(head, nodes), featureImportances };
    }
    return { packed: columnsToPacked(head, raw as RawColumns), featureImportances };
  } catch (err) {
    bad(`tree ${t}: ${(err as Error).message.replace(/^not a usable model file: /, '')}`);
  }
}

/** The forest once its trees are packed: the counts agree; read as the version written from now on. */
function finishForest(raw: Record<string, unknown>, trees: ForestTree[]): ForestModel {
  const model = raw as unknown as ForestModel;
  if (trees.length === 0) bad('"trees" must be a non-empty array');
  if (model.params.nTrees !== trees.length) bad(`params.nTrees is ${String(model.params.nTrees)} but the file holds ${trees.length} trees`);
  if (!isObject(model.featureImportances)) bad('"featureImportances" must be an object');
  if (model.decisionThreshold !== undefined) checkFileThreshold(model, model.decisionThreshold);
  // Replaced in place, so the keys keep the file's order when written again.
  model.trees = trees;
  model.version = FOREST_VERSION;
  return model;
}

/** A parsed forest model file's object (or a report's `model`), checked and its trees packed (in place: its node objects are dropped). */
export function forestFromObject(raw: Record<string, unknown>): ForestModel {
  checkForestHead(raw);
  const head = raw as unknown as ForestModel;
  const rawTrees = Array.isArray(raw.trees) ? (raw.trees as unknown[]) : [];
  const trees = rawTrees.map((tree, t) => {
    rawTrees[t] = null;
    return packFileTree(head, tree, t);
  });
  return finishForest(raw, trees);
}

/** Parses and validates a forest model file's text. */
export function parseForest(text: string): ForestModel {
  return forestFromObject(parseModelObject(text));
}

/** A tree or forest model file's parsed object, checked. */
function modelFromObject(raw: Record<string, unknown>): AnyModel {
  if (raw.format === FOREST_FORMAT) return { kind: 'forest', model: forestFromObject(raw) };
  return { kind: 'tree', model: treeFromFileObject(raw) };
}

/** Reads a tree or a forest model file's text (a small one: a big file is read as bytes, ModelFileReader). */
export function readModelJson(text: string): AnyModel {
  return modelFromObject(parseModelObject(text));
}

/**
 * Reads a tree or a forest model file from its bytes as they arrive (push each chunk, then
 * `end`): the top-level fields are parsed whole, a tree model's `nodes` and each forest tree's
 * arrays in batches, and each forest tree is checked and packed as soon as it ends.
 */
export class ModelFileReader implements JsonStreamHandler {
  private readonly raw: Record<string, unknown> = {};
  private readonly trees: ForestTree[] = [];
  private tree: Record<string, unknown> = {};
  private headChecked = false;
  private readonly stream = new JsonStream(this, bad);

  push(chunk: Uint8Array): void {
    this.stream.push(chunk);
  }

  end(): AnyModel {
    this.stream.end();
    if (this.raw.format !== FOREST_FORMAT || !Array.isArray(this.raw.trees)) return modelFromObject(this.raw);
    if (!this.headChecked) checkForestHead(this.raw);
    return { kind: 'forest', model: finishForest(this.raw, this.trees) };
  }

  descend(path: JsonPath, kind: 'object' | 'array'): Descent {
    const [key, t] = path;
    if (path.length === 0) return 'members';
    if (path.length === 1 && (key === 'trees' || key === 'nodes') && (kind === 'array' || key === 'nodes')) {
      // Set now, so the key keeps its place among the others. A tree model's nodes: an array of
      // node objects (version 1), or an object of columns (version 2), each batched.
      this.raw[key] = kind === 'array' ? [] : {};
      return key === 'trees' || kind === 'object' ? 'members' : 'batch';
    }
    if (key === 'nodes' && isObject(this.raw.nodes)) return path.length === 2 && kind === 'array' ? 'batch' : 'whole';
    if (key !== 'trees' || !Array.isArray(this.raw.trees)) return 'whole';
    if (path.length === 2 && kind === 'object' && typeof t === 'number') {
      this.tree = {};
      return 'members';
    }
    return path.length === 3 && kind === 'array' ? 'batch' : 'whole';
  }

  /** Where the member at `path` goes: the file's fields, a tree model's node columns, or the forest tree being read. */
  private holder(path: JsonPath): Record<string, unknown> {
    if (path.length === 1) return this.raw;
    return path[0] === 'nodes' ? (this.raw.nodes as Record<string, unknown>) : this.tree;
  }

  value(path: JsonPath, value: unknown): void {
    if (path.length === 2 && path[0] === 'trees') this.addTree(value);
    else this.holder(path)[path[path.length - 1]] = value;
  }

  items(path: JsonPath, values: unknown[]): void {
    const into = this.holder(path) as Record<string, unknown[]>;
    const key = path[path.length - 1];
    const list = (into[key] ??= []);
    for (const v of values) list.push(v);
  }

  close(path: JsonPath): void {
    if (path.length === 2 && path[0] === 'trees') this.addTree(this.tree);
    else if (path.length > 1) (this.holder(path) as Record<string, unknown[]>)[path[path.length - 1]] ??= [];
  }

  private addTree(raw: unknown): void {
    if (!this.headChecked) {
      checkForestHead(this.raw);
      this.headChecked = true;
    }
    this.trees.push(packFileTree(this.raw as unknown as ForestModel, raw, this.trees.length));
    this.tree = {};
  }
}

/** Reads a tree or a forest model file's bytes (all at hand: tests, small files). */
export function readModelBytes(bytes: Uint8Array): AnyModel {
  const reader = new ModelFileReader();
  reader.push(bytes);
  return reader.end();
}

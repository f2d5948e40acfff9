// A tree model's file, version 2 (docs/model-format.md "Versioning" and "Nodes as columns"): the
// fields of version 1, but `nodes` an object of arrays, one per node field, laid out as a forest
// tree's (file-columns.ts, `sawMissing` included; here beside it, as tree/ does not import
// forest/), plus what only a single tree holds: the `snipped` subtrees of an edited tree. Node objects took ~170 bytes a node, 2.66× scikit-learn's
// pickle (BENCHMARKS.md "A single tree's model file"). In memory a tree stays node objects (version
// 1's layout, which the printed model and reports keep): writing packs them into columns and
// yields the text a slice at a time; reading unpacks the columns back into the same nodes.
import { CHUNKS_MARK, jsonTextAround } from '../json-text';
import { MODEL_FILE_VERSION, MODEL_FORMAT, MODEL_VERSION, type ModelNode, type TreeModel } from '../model';
import { bad } from '../tree/bad-model';
import { checkModelHead, checkVersion, parseModelObject, treeFromObject } from '../tree/model-json';
import { columnChunks, columnsToPacked, type RawColumns } from './file-columns';
import { packTree, unpackTree, type TreeHead } from './packed-tree';

/** The model file's text (version 2), in chunks, with a final newline. */
export function* modelFileChunks(model: TreeModel): Generator<string> {
  yield* jsonTextAround({ ...model, version: MODEL_FILE_VERSION, nodes: CHUNKS_MARK }, 'nodes', nodesChunks(model, model.nodes));
  yield '\n';
}

/** The model file's text (version 2) as one string: a tree's file is a few MB at most per 100,000 nodes. */
export function modelFileText(model: TreeModel): string {
  return [...modelFileChunks(model)].join('');
}

function* nodesChunks(head: TreeHead, nodes: readonly ModelNode[]): Generator<string> {
  yield '{';
  yield* columnChunks(packTree(head, nodes));
  const snipped = nodes.filter((n) => n.snipped !== undefined);
  if (snipped.length > 0) {
    yield ',"snipped":[';
    for (let i = 0; i < snipped.length; i++) {
      yield `${i > 0 ? ',' : ''}[${snipped[i].id},`;
      yield* nodesChunks(head, snipped[i].snipped as ModelNode[]);
      yield ']';
    }
    yield ']';
  }
  yield '}';
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A version-2 file's `nodes` (an object of columns) as node objects, checked as the forest's trees
 * are (children later ids in range, splits on known features of the right kind); `rootDepth`: a
 * snipped subtree's nodes keep their depths in the tree.
 */
export function nodesFromColumns(head: TreeHead, raw: unknown, rootDepth = 0): ModelNode[] {
  if (!isObject(raw)) bad('"nodes" must be an object of node columns (model version 2)');
  const nodes = unpackTree(columnsToPacked(head, raw as RawColumns), head);
  if (rootDepth !== 0) for (const n of nodes) n.depth += rootDepth;
  if (raw.snipped !== undefined) {
    if (!Array.isArray(raw.snipped)) bad('"snipped" must be an array of [node, columns] pairs');
    for (const entry of raw.snipped as unknown[]) {
      const [id, columns] = Array.isArray(entry) && entry.length === 2 ? (entry as unknown[]) : [];
      if (!Number.isInteger(id) || (id as number) < 0 || (id as number) >= nodes.length) bad('"snipped" must hold [node, columns] pairs naming a node');
      const leaf = nodes[id as number];
      leaf.snipped = nodesFromColumns(head, columns, leaf.depth);
    }
  }
  return nodes;
}

/** A tree model file's parsed object (version 1 or 2), checked, with its nodes as objects (version 1's layout). */
export function treeFromFileObject(raw: Record<string, unknown>): TreeModel {
  if (raw.format !== MODEL_FORMAT) bad(`format is ${JSON.stringify(raw.format ?? null)}, expected "${MODEL_FORMAT}"`);
  checkVersion(raw, 'tree model', MODEL_FILE_VERSION, MODEL_VERSION);
  if (raw.version === MODEL_FILE_VERSION) {
    const head = raw as unknown as TreeModel;
    checkModelHead(head);
    // Replaced in place, so the keys keep the file's order.
    raw.nodes = nodesFromColumns(head, raw.nodes);
    raw.version = MODEL_VERSION;
  }
  return treeFromObject(raw);
}

/** Parses and checks a tree model file's text, either version (a small one: a big file is read as bytes, model-json.ts ModelFileReader). */
export function parseTreeFile(text: string): TreeModel {
  return treeFromFileObject(parseModelObject(text));
}

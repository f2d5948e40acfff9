// Forest model JSON save/load (docs/model-format.md "Forest model"), and the one reader for any
// model file: the format tag says tree or forest, the version is checked (a newer file is a clear
// "update" error), then every tree of a forest is checked as a tree model is.
import { jsonText } from '../json-text';
import type { TreeModel } from '../model';
import { bad, checkTreeModel, checkVersion, parseModelObject, treeFromObject } from '../tree/model-json';
import { memberModel } from './predict';
import { FOREST_FORMAT, FOREST_VERSION, type ForestModel } from './types';

export type AnyModel = { kind: 'tree'; model: TreeModel } | { kind: 'forest'; model: ForestModel };

export function serializeForest(model: ForestModel): string {
  return jsonText(model, 2) + '\n';
}

const positiveInteger = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1;

function checkForest(raw: Record<string, unknown>): ForestModel {
  checkVersion(raw, 'forest model', FOREST_VERSION);
  const model = raw as unknown as ForestModel;
  const params = model.params as unknown;
  if (typeof params !== 'object' || params === null) bad('a forest model needs "params"');
  if (model.params.ensemble !== 'forest' && model.params.ensemble !== 'bagging') bad('params.ensemble must be "forest" or "bagging"');
  if (model.params.voting !== 'soft' && model.params.voting !== 'hard') bad('params.voting must be "soft" or "hard"');
  if (!positiveInteger(model.params.maxFeatures)) bad('params.maxFeatures must be a count ≥ 1');
  if (!Array.isArray(model.trees) || model.trees.length === 0) bad('"trees" must be a non-empty array');
  if (model.params.nTrees !== model.trees.length) bad(`params.nTrees is ${String(model.params.nTrees)} but the file holds ${model.trees.length} trees`);
  if (typeof model.featureImportances !== 'object' || model.featureImportances === null) bad('"featureImportances" must be an object');
  model.trees.forEach((tree, t) => {
    if (typeof tree !== 'object' || tree === null) bad(`tree ${t} is not an object`);
    try {
      checkTreeModel(memberModel(model, t));
    } catch (err) {
      bad(`tree ${t}: ${(err as Error).message.replace(/^not a usable model file: /, '')}`);
    }
  });
  return model;
}

/** Parses and validates a forest model file's text. */
export function parseForest(text: string): ForestModel {
  const raw = parseModelObject(text);
  if (raw.format !== FOREST_FORMAT) bad(`format is ${JSON.stringify(raw.format ?? null)}, expected "${FOREST_FORMAT}"`);
  return checkForest(raw);
}

/** Reads a tree or a forest model file. */
export function readModelJson(text: string): AnyModel {
  const raw = parseModelObject(text);
  if (raw.format === FOREST_FORMAT) return { kind: 'forest', model: checkForest(raw) };
  return { kind: 'tree', model: treeFromObject(raw) };
}

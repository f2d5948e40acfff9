// The one reader of a model file of any kind: ours (a tree or a forest, forest/model-json.ts) or
// a tree ensemble trained elsewhere, told apart by their first bytes (docs/model-format.md
// "Models trained elsewhere"): an ONNX protocol buffer, XGBoost UBJSON, a LightGBM text model,
// XGBoost JSON (a "learner" object), else our JSON.
import { InputError } from '../errors';
import { readModelBytes, type AnyModel } from '../forest/model-json';
import type { ImportedEnsemble } from './ensemble';
import { isLightgbmText, readLightgbm } from './lightgbm';
import { parseLooseJson } from './loose-json';
import { isOnnx, readOnnx } from './onnx';
import { parseUbjson } from './ubjson';
import { isXgboostModel, readXgboost } from './xgboost';

export type LoadedModel = AnyModel | { kind: 'ensemble'; model: ImportedEnsemble };

/** UBJSON object: "{" then a key's length type, or an optimised container's "$"/"#", or "}". */
const isUbjson = (bytes: Uint8Array): boolean => bytes[0] === 0x7b && bytes.length > 1 && 'iUIlL$#}'.includes(String.fromCharCode(bytes[1]));

/** Whether a model file's first bytes (256 or all) are ours (JSON our ModelFileReader streams), not a model trained elsewhere. */
export function isOurModel(head: Uint8Array): boolean {
  const text = new TextDecoder().decode(head.subarray(0, 256));
  return !isOnnx(head) && !isUbjson(head) && !isLightgbmText(text) && !/^\s*\{\s*"learner"\s*:/.test(text);
}

/**
 * Whether a file's first bytes can begin a model file of any kind read here: an ONNX protocol
 * buffer, UBJSON, a LightGBM text model, JSON (XGBoost's or ours), or gzip (ours compressed).
 * A text file that is none of them is not a model, whatever its name.
 */
export function mayBeModel(head: Uint8Array): boolean {
  const text = new TextDecoder().decode(head.subarray(0, 256));
  return isOnnx(head) || isUbjson(head) || isLightgbmText(text) || /^\s*\{/.test(text) || (head[0] === 0x1f && head[1] === 0x8b);
}

export function readAnyModelBytes(bytes: Uint8Array): LoadedModel {
  if (isOnnx(bytes)) return { kind: 'ensemble', model: readOnnx(bytes) };
  if (isUbjson(bytes)) {
    const value = parseUbjson(bytes);
    if (!isXgboostModel(value)) throw new InputError('bad-model', 'not a usable model file: a UBJSON file that is not an XGBoost model (no "learner")');
    return { kind: 'ensemble', model: readXgboost(value) };
  }
  const head = new TextDecoder().decode(bytes.subarray(0, 256));
  if (isLightgbmText(head)) return { kind: 'ensemble', model: readLightgbm(new TextDecoder().decode(bytes)) };
  if (/^\s*\{\s*"learner"\s*:/.test(head)) {
    let value: unknown;
    try {
      value = parseLooseJson(new TextDecoder().decode(bytes));
    } catch (err) {
      throw new InputError('bad-model', `not a usable XGBoost model: not valid JSON (${(err as Error).message}): truncated or damaged?`);
    }
    return { kind: 'ensemble', model: readXgboost(value) };
  }
  return readModelBytes(bytes);
}

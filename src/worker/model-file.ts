// Model files for the CLI (docs/model-format.md "Reading and writing"): read as their bytes arrive,
// gunzipped on the way when they are gzip (by their magic bytes). Ours are parsed by the engine's
// streaming reader, so a forest file of any size is never one string or one buffer; a model
// trained elsewhere (told by its first bytes) is read whole by its importer. Errors name the file.
import { basename } from 'node:path';
import { concatBytes } from '../engine/csv/concat-bytes';
import { InputError } from '../engine/errors';
import { ModelFileReader } from '../engine/forest/model-json';
import { isOurModel, readAnyModelBytes, type LoadedModel } from '../engine/import/read';
import { csvFileChunks } from './load-csv';

/** Bytes enough to tell the kinds of model file apart (import/read.ts). */
const HEAD_BYTES = 256;

async function readChunks(path: string): Promise<LoadedModel> {
  const head: Uint8Array[] = [];
  let bytes = 0;
  let reader: ModelFileReader | null = null;
  let decided = false;
  for await (const chunk of csvFileChunks(path)) {
    if (reader !== null) {
      reader.push(chunk);
      continue;
    }
    // Copied: the file's chunks reuse their buffers.
    head.push(chunk.slice());
    bytes += chunk.length;
    if (!decided && bytes >= HEAD_BYTES) {
      decided = true;
      if (isOurModel(concatBytes(head, bytes))) {
        reader = new ModelFileReader();
        for (const h of head.splice(0)) reader.push(h);
      }
    }
  }
  if (reader !== null) return reader.end();
  const all = concatBytes(head, bytes);
  if (!isOurModel(all)) return readAnyModelBytes(all);
  const small = new ModelFileReader();
  small.push(all);
  return small.end();
}

export async function readModelFile(path: string): Promise<LoadedModel> {
  try {
    return await readChunks(path);
  } catch (err) {
    if (err instanceof InputError) throw new InputError(err.code, err.message.startsWith(`${basename(path)}: `) ? err.message : `${basename(path)}: ${err.message}`);
    throw err;
  }
}

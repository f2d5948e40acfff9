// The one error of a model file we cannot use (docs/model-format.md "What readers may rely on"):
// its own module so the file's column readers (forest/file-columns.ts) and the checks
// (model-json.ts) share it without importing each other.
import { InputError } from '../errors';

export function bad(problem: string): never {
  throw new InputError('bad-model', `not a usable model file: ${problem}`);
}

// What the commands share for a model trained elsewhere (docs/cli.md "Models trained elsewhere"):
// the --target option, and binding the model to the chosen CSV with what the binding decided
// (feature names by position, class and category names) said on stderr.
import { basename } from 'node:path';
import type { Dataset } from '../engine/dataset';
import { InputError } from '../engine/errors';
import { bindEnsemble } from '../engine/import/bind';
import type { ImportedEnsemble } from '../engine/import/ensemble';
import { stringFlag, type ParsedArgs } from './args';
import type { CliOption } from './options';

export const TARGET_OPTION: CliOption = {
  name: 'target',
  value: 'COL',
  default: 'the one column that is not a feature',
  meaning: 'a model trained elsewhere: the CSV column holding the target, left out of the features (names classes stored as indices)',
};

/** The ensemble bound to the CSV, notes written to stderr; errors name the model file (the caller names the CSV). */
export function boundEnsemble(e: ImportedEnsemble, modelFile: string, dataset: Dataset, args: ParsedArgs): ImportedEnsemble {
  try {
    const bound = bindEnsemble(e, dataset, stringFlag(args, 'target'));
    for (const note of bound.notes) process.stderr.write(`${basename(modelFile)}: ${note}\n`);
    return bound.ensemble;
  } catch (err) {
    if (err instanceof InputError) throw new InputError(err.code, `${err.message} (model ${basename(modelFile)})`);
    throw err;
  }
}

// The CLI's command table: one module per command, each with its option table, help and run.
import { predictCommand } from './predict';
import { profileCommand } from './profile';
import { prunePathCommand } from './prune-path';
import { rulesCommand } from './rules';
import { editCommand } from './edit';
import { explainCommand } from './explain';
import { evaluateCommand } from './evaluate';
import { inspectCommand } from './inspect';
import { splitsCommand } from './splits';
import { trainCommand } from './train';
import type { CliCommand } from './options';

export const commands: readonly CliCommand[] = [profileCommand, trainCommand, predictCommand, splitsCommand, explainCommand, rulesCommand, evaluateCommand, editCommand, prunePathCommand, inspectCommand];

// The CLI's command table: one module per command, each taking its own argv.
import { predictCommand } from './predict';
import { profileCommand } from './profile';
import { prunePathCommand } from './prune-path';
import { rulesCommand } from './rules';
import { evaluateCommand } from './evaluate';
import { splitsCommand } from './splits';
import { trainCommand } from './train';

export type Command = (argv: string[]) => Promise<void>;

export const commands: Record<string, Command> = {
  profile: profileCommand,
  train: trainCommand,
  predict: predictCommand,
  splits: splitsCommand,
  rules: rulesCommand,
  evaluate: evaluateCommand,
  'prune-path': prunePathCommand,
};

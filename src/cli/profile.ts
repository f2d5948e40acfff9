// `profile <csv> [--json] [--delimiter D] [--max-distinct N]`: every column's profile, as a
// readable table or as JSON (the DatasetProfile of src/engine/profile.ts).
import { basename } from 'node:path';
import { profileDataset } from '../engine/profile';
import { formatProfile } from './profile-text';
import { numberFlag, parseArgs } from './args';
import { DATA_OPTIONS, loadDataFile } from './data-flags';
import { usageError } from './help';
import type { CliCommand, OptionTable } from './options';

const OPTIONS: OptionTable = [
  { name: 'json', meaning: 'print the profile as JSON' },
  { name: 'max-distinct', value: 'N', default: '20', meaning: 'Gini and entropy of a numeric column only up to this many distinct values' },
  ...DATA_OPTIONS,
];

export const profileCommand: CliCommand = {
  name: 'profile',
  summary: "every column's type, counts, quartiles, Gini and entropy, and top values",
  usage: '<csv> [options]',
  options: OPTIONS,
  example: 'data.csv --types zip=categorical',
  run: profile,
};

async function profile(argv: string[]): Promise<void> {
  const args = parseArgs(argv, OPTIONS);
  if (args.positional.length !== 1) throw usageError(profileCommand);
  const file = args.positional[0];
  const maxDistinct = numberFlag(args, 'max-distinct', { integer: true, min: 1 });
  const dataset = await loadDataFile(file, args);
  const profile = profileDataset(dataset, { maxDistinctForIndices: maxDistinct });
  process.stdout.write(args.flags.has('json') ? JSON.stringify(profile, null, 2) + '\n' : formatProfile(basename(file), profile));
}

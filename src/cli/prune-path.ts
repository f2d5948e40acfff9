// `prune-path <csv> --target COL [train options] [--json]`: the cost-complexity pruning path of
// the fully grown tree (scikit-learn's cost_complexity_pruning_path).
import { costComplexityPath } from '../engine/prune/cost-complexity';
import { trainTree } from '../engine/tree/train';
import { parseArgs } from './args';
import { DATA_OPTIONS, loadDataFile, namingFile } from './data-flags';
import { TRAIN_OPTIONS, trainParamsFromArgs } from './train';
import { checkWeightColumn } from './weight-flags';
import { leftOutNotes } from './left-out-notes';
import { usageError } from './help';
import type { CliCommand, OptionTable } from './options';

const OPTIONS: OptionTable = [...TRAIN_OPTIONS, { name: 'json', meaning: 'print {"ccpAlphas", "impurities", "leftOut"} as JSON' }, ...DATA_OPTIONS];

export const prunePathCommand: CliCommand = {
  name: 'prune-path',
  summary: "the fully grown tree's cost-complexity pruning path (alphas and impurities)",
  usage: '<csv> --target COL [options]',
  options: OPTIONS,
  example: 'iris.csv --target species --json',
  run: prunePath,
};

async function prunePath(argv: string[]): Promise<void> {
  const args = parseArgs(argv, OPTIONS);
  if (args.positional.length !== 1) throw usageError(prunePathCommand);
  const params = trainParamsFromArgs(args);
  const dataset = await loadDataFile(args.positional[0], args);
  await checkWeightColumn(args.positional[0], dataset, params);
  const { model } = await namingFile(args.positional[0], () => trainTree(dataset, params));
  process.stderr.write(leftOutNotes(model.params.leftOut));
  const path = costComplexityPath(model);
  if (args.flags.has('json')) {
    process.stdout.write(JSON.stringify({ ccpAlphas: path.ccpAlphas, impurities: path.impurities, leftOut: model.params.leftOut }) + '\n');
    return;
  }
  const rows = path.ccpAlphas.map((a, i) => [String(a), String(path.impurities[i]), String(path.nodeCounts[i]), String(path.leafCounts[i])]);
  const header = ['ccp_alpha', 'total leaf impurity', 'nodes', 'leaves'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => cells.map((s, c) => (c === 0 ? s.padEnd(widths[c]) : s.padStart(widths[c]))).join('  ');
  process.stdout.write([line(header), ...rows.map(line)].join('\n') + '\n');
}

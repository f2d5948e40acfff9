// `splits <csv> --target COL [--criterion C] [--algorithm A] [--json]` (docs/cli.md): every
// column's best root split with its information gain, gain ratio, Gini decrease (variance
// reduction for a numeric target), ranked by the criterion, and the question the tree asks first.
import { basename } from 'node:path';
import { jsonText } from '../engine/json-text';
import { columnSplits } from '../engine/splits/column-splits';
import { criterionSpec } from '../engine/tree/criteria';
import type { SplitsReport } from '../engine/splits/types';
import { splitText } from '../shared/render/split-text';
import { parseArgs } from './args';
import { DATA_OPTIONS, loadDataFile, namingFile } from './data-flags';
import { plain, table } from './profile-text';
import { TRAIN_OPTIONS, trainParamsFromArgs } from './train';
import { leftOutNotes } from './left-out-notes';
import { usageError } from './help';
import { pick, type CliCommand, type OptionTable } from './options';

const OPTIONS: OptionTable = [
  ...pick(TRAIN_OPTIONS, ['target', 'task', 'algorithm', 'criterion', 'min-samples-leaf', 'min-category-samples', 'ignore', 'keep']),
  { name: 'json', meaning: 'print the ranking as JSON' },
  ...DATA_OPTIONS,
];

export const splitsCommand: CliCommand = {
  name: 'splits',
  summary: "every column's best root split and its gain, ranked by the criterion",
  usage: '<csv> --target COL [options]',
  options: OPTIONS,
  example: 'iris.csv --target species --criterion entropy',
  run: splits,
};

async function splits(argv: string[]): Promise<void> {
  const args = parseArgs(argv, OPTIONS);
  if (args.positional.length !== 1) throw usageError(splitsCommand);
  const { target, task, algorithm, criterion, minSamplesLeaf, minCategorySamples, ignore, keep } = trainParamsFromArgs(args);
  const file = args.positional[0];
  const dataset = await loadDataFile(file, args);
  const json = args.flags.has('json');
  const report: SplitsReport = await namingFile(file, () => columnSplits(dataset, { target, task, algorithm, criterion, minSamplesLeaf, minCategorySamples, ignore, keep, curvePoints: 0 }));
  process.stderr.write(leftOutNotes(report.leftOut));
  process.stdout.write(json ? jsonText(report, 2) + '\n' : formatSplits(basename(file), report));
}

const fixed = (x: number | null) => (x === null ? 'n/a' : x.toFixed(4));

export function formatSplits(file: string, report: SplitsReport): string {
  const measure = criterionSpec(report.criterion).measure;
  const out = [
    `${plain(file)}: target ${plain(report.target)} (${report.task}, ${report.rows} rows), ${report.algorithm}, ranked by ${measure}`,
  ];
  const root = report.splits.find((s) => s.feature === report.root?.feature);
  if (report.root !== null && root !== undefined) {
    out.push(`the tree asks first: ${plain(root.feature)} ${splitText(root, plain)} — ${report.root.reason}`);
  }
  const regression = report.task === 'regression';
  const header = ['rank', 'column', 'split', ...(regression ? ['variance reduction'] : ['info gain', 'gain ratio', 'gini decrease'])];
  const rows = report.splits.map((s) => [
    String(s.rank),
    plain(s.feature),
    splitText(s, plain),
    ...(regression ? [fixed(s.varianceReduction)] : [fixed(s.informationGain), fixed(s.gainRatio), fixed(s.giniDecrease)]),
  ]);
  out.push('', ...table(header, rows));
  if (report.unsplittable.length > 0) out.push('', `no split possible (constant, missing, or every category rarer than --min-category-samples): ${report.unsplittable.map(plain).join(', ')}`);
  return out.join('\n') + '\n';
}

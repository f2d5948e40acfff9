// `inspect --model M [<csv>] [--target COL] [--row R] [--json]`: a model trained elsewhere
// (docs/cli.md "Models trained elsewhere"): what it is, how its trees add up (the link stated
// plainly), its importances as the library reports them, and with a CSV and --row R the row's
// whole computation: every tree's leaf and value, the sums and the prediction.
import { basename } from 'node:path';
import { InputError } from '../engine/errors';
import { rowContributions } from '../engine/import/contributions';
import { linkText, type ImportedEnsemble } from '../engine/import/ensemble';
import { ensembleImportances } from '../engine/import/importances';
import { jsonText } from '../engine/json-text';
import { numberFlag, parseArgs, requiredFlag } from './args';
import { DATA_OPTIONS, loadDataFile, namingFile } from './data-flags';
import { usageError } from './help';
import { boundEnsemble, TARGET_OPTION } from './imported';
import type { CliCommand, OptionTable } from './options';
import { loadModel } from './predict';

const OPTIONS: OptionTable = [
  { name: 'model', value: 'FILE', meaning: 'an XGBoost .json/.ubj, LightGBM .txt or ONNX tree-ensemble model (required)' },
  TARGET_OPTION,
  { name: 'row', value: 'R', meaning: "with a CSV: data row R's computation (0-based: the first row after the header is 0), tree by tree" },
  { name: 'json', meaning: 'print it as JSON' },
  ...DATA_OPTIONS,
];

export const inspectCommand: CliCommand = {
  name: 'inspect',
  summary: 'a model trained elsewhere: its trees, link, importances, and one row tree by tree',
  usage: '--model FILE [<csv> [--row R]] [options]',
  options: OPTIONS,
  example: '--model xgb.json data.csv --row 0',
  run: inspect,
};

const num = (v: number): string => (Number.isNaN(v) ? '—' : String(Number(v.toPrecision(6))));

async function inspect(argv: string[]): Promise<void> {
  const args = parseArgs(argv, OPTIONS);
  if (args.positional.length > 1) throw usageError(inspectCommand);
  const file = requiredFlag(args, 'model');
  const loaded = await loadModel(file);
  if (loaded.kind !== 'ensemble') throw new InputError('bad-option', `${basename(file)}: a model of ours; inspect reads models trained elsewhere (rules, evaluate --model and predict read ours)`);
  let e: ImportedEnsemble = loaded.model;
  const row = numberFlag(args, 'row', { integer: true, min: 0 });
  const data = args.positional[0];
  if (row !== undefined && data === undefined) throw new InputError('bad-option', '--row R needs a CSV');
  let contributions = null;
  if (data !== undefined) {
    const dataset = await loadDataFile(data, args);
    e = await namingFile(data, () => boundEnsemble(loaded.model, file, dataset, args));
    if (row !== undefined) {
      if (row >= dataset.rowCount) throw new InputError('bad-option', `--row ${row} is not a row of ${basename(data)} (rows 0..${dataset.rowCount - 1})`);
      contributions = rowContributions(e, dataset, row);
    }
  }
  const importances = ensembleImportances(e).sort((a, b) => (Number.isNaN(a.gain) ? b.splits - a.splits : b.gain - a.gain));
  if (args.flags.has('json')) {
    const summary = { model: basename(file), description: e.description, task: e.task, classes: e.classes ?? null, trees: e.trees.length, outputs: e.outputs, link: linkText(e), importances };
    process.stdout.write(jsonText(contributions === null ? summary : { ...summary, row: contributions }) + '\n');
    return;
  }
  const lines = [`${basename(file)}: ${e.description}`, `${e.task}${e.classes === undefined ? '' : `, classes ${e.classes.join(', ')}`}; ${e.trees.length} trees`, `prediction: ${linkText(e)}`, ''];
  lines.push('importances (splits, total gain, total cover):');
  const width = Math.max(7, ...importances.map((r) => r.feature.length));
  lines.push(`  ${'feature'.padEnd(width)}  ${'splits'.padStart(7)}  ${'gain'.padStart(12)}  ${'cover'.padStart(12)}`);
  for (const r of importances) lines.push(`  ${r.feature.padEnd(width)}  ${String(r.splits).padStart(7)}  ${num(r.gain).padStart(12)}  ${num(r.cover).padStart(12)}`);
  if (contributions !== null) {
    lines.push('', `row ${contributions.row}, tree by tree (leaf: the library's leaf id):`);
    for (const t of contributions.trees) {
      const to = t.output === null ? 'all classes' : e.task === 'classification' && e.outputs > 1 ? `class ${(e.classes as string[])[t.output]}` : 'score';
      const value = Array.isArray(t.value) ? t.value.map(num).join(', ') : num(t.value);
      lines.push(`  tree ${String(t.tree).padStart(4)}  ${to}  leaf ${t.leaf}  ${value}`);
    }
    lines.push(`raw score${contributions.margins.length > 1 ? 's' : ''}: ${contributions.margins.map(num).join(', ')}`);
    if (contributions.probabilities !== null) lines.push(`probabilities: ${(e.classes as string[]).map((c, i) => `${c} ${num((contributions.probabilities as number[])[i])}`).join(', ')}`);
    lines.push(`prediction: ${contributions.prediction}`);
  }
  process.stdout.write(lines.join('\n') + '\n');
}

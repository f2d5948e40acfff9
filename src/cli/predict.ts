// `predict --model model.json <csv> [--out FILE]`: the input's columns plus a final
// `predicted_<target>` column, one row per input row in order, as CSV (stdout or FILE).
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { once } from 'node:events';
import type { Dataset } from '../engine/dataset';
import { InputError } from '../engine/errors';
import { parseModel } from '../engine/tree/model-json';
import { predict } from '../engine/tree/predict';
import { parseArgs, requiredFlag, stringFlag } from './args';
import { csvField } from './csv-field';
import { loadCsvFile } from './load-csv';

const USAGE = 'usage: predict --model model.json <csv> [--out FILE]';

async function loadModel(file: string) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new InputError('unreadable-file', `${basename(file)}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  try {
    return parseModel(text);
  } catch (err) {
    if (err instanceof InputError) throw new InputError(err.code, `${basename(file)}: ${err.message}`);
    throw err;
  }
}

/** Text of one input cell as the dataset holds it (missing → empty). */
function cellText(dataset: Dataset, column: number, row: number): string {
  const c = dataset.columns[column];
  if (c.type === 'numeric') return Number.isNaN(c.values[row]) ? '' : String(c.values[row]);
  return c.codes[row] < 0 ? '' : c.categories[c.codes[row]];
}

export async function predictCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { model: true, out: true });
  if (args.positional.length !== 1) throw new InputError('bad-option', USAGE);
  const model = await loadModel(requiredFlag(args, 'model'));
  const dataset = await loadCsvFile(args.positional[0]);
  const predictions = predict(model, dataset);
  const d = dataset.delimiter;
  const out = stringFlag(args, 'out');
  const sink = out === undefined ? process.stdout : createWriteStream(out);
  const header = [...dataset.columns.map((c) => c.name), `predicted_${model.target}`];
  const lines: string[] = [header.map((h) => csvField(h, d)).join(d)];
  const flush = async (): Promise<void> => {
    if (lines.length === 0) return;
    if (!sink.write(lines.join('\n') + '\n')) await once(sink, 'drain');
    lines.length = 0;
  };
  for (let row = 0; row < dataset.rowCount; row++) {
    const fields = dataset.columns.map((_, j) => csvField(cellText(dataset, j, row), d));
    fields.push(csvField(String(predictions[row]), d));
    lines.push(fields.join(d));
    if (lines.length >= 4096) await flush();
  }
  await flush();
  if (sink !== process.stdout) {
    sink.end();
    await once(sink, 'finish');
  }
}

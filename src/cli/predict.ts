// `predict --model model.json <csv> [--out FILE]`: the input's columns plus a final
// `predicted_<target>` column, one row per input row in order, as CSV (stdout or FILE).
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { once } from 'node:events';
import { InputError } from '../engine/errors';
import { parseModel } from '../engine/tree/model-json';
import { parseArgs, requiredFlag, stringFlag } from './args';
import { predictionCsvLines } from './prediction-csv';
import { DATA_FLAGS, DATA_USAGE, loadDataFile } from './data-flags';

const USAGE = `usage: predict --model model.json <csv> [--out FILE] ${DATA_USAGE}`;

export async function loadModel(file: string) {
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

export async function predictCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { model: true, out: true, ...DATA_FLAGS });
  if (args.positional.length !== 1) throw new InputError('bad-option', USAGE);
  const model = await loadModel(requiredFlag(args, 'model'));
  const dataset = await loadDataFile(args.positional[0], args);
  const out = stringFlag(args, 'out');
  const sink = out === undefined ? process.stdout : createWriteStream(out);
  const lines: string[] = [];
  const flush = async (): Promise<void> => {
    if (lines.length === 0) return;
    if (!sink.write(lines.join('\n') + '\n')) await once(sink, 'drain');
    lines.length = 0;
  };
  for (const line of predictionCsvLines(model, dataset)) {
    lines.push(line);
    if (lines.length >= 4096) await flush();
  }
  await flush();
  if (sink !== process.stdout) {
    sink.end();
    await once(sink, 'finish');
  }
}

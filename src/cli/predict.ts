// `predict --model model.json <data> [--out FILE]`: every input record as it is in the file plus a
// final `predicted_<target>` field, one line per input row in order (prediction-csv.ts), to
// stdout or FILE. A gzip input is read decompressed; the output is plain CSV, made from the table
// for a Parquet input (prediction-table.ts), or Parquet when FILE ends in `.parquet`.
import { createWriteStream } from 'node:fs';
import { stat, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { once } from 'node:events';
import { InputError } from '../engine/errors';
import type { LoadedModel } from '../engine/import/read';
import { readModelFile } from '../worker/model-file';
import type { TreeModel } from '../engine/model';
import { parseArgs, requiredFlag, stringFlag, type ParsedArgs } from './args';
import { ensemblePredictions, modelPredictions, PredictionCsv, type GivenPredictions } from '../worker/prediction-csv';
import { predictionCsvFromTable, predictionParquet } from '../worker/prediction-table';
import { csvFileChunks, namedError } from '../worker/load-csv';
import { DATA_OPTIONS, featureTypes, loadDataFile, namingFile } from './data-flags';
import { usageError } from './help';
import { boundEnsemble, TARGET_OPTION } from './imported';
import type { CliCommand, OptionTable } from './options';
import { givenValue, loadedThresholdClass, THRESHOLD_OPTION, thresholdRuleFromArgs } from './threshold-flags';
import { POSITIVE_CLASS_OPTION, positiveClassFromArgs } from './validation-flags';
import { decideShares, thresholdClass, withDecisionThreshold } from '../engine/tree/decision-threshold';
import { forestWithThreshold } from '../engine/forest/predict';

const OPTIONS: OptionTable = [
  { name: 'model', value: 'model.json', meaning: 'the model JSON `train --out` wrote, a tree or a forest, or a model trained elsewhere: XGBoost .json/.ubj, LightGBM .txt, ONNX tree ensemble (required)' },
  TARGET_OPTION,
  { ...THRESHOLD_OPTION, value: 'T', default: "the model's (none: each leaf's largest class)", meaning: "binary target: predict the positive class when its share is ≥ T — a tree's leaf share (in place of the model's threshold), a forest's mean share (share_<class>), a model trained elsewhere's probability" },
  { ...POSITIVE_CLASS_OPTION, default: "a tree: its threshold's, else the less frequent class of its root; a forest: the less frequent class of its trees' roots; a model trained elsewhere: its second class (the one its probability is of)", meaning: 'with --threshold: the class whose share it bounds' },
  { name: 'out', value: 'FILE', default: 'stdout', meaning: 'where to write the CSV with the predicted_<target> field (a classification forest: and share_<class> fields); a name ending in .parquet: a Parquet file (hyparquet-writer, snappy)' },
  ...DATA_OPTIONS,
];

export const predictCommand: CliCommand = {
  name: 'predict',
  summary: "a CSV's records as written (a Parquet file's rows) plus a predicted_<target> field",
  usage: '--model model.json <csv|parquet> [options]',
  options: OPTIONS,
  example: '--model model.json new.csv --out predictions.csv',
  run: predict,
};

/** A tree, forest or imported model file (docs/model-format.md), read and checked; errors name the file. */
export function loadModel(file: string): Promise<LoadedModel> {
  return readModelFile(file);
}

/** A single tree's model file (edit, evaluate --model): a forest is refused, naming the way to one of its trees. */
export async function loadTreeModel(file: string): Promise<TreeModel> {
  const loaded = await loadModel(file);
  if (loaded.kind === 'forest') throw new InputError('bad-model', `${basename(file)}: a forest model; this takes a single tree (rules --tree K shows one of its trees)`);
  if (loaded.kind === 'ensemble') throw new InputError('bad-model', `${basename(file)}: ${loaded.model.description}; this takes a single tree of ours (rules --tree K shows one of its trees)`);
  return loaded.model;
}

async function predict(argv: string[]): Promise<void> {
  const args = parseArgs(argv, OPTIONS);
  if (args.positional.length !== 1) throw usageError(predictCommand);
  const modelFile = requiredFlag(args, 'model');
  const loaded = await withThresholdFromArgs(await loadModel(modelFile), args);
  const file = args.positional[0];
  if (loaded.kind !== 'ensemble' && args.flags.has('target')) throw new InputError('bad-option', '--target applies to a model trained elsewhere; our model files name their target');
  // A CSV is read twice: the parsed columns give the predictions, then the records are copied through as they are.
  const dataset = await loadDataFile(file, args, loaded.kind === 'ensemble' ? {} : { presentTypes: featureTypes(loaded.model) });
  const given = await namingFile(file, (): GivenPredictions => {
    if (loaded.kind !== 'ensemble') return modelPredictions(loaded.model, dataset);
    return sharesAtThreshold(ensemblePredictions(boundEnsemble(loaded.model, modelFile, dataset, args), dataset), loaded, args);
  }, dataset);
  const out = stringFlag(args, 'out');
  if (out !== undefined && (await sameFile(out, file))) {
    throw new InputError('bad-option', `--out ${basename(out)} is the input file; the input is read again while the predictions are written`);
  }
  if (out !== undefined && /\.parquet$/i.test(out)) {
    await writeWhole(out, new Uint8Array(await predictionParquet(given, dataset)));
    return;
  }
  // Parquet input has no records to copy as written: its CSV is made from the table.
  await writePieces(out, dataset.delimiter === '' ? predictionCsvFromTable(given, dataset) : copiedRecords(file, new PredictionCsv(given, dataset)));
}

/** The input's records as written, each with its predictions (a second read of the file). */
async function* copiedRecords(file: string, csv: PredictionCsv): AsyncGenerator<Uint8Array> {
  // (csvFileChunks names the file in its own errors; these are the second read's.)
  const copied = (work: () => Uint8Array): Uint8Array => {
    try {
      return work().slice();
    } catch (err) {
      throw namedError(file, err);
    }
  };
  for await (const chunk of csvFileChunks(file)) yield copied(() => csv.push(chunk));
  yield copied(() => csv.finish());
}

/** The model with `--threshold T` (and `--positive-class`) applied to its leaves; as loaded without it. */
function withThresholdFromArgs(loaded: LoadedModel, args: ParsedArgs): LoadedModel {
  const rule = thresholdRuleFromArgs(args);
  if (rule === undefined) {
    if (args.flags.has('positive-class')) throw new InputError('bad-option', '--positive-class applies to predict with --threshold');
    return loaded;
  }
  const value = givenValue(rule);
  const asked = positiveClassFromArgs(args);
  if (loaded.kind === 'tree') return { ...loaded, model: withDecisionThreshold(loaded.model, { positiveClass: thresholdClass(loaded.model, asked), value }) };
  if (loaded.kind === 'forest') return { ...loaded, model: forestWithThreshold(loaded.model, { positiveClass: loadedThresholdClass(loaded, asked, []), value }) };
  // A model trained elsewhere decides on its rows' probabilities (sharesAtThreshold).
  return loaded;
}

/**
 * An imported classifier's predictions with `--threshold T`: the positive class where the model's
 * own probability of it is ≥ T (a tree or forest has the threshold recorded: withThresholdFromArgs).
 * The positive class: loadedThresholdClass.
 */
function sharesAtThreshold(given: GivenPredictions, loaded: LoadedModel, args: ParsedArgs): GivenPredictions {
  const rule = thresholdRuleFromArgs(args);
  if (rule === undefined || loaded.kind !== 'ensemble') return given;
  const classes = given.classes ?? [];
  if (given.shares === null || classes.length !== 2) {
    throw new InputError('bad-option', `--threshold applies to a model of two classes; "${given.target}" has ${classes.length === 0 ? 'numeric values' : `${classes.length} classes`}`);
  }
  const positiveClass = loadedThresholdClass(loaded, positiveClassFromArgs(args), classes);
  return { ...given, predictions: decideShares(classes, given.shares, { positiveClass, value: givenValue(rule) }) };
}

/** Pieces of output to `out` (stdout when undefined), with backpressure. */
async function writePieces(out: string | undefined, pieces: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>): Promise<void> {
  const sink = out === undefined ? process.stdout : createWriteStream(out);
  const written = (work: Promise<unknown>) =>
    work.catch((err: NodeJS.ErrnoException) => {
      throw new InputError('unreadable-file', `${basename(out ?? 'stdout')}: cannot write the predictions (${err.code ?? err.message})`);
    });
  for await (const piece of pieces) if (piece.length > 0 && !sink.write(piece)) await written(once(sink, 'drain'));
  if (sink !== process.stdout) {
    sink.end();
    await written(once(sink, 'finish'));
  }
}

/** Bytes made whole before anything is written: a failure leaves no file. */
async function writeWhole(out: string, bytes: Uint8Array): Promise<void> {
  try {
    await writeFile(out, bytes);
  } catch (err) {
    throw new InputError('unreadable-file', `${basename(out)}: cannot write the predictions (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
}

/** Whether two paths name one existing file (hard links and symlinks included). */
async function sameFile(a: string, b: string): Promise<boolean> {
  try {
    const [x, y] = await Promise.all([stat(a), stat(b)]);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

// `evaluate --model M.json <csv>`: the metrics of a saved tree (edited or not) or forest on a CSV's rows, its
// leaves as saved. No hold-out or CV: an edited tree has no training recipe to rerun on other rows,
// so for the file it was trained on these are its training metrics (docs/cli.md "evaluate").
import type { ModelFeature } from '../engine/model';
import { basename } from 'node:path';
import { InputError } from '../engine/errors';
import { jsonText } from '../engine/json-text';
import { forestRowPredictions } from '../engine/forest/validate';
import { evaluateModel, metricsOf } from '../engine/validation/evaluate';
import { type ParsedArgs, requiredFlag } from './args';
import { featureTypes, loadDataFile, namingFile } from './data-flags';
import { boundEnsemble } from './imported';
import { ensembleRowPredictions } from '../engine/import/validate';
import { loadModel } from './predict';
import { metricsText } from './report-text';
import { positiveClassFromArgs } from './validation-flags';
import { resolvePositiveClass } from '../engine/validation/positive-class';
import { thresholdSection } from '../engine/metrics/threshold';
import { thresholdText, thresholdValueText } from './threshold-flags';

/** The only options that apply to a saved model besides the data options. */
export const SAVED_MODEL_OPTIONS = ['model', 'json', 'positive-class', 'target'];

export async function evaluateSaved(args: ParsedArgs, dataOptions: readonly string[]): Promise<void> {
  const extra = [...args.flags.keys()].find((name) => !SAVED_MODEL_OPTIONS.includes(name) && !dataOptions.includes(name));
  if (extra !== undefined) throw new InputError('bad-option', `--${extra} does not apply with --model: a saved tree is evaluated as it is`);
  if (args.positional.length !== 1) throw new InputError('bad-option', 'usage: evaluate --model model.json <csv>');
  const file = requiredFlag(args, 'model');
  const loaded = await loadModel(file);
  const data = args.positional[0];
  // Parquet: only the model's features and its target are read.
  const needed = (m: { features: readonly ModelFeature[]; target: string }) => ({ presentTypes: featureTypes(m), columns: [...m.features.map((f) => f.name), m.target] });
  const dataset = await loadDataFile(data, args, loaded.kind === 'ensemble' ? {} : needed(loaded.model));
  // A tree with a decision threshold is measured with the threshold's positive class unless asked otherwise.
  const positive = positiveClassFromArgs(args) ?? (loaded.kind === 'tree' ? loaded.model.decisionThreshold?.positiveClass : undefined);
  if (loaded.kind !== 'ensemble' && args.flags.has('target')) throw new InputError('bad-option', '--target applies to a model trained elsewhere; our model files name their target');
  const metrics = await namingFile(data, () => {
    if (loaded.kind === 'forest') return metricsOf(forestRowPredictions(loaded.model, dataset, resolvePositiveClass(loaded.model, dataset, positive)));
    if (loaded.kind === 'tree') return evaluateModel(loaded.model, dataset, resolvePositiveClass(loaded.model, dataset, positive));
    const e = boundEnsemble(loaded.model, file, dataset, args);
    if (e.target === loaded.model.target && !dataset.columns.some((c) => c.name === e.target)) throw new InputError('bad-target', 'no target column to measure against: name it with --target');
    return metricsOf(ensembleRowPredictions(e, dataset, resolvePositiveClass(e, dataset, positive)));
  }, dataset);
  const model: { edited?: boolean; edits?: unknown[] } = loaded.kind === 'tree' ? loaded.model : {};
  const what = loaded.kind === 'ensemble' ? ` (${loaded.model.description})` : '';
  const edits = model.edits?.length ?? 0;
  const t = loaded.kind === 'tree' ? loaded.model.decisionThreshold : undefined;
  const threshold = t && metrics.task === 'classification' && metrics.positiveClass === t.positiveClass ? thresholdSection(metrics, t.value, t.chosenBy ?? null) : null;
  if (args.flags.has('json')) {
    process.stdout.write(jsonText({ model: basename(file), data: basename(data), edited: model.edited === true, edits, metrics, ...(threshold ? { threshold } : {}) }) + '\n');
    return;
  }
  const tree = `${basename(file)}${what}${model.edited === true ? ` (edited, ${edits} edit${edits === 1 ? '' : 's'})` : ''}`;
  const at = t ? ` (at its decision threshold ${thresholdValueText(t.value)} on "${t.positiveClass}")` : '';
  const lines = [...metricsText(`${tree} on ${basename(data)}, leaves as saved${at}`, metrics), ''];
  if (threshold) lines.push(...thresholdText(threshold, basename(data)));
  process.stdout.write(lines.join('\n'));
}

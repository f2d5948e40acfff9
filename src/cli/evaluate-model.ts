// `evaluate --model M.json <csv>`: the metrics of a saved tree (edited or not) or forest on a CSV's rows, its
// leaves as saved. No hold-out or CV: an edited tree has no training recipe to rerun on other rows,
// so for the file it was trained on these are its training metrics (docs/cli.md "evaluate").
// --threshold T|rule decides a binary model at T (a rule chooses T from these rows' scores), as
// predict --threshold does.
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
import { chooseThreshold, ruleText, thresholdSection } from '../engine/metrics/threshold';
import { loadedThresholdClass, thresholdRuleFromArgs, thresholdText, thresholdValueText } from './threshold-flags';
import type { DecisionThreshold, ModelFeature, TreeModel } from '../engine/model';
import type { ForestModel } from '../engine/forest/types';
import type { ImportedEnsemble } from '../engine/import/ensemble';
import type { ClassificationMetrics, Metrics } from '../engine/metrics/types';
import { forestWithThreshold } from '../engine/forest/predict';
import { withDecisionThreshold } from '../engine/tree/decision-threshold';

/** The only options that apply to a saved model besides the data options. */
export const SAVED_MODEL_OPTIONS = ['model', 'json', 'positive-class', 'target', 'threshold'];

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
  if (loaded.kind !== 'ensemble' && args.flags.has('target')) throw new InputError('bad-option', '--target applies to a model trained elsewhere; our model files name their target');
  const rule = thresholdRuleFromArgs(args);
  const { metrics, t } = await namingFile(data, () => {
    const e = loaded.kind === 'ensemble' ? boundEnsemble(loaded.model, file, dataset, args) : null;
    if (e && e.target === loaded.model.target && !dataset.columns.some((c) => c.name === e.target)) throw new InputError('bad-target', 'no target column to measure against: name it with --target');
    const head = e ?? (loaded.model as TreeModel | ForestModel);
    /** The model's metrics on the rows, deciding at `t` when given (as predict --threshold does), else as saved. */
    const measure = (positive: string | undefined, t: DecisionThreshold | null): Metrics => {
      const scored = resolvePositiveClass(head, dataset, positive);
      if (loaded.kind === 'forest') return metricsOf(forestRowPredictions(t ? forestWithThreshold(loaded.model, t) : loaded.model, dataset, scored));
      if (loaded.kind === 'tree') return evaluateModel(t ? withDecisionThreshold(loaded.model, t) : loaded.model, dataset, scored);
      return metricsOf(ensembleRowPredictions(e as ImportedEnsemble, dataset, scored, t ?? undefined));
    };
    const recorded = loaded.kind === 'ensemble' ? undefined : loaded.model.decisionThreshold;
    // A model with a decision threshold is measured with the threshold's positive class unless asked otherwise.
    if (rule === undefined) return { metrics: measure(positiveClassFromArgs(args) ?? recorded?.positiveClass, null), t: recorded };
    const classes = head.classes ?? [];
    if (head.task !== 'classification' || classes.length !== 2) throw new InputError('bad-option', `--threshold applies to a target with two classes; "${head.target}" has ${head.task === 'regression' ? 'numeric values' : `${classes.length} classes`}`);
    // The class predict --threshold would bound; a rule chooses among the scores of these rows.
    const positiveClass = loadedThresholdClass(loaded, positiveClassFromArgs(args), classes);
    const value = chooseThreshold(rule, measure(positiveClass, null) as ClassificationMetrics);
    const chosenBy = rule.kind === 'value' ? undefined : `${ruleText(rule)} on the scores of ${basename(data)} (chosen and measured on the same rows: optimistic)`;
    const given: DecisionThreshold = { positiveClass, value, ...(chosenBy ? { chosenBy } : {}) };
    return { metrics: measure(positiveClass, given), t: given };
  }, dataset);
  const model: { edited?: boolean; edits?: unknown[] } = loaded.kind === 'tree' ? loaded.model : {};
  const what = loaded.kind === 'ensemble' ? ` (${loaded.model.description})` : '';
  const edits = model.edits?.length ?? 0;
  const threshold = t && metrics.task === 'classification' && metrics.positiveClass === t.positiveClass ? thresholdSection(metrics, t.value, t.chosenBy ?? null) : null;
  if (args.flags.has('json')) {
    process.stdout.write(jsonText({ model: basename(file), data: basename(data), edited: model.edited === true, edits, metrics, ...(threshold ? { threshold } : {}) }) + '\n');
    return;
  }
  const tree = `${basename(file)}${what}${model.edited === true ? ` (edited, ${edits} edit${edits === 1 ? '' : 's'})` : ''}`;
  const at = t ? ` (at ${rule === undefined ? 'its' : 'the'} decision threshold ${thresholdValueText(t.value)} on "${t.positiveClass}")` : '';
  const lines = [...metricsText(`${tree} on ${basename(data)}, leaves as saved${at}`, metrics), ''];
  if (threshold) lines.push(...thresholdText(threshold, basename(data)));
  process.stdout.write(lines.join('\n'));
}

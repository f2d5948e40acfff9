// `train --ensemble …` and `evaluate --ensemble …` (docs/cli.md "Forests"): the forest is trained
// on the whole file (left-out columns decided once, so hold-out and folds use the same columns),
// then written, printed or measured beside its OOB score; --threshold decides it at T
// (forest-threshold.ts).
import { basename } from 'node:path';
import { InputError } from '../engine/errors';
import { forestFileChunks, forestJsonChunks } from '../engine/forest/model-json';
import type { ForestParams, ForestReport } from '../engine/forest/types';
import { crossValidateForest, holdoutForest, repeatedHoldoutForest } from '../engine/forest/validate';
import type { CrossValidationResult } from '../engine/validation/types';
import { decideLeftOut } from '../engine/tree/left-out';
import { numberFlag, stringFlag, type ParsedArgs } from './args';
import { loadDataFile, namingFile } from './data-flags';
import { forestTrainer } from './forest-flags';
import { forestReportText } from './forest-text';
import { leftOutNotes } from './left-out-notes';
import { isOnnxName, writeOnnx } from './onnx-out';
import { resolvePositiveClass } from '../engine/validation/positive-class';
import { cvFromArgs, positiveClassFromArgs, stratifyFromArgs, writeWarnings } from './validation-flags';
import { writeChunks } from './write-chunks';
import { scoreLabel } from '../shared/render/score-label';
import { forestAtThreshold } from './forest-threshold';
import { thresholdRuleFromArgs, thresholdText, thresholdValueText } from './threshold-flags';

/** `reported`: whether the report is printed (else only the model is written, and its OOB permutation importance is not computed). */
async function trainOnFile(args: ParsedArgs, params: ForestParams, reported = true) {
  const train = forestTrainer(args, reported);
  // On shared memory: the forest's pool of threads reads the columns where they are, not a copy.
  const dataset = await loadDataFile(args.positional[0], args, { sharedMemory: true });
  const { decided, report } = await namingFile(args.positional[0], async () => {
    const decided = decideLeftOut(dataset, params.target, params);
    return { decided, report: await train(dataset, decided) };
  });
  process.stderr.write(leftOutNotes(report.leftOut));
  writeWarnings(report.warnings);
  if (report.droppedMissingTarget > 0) process.stderr.write(`note: ${report.droppedMissingTarget} rows with a missing target were left out\n`);
  return { train, dataset, params: decided, report };
}

const oobSummary = (r: ForestReport): string => (r.oob.score === null ? 'no OOB score' : `OOB ${scoreLabel(r.oob.scoreName)} ${r.oob.score.toFixed(4)}`);

export async function trainForestCli(args: ParsedArgs, params: ForestParams, format: 'json' | 'text' | 'mermaid'): Promise<void> {
  if (format === 'mermaid') throw new InputError('bad-option', 'Mermaid draws one tree; a forest prints as json or text (rules --tree K --model FILE gives one of its trees)');
  const out = stringFlag(args, 'out');
  const rule = thresholdRuleFromArgs(args);
  // Only the text report shows the OOB permutation importance (--out alone prints one line, json the model).
  const trained = await trainOnFile(args, params, format === 'text' && (out === undefined || args.flags.has('format')));
  const decided = rule === undefined ? null : await namingFile(args.positional[0], () => forestAtThreshold(trained.report, rule, trained.dataset, positiveClassFromArgs(args)));
  const report = decided?.report ?? trained.report;
  const t = report.model.decisionThreshold;
  if (t) process.stderr.write(`note: decision threshold ${thresholdValueText(t.value)} on the share of "${t.positiveClass}"${t.chosenBy ? `, chosen by ${t.chosenBy}` : ''}\n`);
  if (out !== undefined) await (isOnnxName(out) ? writeOnnx(out, report.model) : writeChunks(out, forestFileChunks(report.model)));
  const m = report.model;
  if (out !== undefined && !args.flags.has('format')) {
    process.stdout.write(`wrote ${out}: ${m.params.ensemble === 'forest' ? 'random forest' : 'bagging'} of ${m.trees.length} trees, ${m.task}, target "${m.target}", ${oobSummary(report)}\n`);
    return;
  }
  if (format === 'text') process.stdout.write(forestReportText(report, basename(args.positional[0]), { holdoutTitle: null, stratified: false }, decided?.threshold ? thresholdText(decided.threshold, decided.on) : []));
  else await writeChunks(undefined, forestFileChunks(m));
}

export async function evaluateForestCli(args: ParsedArgs, params: ForestParams): Promise<void> {
  if (args.flags.has('permutation-repeats')) throw new InputError('bad-option', "--permutation-repeats applies to single trees; a forest's OOB permutation importance shuffles each column once per tree");
  const testSize = numberFlag(args, 'test-size');
  const repeats = numberFlag(args, 'repeats', { integer: true, min: 1 }) ?? 1;
  if (repeats > 1 && testSize === undefined) throw new InputError('bad-option', `--repeats ${repeats} repeats a hold-out: add --test-size F`);
  const { cvFolds, leaveOneOut } = cvFromArgs(args);
  // Each row's OOB prediction is already made by the trees that did not see it (docs/formulas.md
  // "Ensembles"), at no extra cost; leave-one-out would train a whole forest per row.
  if (leaveOneOut && !args.flags.has('force')) {
    throw new InputError('bad-option', "leave-one-out trains a whole forest per row; a forest's OOB score already predicts each row by the trees that never saw it (use it, or --cv K); --force runs leave-one-out anyway");
  }
  const folds = leaveOneOut ? 'loo' : cvFolds;
  const rule = thresholdRuleFromArgs(args);
  const split = { seed: params.seed ?? 0, stratify: stratifyFromArgs(args), positiveClass: positiveClassFromArgs(args) };
  const { train, dataset, params: decided, report } = await trainOnFile(args, params);
  // One positive class for the hold-out and every fold, chosen on the whole file.
  split.positiveClass = resolvePositiveClass(report.model, dataset, split.positiveClass);
  const holdout = testSize === undefined ? null : await holdoutForest(dataset, decided, testSize, split, train);
  // Repeated: the first draw (seed N) is the hold-out reported in full, as a single tree's.
  const repeatedHoldout = holdout !== null && testSize !== undefined && repeats > 1 ? await repeatedHoldoutForest(dataset, decided, { testSize, repeats, first: holdout }, split, train) : null;
  let crossValidation: CrossValidationResult | null = null;
  if (folds !== undefined) {
    const { warnings, ...cv } = await crossValidateForest(dataset, decided, folds, split, train);
    writeWarnings(warnings);
    crossValidation = cv;
  }
  const measured: ForestReport = { ...report, metrics: { ...report.metrics, holdout, ...(repeatedHoldout ? { repeatedHoldout } : {}), crossValidation } };
  const atThreshold = rule === undefined ? null : await namingFile(args.positional[0], () => forestAtThreshold(measured, rule, dataset, split.positiveClass));
  const full = atThreshold?.report ?? measured;
  const threshold = atThreshold?.threshold ?? null;
  const title = testSize === undefined ? null : `hold-out metrics, test fraction ${testSize}, seed ${split.seed}${split.stratify ? ', stratified' : ''}`;
  if (args.flags.has('json')) await writeChunks(undefined, forestJsonChunks(full.model, (model) => ({ ...full, model, ...(threshold ? { threshold } : {}) })));
  else process.stdout.write(forestReportText(full, basename(args.positional[0]), { holdoutTitle: title, stratified: split.stratify }, atThreshold?.threshold ? thresholdText(atThreshold.threshold, atThreshold.on) : []));
}

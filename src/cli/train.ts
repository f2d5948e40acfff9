// `train <csv> --target COL [options]` (docs/cli.md): fits a tree, writes the model JSON with
// --out, and prints the tree as JSON (default), indented text or Mermaid.
import { InputError } from '../engine/errors';
import type { Algorithm, Criterion, Splitter, TrainParams, TreeModel } from '../engine/model';
import { exportText } from '../engine/tree/export-text';
import { serializeModel } from '../engine/tree/model-json';
import { modelFileChunks } from '../engine/forest/tree-model-file';
import { writeChunks } from './write-chunks';
import { treeToMermaidMarkdown } from '../shared/render/mermaid';
import { fitReportTree } from '../engine/report';
import type { ReportOptions } from '../engine/report-types';
import { limitFlag, listFlag, numberFlag, parseArgs, requiredFlag, stringFlag, type ParsedArgs } from './args';
import { DATA_OPTIONS, loadDataFile, namingFile } from './data-flags';
import { pruneOptions, pruneOptionsFromArgs } from './prune-flags';
import { resolvePruneOptions } from '../engine/validation/prune-grown';
import { leftOutNotes } from './left-out-notes';
import { isOnnxName, writeOnnx } from './onnx-out';
import { FOREST_OPTIONS, forestParamsFromArgs } from './forest-flags';
import { trainForestCli } from './forest-run';
import { POSITIVE_CLASS_OPTION, positiveClassFromArgs, STRATIFY_OPTION, stratifyFromArgs, writeWarnings } from './validation-flags';
import { decideThreshold, THRESHOLD_OPTION, thresholdRuleFromArgs, thresholdValueText } from './threshold-flags';
import { resolvePositiveClass } from '../engine/validation/positive-class';
import { atDecisionThreshold, DEFAULT_ALPHA_FOLDS } from '../engine/validation/prune-grown';
import { usageError } from './help';
import type { CliCommand, CliOption, OptionTable } from './options';
import { criterionNames, defaultsText } from '../engine/tree/criteria';
import { checkWeightColumn, WEIGHT_OPTIONS, weightParamsFromArgs } from './weight-flags';
import { scoreLabel } from '../shared/render/score-label';
import { DASK_OPTIONS, trainOnDask, wantsDask } from './dask-train';

/** `--criterion`: its values and defaults read from the registry (engine/tree/criteria.ts) when the help is written. */
const CRITERION_OPTION: CliOption = {
  name: 'criterion',
  get value() {
    return criterionNames().join('|');
  },
  get default() {
    return defaultsText();
  },
  meaning: 'split criterion',
};

/** Options shared by every command that trains (train, evaluate, prune-path; splits takes some). */
export const TRAIN_OPTIONS: OptionTable = [
  { name: 'target', value: 'COL', meaning: 'the column to predict (required)' },
  { name: 'task', value: 'auto|classification|regression', default: 'auto', meaning: 'what to predict; auto: regression for a numeric target with more than 20 distinct values' },
  { name: 'algorithm', value: 'cart|id3|c45', default: 'cart', meaning: 'tree algorithm' },
  CRITERION_OPTION,
  { name: 'max-depth', value: 'N|none', default: 'none', meaning: 'deepest level a node may have; none = unlimited' },
  { name: 'min-samples-split', value: 'N', default: '2', meaning: 'fewest rows a node needs to be split' },
  { name: 'min-samples-leaf', value: 'N', default: '1', meaning: 'fewest rows in each leaf' },
  { name: 'max-leaf-nodes', value: 'N|none', default: 'none', meaning: 'most leaves (best-first growth); none = unlimited (depth-first)' },
  { name: 'min-impurity-decrease', value: 'X', default: '0', meaning: 'smallest weighted impurity decrease a split must bring' },
  { name: 'min-category-samples', value: 'N', default: '10', meaning: 'CART: a category with fewer rows in a node (of more than 4 categories) goes with the missing values' },
  { name: 'splitter', value: 'exact|hist', default: 'exact', meaning: 'CART split search: exact, or histogram bins (faster on large data)' },
  { name: 'ignore', value: 'COL,COL', meaning: 'columns not to use' },
  { name: 'keep', value: 'COL,COL', meaning: 'use these columns even if left out as ID-like or constant' },
  ...WEIGHT_OPTIONS,
];

const OPTIONS: OptionTable = [
  ...TRAIN_OPTIONS,
  ...pruneOptions(false),
  { name: 'cv', value: 'K', default: '5', meaning: 'with --ccp-alpha cv or a --threshold rule: the number of folds' },
  { name: 'seed', value: 'N', default: '0', meaning: "with --ccp-alpha cv or a --threshold rule: the seed of the folds; with --ensemble: the forest's seed" },
  STRATIFY_OPTION,
  THRESHOLD_OPTION,
  POSITIVE_CLASS_OPTION,
  { name: 'out', value: 'model.json', meaning: 'write the model JSON to this file (a name ending in .gz: gzip-compressed; in .onnx: the model as ONNX, docs/model-format.md "ONNX export")' },
  { name: 'format', value: 'json|text|mermaid', default: 'json (with --out: a one-line summary)', meaning: 'what to print: the model JSON, the tree as text (a forest: its report), or Mermaid' },
  ...FOREST_OPTIONS,
  ...DATA_OPTIONS,
  ...DASK_OPTIONS,
];

export const trainCommand: CliCommand = {
  name: 'train',
  summary: 'grow a decision tree (or a forest) on a CSV and print it or save the model',
  usage: '<csv> --target COL [options]',
  options: OPTIONS,
  example: 'iris.csv --target species --max-depth 3 --out model.json',
  run: train,
};

export function oneOf<T extends string>(args: ParsedArgs, name: string, allowed: readonly T[]): T | undefined {
  const v = stringFlag(args, name);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) throw new InputError('bad-option', `--${name} must be one of ${allowed.join(', ')}, got "${v}"`);
  return v as T;
}

/** TrainParams from the shared training flags. */
export function trainParamsFromArgs(args: ParsedArgs): TrainParams {
  return {
    target: requiredFlag(args, 'target'),
    task: oneOf(args, 'task', ['auto', 'classification', 'regression'] as const),
    algorithm: oneOf<Algorithm>(args, 'algorithm', ['cart', 'id3', 'c45']),
    criterion: oneOf<Criterion>(args, 'criterion', criterionNames()),
    maxDepth: limitFlag(args, 'max-depth', 1),
    minSamplesSplit: numberFlag(args, 'min-samples-split', { integer: true, min: 2 }),
    minSamplesLeaf: numberFlag(args, 'min-samples-leaf', { integer: true, min: 1 }),
    maxLeafNodes: limitFlag(args, 'max-leaf-nodes', 2),
    minImpurityDecrease: numberFlag(args, 'min-impurity-decrease', { min: 0 }),
    minCategorySamples: numberFlag(args, 'min-category-samples', { integer: true, min: 0 }),
    splitter: oneOf<Splitter>(args, 'splitter', ['exact', 'hist']),
    ignore: listFlag(args, 'ignore'),
    keep: listFlag(args, 'keep'),
    ...weightParamsFromArgs(args),
  };
}

/** The report options of `train`'s flags: no hold-out, and --cv K only for the folds that choose ccp_alpha. */
export function trainReportOptions(args: ParsedArgs, params: TrainParams): ReportOptions {
  return {
    params,
    ...pruneOptionsFromArgs(args, false),
    cvFolds: numberFlag(args, 'cv', { integer: true, min: 2 }),
    seed: numberFlag(args, 'seed', { integer: true }),
    stratify: stratifyFromArgs(args),
    permutationRepeats: 0,
  };
}

function render(model: TreeModel, format: string): string {
  if (format === 'mermaid') return treeToMermaidMarkdown(model);
  return format === 'text' ? exportText(model) : serializeModel(model);
}

async function train(argv: string[]): Promise<void> {
  const args = parseArgs(argv, OPTIONS);
  if (args.positional.length !== 1) throw usageError(trainCommand);
  if (wantsDask(args)) return trainOnDask(args, args.positional[0]);
  const format = oneOf(args, 'format', ['json', 'text', 'mermaid'] as const) ?? 'json';
  const asked = trainParamsFromArgs(args);
  const forest = forestParamsFromArgs(args, asked, numberFlag(args, 'seed', { integer: true }));
  const thresholdRule = thresholdRuleFromArgs(args);
  if (forest !== null) {
    return trainForestCli(args, forest, format);
  }
  if (thresholdRule === undefined && args.flags.has('positive-class')) throw new InputError('bad-option', '--positive-class applies with --threshold when training');
  // Pruning (docs/cli.md "Options"): --ccp-alpha X|cv, --prune …, with --cv K folds and --seed N for "cv"; checked before reading the data.
  const options = trainReportOptions(args, asked);
  resolvePruneOptions({ ...options, folds: options.cvFolds, algorithm: asked.algorithm });
  const dataset = await loadDataFile(args.positional[0], args);
  await checkWeightColumn(args.positional[0], dataset, asked);
  // The first half of the report the panel and `evaluate` show (engine/report.ts): the same tree.
  const { params, grown, pruned } = await namingFile(args.positional[0], () => fitReportTree(dataset, options));
  process.stderr.write(leftOutNotes(params.leftOut));
  const { droppedMissingTarget } = grown;
  const { alphaSelection, warnings } = pruned;
  let { model } = pruned;
  writeWarnings(warnings);
  if (thresholdRule !== undefined) {
    model = await namingFile(args.positional[0], () => {
      const positive = resolvePositiveClass(model, dataset, positiveClassFromArgs(args));
      if (positive === undefined) throw new InputError('bad-option', `--threshold applies to a target with two classes; "${model.target}" has ${model.task === 'regression' ? 'numeric values' : `${model.classes?.length ?? 0} classes`}`);
      const fold = { params, post: pruned.post, folds: options.cvFolds ?? DEFAULT_ALPHA_FOLDS, seed: options.seed ?? 0, stratify: options.stratify ?? true };
      return atDecisionThreshold(pruned, decideThreshold(thresholdRule, positive, dataset, fold, writeWarnings)).model;
    });
    const t = model.decisionThreshold;
    if (t) process.stderr.write(`note: decision threshold ${thresholdValueText(t.value)} on the share of "${t.positiveClass}"${t.chosenBy ? `, chosen by ${t.chosenBy}` : ''}\n`);
  }
  if (alphaSelection) {
    const a = alphaSelection;
    process.stderr.write(
      `note: ccp_alpha ${a.chosenAlpha} chosen by ${a.folds}-fold cross-validation (${a.rule} rule, seed ${a.seed}), mean ${scoreLabel(a.scoreName)} ${a.chosenScore.toFixed(4)} ` +
        `on the folds that chose it (optimistic; \`evaluate --ccp-alpha cv\` gives the nested estimate)\n`,
    );
  }
  if (droppedMissingTarget > 0) process.stderr.write(`note: ${droppedMissingTarget} rows with a missing target were left out\n`);
  const out = stringFlag(args, 'out');
  if (out !== undefined) await (isOnnxName(out) ? writeOnnx(out, model) : writeChunks(out, modelFileChunks(model)));
  // With --out and no explicit --format, the file is the result: keep stdout short.
  if (out !== undefined && !args.flags.has('format')) {
    process.stdout.write(`wrote ${out}: ${model.nodes.length} nodes, ${model.task}, target "${model.target}"\n`);
    return;
  }
  process.stdout.write(render(model, format));
}

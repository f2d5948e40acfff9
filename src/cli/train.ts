// `train <csv> --target COL [options]` (design.md §5): fits a tree, writes the model JSON with
// --out, and prints the tree as JSON (default), indented text or Mermaid.
import { writeFile } from 'node:fs/promises';
import { InputError } from '../engine/errors';
import type { Algorithm, Criterion, Splitter, TrainParams, TreeModel } from '../engine/model';
import { exportText } from '../engine/tree/export-text';
import { serializeModel } from '../engine/tree/model-json';
import { treeToMermaidMarkdown } from '../render/mermaid';
import { trainTree } from '../engine/tree/train';
import { listFlag, numberFlag, parseArgs, requiredFlag, stringFlag, type ParsedArgs } from './args';
import { DATA_FLAGS, DATA_USAGE, loadDataFile } from './data-flags';
import { PRUNE_FLAGS, PRUNE_USAGE, pruneOptionsFromArgs } from './prune-flags';
import { pruneGrown, resolvePruneOptions } from '../engine/prune/prune-grown';
import { decideLeftOut } from '../engine/tree/left-out';
import { leftOutNotes } from './left-out-notes';
import { STRATIFY_FLAGS, stratifyFromArgs, writeWarnings } from './validation-flags';

const USAGE =
  'usage: train <csv> --target COL [--task auto|classification|regression] [--algorithm cart|id3|c45] ' +
  '[--criterion gini|entropy|gain_ratio|squared_error] [--max-depth N] [--min-samples-split N] [--min-samples-leaf N] ' +
  '[--max-leaf-nodes N] [--min-impurity-decrease X] [--min-category-samples N (default 10)] [--splitter exact|hist] [--ignore COL,COL] [--keep COL,COL] [--out model.json] [--format json|text|mermaid] ' +
  `${PRUNE_USAGE} [--cv K] [--seed N] [--no-stratify] ${DATA_USAGE}`;

/** Flags shared by every command that trains (train, evaluate, prune-path...). */
export const TRAIN_FLAGS = {
  target: true,
  task: true,
  algorithm: true,
  criterion: true,
  'max-depth': true,
  'min-samples-split': true,
  'min-samples-leaf': true,
  'max-leaf-nodes': true,
  'min-impurity-decrease': true,
  'min-category-samples': true,
  ignore: true,
  keep: true,
  splitter: true,
} as const;

function oneOf<T extends string>(args: ParsedArgs, name: string, allowed: readonly T[]): T | undefined {
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
    criterion: oneOf<Criterion>(args, 'criterion', ['gini', 'entropy', 'gain_ratio', 'squared_error']),
    maxDepth: numberFlag(args, 'max-depth', { integer: true, min: 1 }),
    minSamplesSplit: numberFlag(args, 'min-samples-split', { integer: true, min: 2 }),
    minSamplesLeaf: numberFlag(args, 'min-samples-leaf', { integer: true, min: 1 }),
    maxLeafNodes: numberFlag(args, 'max-leaf-nodes', { integer: true, min: 2 }),
    minImpurityDecrease: numberFlag(args, 'min-impurity-decrease', { min: 0 }),
    minCategorySamples: numberFlag(args, 'min-category-samples', { integer: true, min: 0 }),
    splitter: oneOf<Splitter>(args, 'splitter', ['exact', 'hist']),
    ignore: listFlag(args, 'ignore'),
    keep: listFlag(args, 'keep'),
  };
}

function render(model: TreeModel, format: string): string {
  if (format === 'mermaid') return treeToMermaidMarkdown(model);
  return format === 'text' ? exportText(model) : serializeModel(model);
}

export async function trainCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { ...TRAIN_FLAGS, ...PRUNE_FLAGS, ...STRATIFY_FLAGS, ...DATA_FLAGS, cv: true, seed: true, out: true, format: true });
  if (args.positional.length !== 1) throw new InputError('bad-option', USAGE);
  const format = oneOf(args, 'format', ['json', 'text', 'mermaid'] as const) ?? 'json';
  const asked = trainParamsFromArgs(args);
  // Pruning (Insight engineer): --ccp-alpha X|cv, --prune …, with --cv K folds and --seed N for "cv"; checked before reading the data.
  const prune = {
    ...pruneOptionsFromArgs(args, false),
    folds: numberFlag(args, 'cv', { integer: true, min: 2 }),
    seed: numberFlag(args, 'seed', { integer: true }),
    stratify: stratifyFromArgs(args),
    algorithm: asked.algorithm,
  };
  resolvePruneOptions(prune);
  const dataset = await loadDataFile(args.positional[0], args);
  // Decided on the whole file, so the folds of --ccp-alpha cv leave out the same columns.
  const params = decideLeftOut(dataset, asked.target, asked);
  const grown = trainTree(dataset, params);
  process.stderr.write(leftOutNotes(params.leftOut));
  const { droppedMissingTarget } = grown;
  const { model, alphaSelection, warnings } = pruneGrown(grown.model, dataset, params, prune);
  writeWarnings(warnings);
  if (alphaSelection) {
    const a = alphaSelection;
    process.stderr.write(
      `note: ccp_alpha ${a.chosenAlpha} chosen by ${a.folds}-fold cross-validation (${a.rule} rule, seed ${a.seed}), mean ${a.scoreName} ${a.chosenScore.toFixed(4)} ` +
        `on the folds that chose it (optimistic; \`evaluate --ccp-alpha cv\` gives the nested estimate)\n`,
    );
  }
  if (droppedMissingTarget > 0) process.stderr.write(`note: ${droppedMissingTarget} rows with a missing target were left out\n`);
  const out = stringFlag(args, 'out');
  if (out !== undefined) await writeFile(out, serializeModel(model));
  // With --out and no explicit --format, the file is the result: keep stdout short.
  if (out !== undefined && !args.flags.has('format')) {
    process.stdout.write(`wrote ${out}: ${model.nodes.length} nodes, ${model.task}, target "${model.target}"\n`);
    return;
  }
  process.stdout.write(render(model, format));
}

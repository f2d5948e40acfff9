// `train <csv> --target COL [options]` (design.md §5): fits a tree, writes the model JSON with
// --out, and prints the tree as JSON (default), indented text or Mermaid.
import { writeFile } from 'node:fs/promises';
import { InputError } from '../engine/errors';
import type { Algorithm, Criterion, Splitter, TrainParams, TreeModel } from '../engine/model';
import { exportText } from '../engine/tree/export-text';
import { serializeModel } from '../engine/tree/model-json';
import { treeToMermaidMarkdown } from '../render/mermaid';
import { trainTree } from '../engine/tree/train';
import { numberFlag, parseArgs, requiredFlag, stringFlag, type ParsedArgs } from './args';
import { loadCsvFile } from './load-csv';
import { PRUNE_FLAGS, PRUNE_USAGE, pruneOptionsFromArgs } from './prune-flags';
import { pruneGrown, resolvePruneOptions } from '../engine/prune/prune-grown';

const USAGE =
  'usage: train <csv> --target COL [--task auto|classification|regression] [--algorithm cart|id3|c45] ' +
  '[--criterion gini|entropy|gain_ratio|squared_error] [--max-depth N] [--min-samples-split N] [--min-samples-leaf N] ' +
  '[--max-leaf-nodes N] [--min-impurity-decrease X] [--min-category-samples N (default 10)] [--splitter exact|hist] [--ignore COL,COL] [--out model.json] [--format json|text|mermaid] ' +
  `${PRUNE_USAGE} [--cv K] [--seed N]`;

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
  const ignore = stringFlag(args, 'ignore');
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
    ignore: ignore === undefined ? undefined : ignore.split(',').map((s) => s.trim()).filter((s) => s !== ''),
  };
}

function render(model: TreeModel, format: string): string {
  if (format === 'mermaid') return treeToMermaidMarkdown(model);
  return format === 'text' ? exportText(model) : serializeModel(model);
}

export async function trainCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { ...TRAIN_FLAGS, ...PRUNE_FLAGS, cv: true, seed: true, out: true, format: true });
  if (args.positional.length !== 1) throw new InputError('bad-option', USAGE);
  const format = oneOf(args, 'format', ['json', 'text', 'mermaid'] as const) ?? 'json';
  const params = trainParamsFromArgs(args);
  // Pruning (Insight engineer): --ccp-alpha X|cv, --prune …, with --cv K folds and --seed N for "cv"; checked before reading the data.
  const prune = { ...pruneOptionsFromArgs(args, false), folds: numberFlag(args, 'cv', { integer: true, min: 2 }), seed: numberFlag(args, 'seed', { integer: true }) };
  resolvePruneOptions(prune);
  const dataset = await loadCsvFile(args.positional[0]);
  const grown = trainTree(dataset, params);
  const { droppedMissingTarget } = grown;
  const { model, alphaSelection } = pruneGrown(grown.model, dataset, params, prune);
  if (alphaSelection) {
    process.stderr.write(`note: ccp_alpha ${alphaSelection.chosenAlpha} chosen by ${alphaSelection.folds}-fold cross-validation (${alphaSelection.rule} rule, seed ${alphaSelection.seed})\n`);
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

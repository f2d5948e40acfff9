// `explain <csv> --target COL [train options] [--node N,N… | --path N] [--unit bits|nats|hartleys]
// [--alternatives K] [--out FILE]` (docs/cli.md): grows the tree as `train` does and writes the
// worked arithmetic of its nodes as Markdown — impurity formulas with the numbers, partition
// tables, each candidate's score, a numeric column's thresholds (src/engine/explain/).
import { basename } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { InputError } from '../engine/errors';
import { calculationMarkdown, calculationTitle, costComplexityMarkdown, pessimisticMarkdown, rulesMarkdown } from '../engine/explain/markdown';
import { costComplexitySteps, pessimisticSteps } from '../engine/explain/pruning-calculation';
import { ruleCalculations } from '../engine/explain/rule-calculation';
import { trainTree } from '../engine/tree/train';
import { calculateNode, explainedNodes, pathNodes } from '../engine/explain/node-calculation';
import type { EntropyUnit } from '../engine/impurity';
import { buildReportBody } from '../engine/report';
import { listFlag, numberFlag, parseArgs, stringFlag } from './args';
import { DATA_OPTIONS, loadDataFile, namingFile } from './data-flags';
import { usageError } from './help';
import { leftOutNotes } from './left-out-notes';
import type { CliCommand, OptionTable } from './options';
import { pruneOptions, pruneOptionsFromArgs } from './prune-flags';
import { oneOf, TRAIN_OPTIONS, trainParamsFromArgs } from './train';
import { writeWarnings } from './validation-flags';
import { checkWeightColumn } from './weight-flags';

const OPTIONS: OptionTable = [
  ...TRAIN_OPTIONS,
  ...pruneOptions(false),
  { name: 'node', value: 'N,N', default: 'every decision node', meaning: 'the nodes to explain (ids as `train --format text` and the panel number them)' },
  { name: 'path', value: 'N', meaning: 'explain the nodes from the root down to node N (a worked path)' },
  { name: 'unit', value: 'bits|nats|hartleys', default: 'bits', meaning: 'the unit of entropy and information gain' },
  { name: 'alternatives', value: 'K', default: '5', meaning: "other columns' best splits worked out besides the node's own" },
  { name: 'pruning', value: 'cost-complexity|pessimistic', meaning: 'also work out this pruning of the grown tree: every weakest link and its α, or every pessimistic decision (with --epsilon)' },
  { name: 'rules', meaning: "also work out each rule's coverage, accuracy and FOIL gains" },
  { name: 'out', value: 'FILE.md', meaning: 'write the Markdown to this file instead of stdout' },
  ...DATA_OPTIONS,
];

export const explainCommand: CliCommand = {
  name: 'explain',
  summary: "the worked arithmetic of the tree's splits as Markdown: formulas with the numbers, partition tables, scores",
  usage: '<csv> --target COL [--node N,N | --path N] [options]',
  options: OPTIONS,
  example: 'play_tennis.csv --target play --algorithm id3 --node 0',
  run: explain,
};

function nodeIds(args: Parameters<typeof stringFlag>[0]): number[] | null {
  const list = listFlag(args, 'node');
  if (list === undefined) return null;
  return list.map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 0) throw new InputError('bad-option', `--node takes node ids (integers ≥ 0), got "${s}"`);
    return n;
  });
}

async function explain(argv: string[]): Promise<void> {
  const args = parseArgs(argv, OPTIONS);
  if (args.positional.length !== 1) throw usageError(explainCommand);
  const params = trainParamsFromArgs(args);
  const prune = pruneOptionsFromArgs(args, false);
  const unit = oneOf<EntropyUnit>(args, 'unit', ['bits', 'nats', 'hartleys']) ?? 'bits';
  const alternatives = numberFlag(args, 'alternatives', { integer: true, min: 0 });
  const asked = nodeIds(args);
  const pathTo = numberFlag(args, 'path', { integer: true, min: 0 });
  if (asked !== null && pathTo !== undefined) throw new InputError('bad-option', '--node and --path both choose the nodes: give one of them');
  const pruning = oneOf(args, 'pruning', ['cost-complexity', 'pessimistic'] as const);
  const file = args.positional[0];
  const dataset = await loadDataFile(file, args);
  await checkWeightColumn(file, dataset, params);
  const markdown = await namingFile(file, () => {
    const report = buildReportBody(dataset, { params, ccpAlpha: prune.ccpAlpha, prune: prune.prune, pessimisticEpsilon: prune.pessimisticEpsilon, simplify: prune.simplify, alphaRule: prune.alphaRule, permutationRepeats: 0 });
    process.stderr.write(leftOutNotes(report.leftOut));
    writeWarnings(report.warnings);
    const model = report.model;
    const ids = pathTo !== undefined ? pathNodes(model, pathTo) : (asked ?? explainedNodes(model));
    const calcs = ids.map((id) => calculateNode(dataset, model, report.settings, id, { unit, alternatives }));
    const more: string[] = [];
    if (pruning !== undefined) {
      // Pruning is worked out on the tree as grown (the model's own parameters), before any pruning.
      const grown = trainTree(dataset, model.params).model;
      more.push(pruning === 'cost-complexity' ? costComplexityMarkdown(costComplexitySteps(grown)) : pessimisticMarkdown(pessimisticSteps(grown, prune.pessimisticEpsilon ?? 0.5)));
    }
    if (args.flags.has('rules')) more.push(rulesMarkdown(ruleCalculations(model)));
    return calculationMarkdown(calculationTitle(basename(file), model.target), calcs, more);
  });
  const out = stringFlag(args, 'out');
  if (out === undefined) process.stdout.write(markdown);
  else {
    await writeFile(out, markdown);
    process.stderr.write(`wrote ${out}\n`);
  }
}

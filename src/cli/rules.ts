// `rules --model M [--format text|python|js|sql|onnx] [--tree K] [--out F]`: the tree's if-then rules,
// as text or as code that reproduces its predictions; a forest as Python or JS code, or one of its
// trees; a tree or forest as an ONNX model (onnx-out.ts).
import { InputError } from '../engine/errors';
import { exportCode } from '../engine/export/code';
import { forestToJavaScript, forestToPython } from '../engine/export/forest-code';
import type { LoadedModel } from '../engine/import/read';
import { memberModel } from '../engine/forest/predict';
import { linkText } from '../engine/import/ensemble';
import { FOREST_FORMAT, type ForestModel } from '../engine/forest/types';
import type { TreeModel } from '../engine/model';
import { extractRules } from '../engine/rules/extract';
import { rulesToText } from '../engine/rules/text';
import { numberFlag, parseArgs, requiredFlag, stringFlag, type ParsedArgs } from './args';
import { readModelFile } from '../worker/model-file';
import { usageError } from './help';
import { formatName } from '../engine/rules/text';
import { writeOnnx } from './onnx-out';
import { thresholdValueText } from './threshold-flags';
import { formatThreshold } from '../shared/render/tree-labels';
import { writeChunks } from './write-chunks';
import type { CliCommand, OptionTable } from './options';

const FORMATS = ['text', 'python', 'js', 'sql', 'onnx'] as const;

const OPTIONS: OptionTable = [
  { name: 'model', value: 'model.json', meaning: 'the model JSON `train --out` wrote (required)' },
  { name: 'format', value: FORMATS.join('|'), default: 'text', meaning: 'if-then rules as text, or code that reproduces the predictions (a forest: python, js or onnx); onnx needs --out' },
  { name: 'tree', value: 'K', meaning: 'a forest or a model trained elsewhere: the rules (or code) of its tree K alone, 0-based' },
  { name: 'out', value: 'FILE', meaning: 'write to this file instead of stdout (required by --format onnx: an ONNX model, written only if the export succeeds)' },
];

export const rulesCommand: CliCommand = {
  name: 'rules',
  summary: "a model's if-then rules, as text or as Python, JavaScript or SQL; or the model as ONNX",
  usage: '--model model.json [options]',
  options: OPTIONS,
  example: '--model model.json --format python',
  run: rules,
};

type Format = (typeof FORMATS)[number];

/** The tree the rules are about: the model itself, or tree --tree K of a forest (checked). */
function chosenTree(loaded: LoadedModel, args: ParsedArgs, format: Format): TreeModel | ForestModel {
  const k = numberFlag(args, 'tree', { integer: true, min: 0 });
  if (loaded.kind === 'tree') {
    if (k !== undefined) throw new InputError('bad-option', '--tree K picks a tree of a forest model; this model is a single tree');
    return loaded.model;
  }
  if (loaded.kind === 'ensemble') {
    if (format === 'onnx') throw new InputError('bad-option', `${loaded.model.description}: a model trained elsewhere is not exported as ONNX (only this tool's trees and forests are)`);
    // A tree of a model trained elsewhere: its leaves are raw scores the link combines (docs/cli.md "Models trained elsewhere").
    const n = loaded.model.trees.length;
    if (k === undefined && n === 1) return loaded.model.trees[0].model;
    if (k === undefined) throw new InputError('bad-option', `${loaded.model.description}: ${n} trees whose leaf values add up (${linkText(loaded.model)}); --tree K (0..${n - 1}) shows one tree's rules`);
    if (k >= n) throw new InputError('bad-option', `--tree ${k} is not a tree of this model (trees 0..${n - 1})`);
    return loaded.model.trees[k].model;
  }
  const n = loaded.model.trees.length;
  if (k !== undefined) {
    if (k >= n) throw new InputError('bad-option', `--tree ${k} is not a tree of this forest (trees 0..${n - 1})`);
    return memberModel(loaded.model, k);
  }
  if (format === 'text') throw new InputError('bad-option', `a forest of ${n} trees has no single rule list: --tree K (0..${n - 1}) lists one tree's rules; --format python or js exports the whole forest`);
  if (format === 'sql') throw new InputError('bad-option', 'SQL export of a forest is not supported (its vote does not fit one CASE); use --format python or js, or --tree K for one tree');
  return loaded.model;
}

/** A tree with a decision threshold says so above its rules (their conclusions are the decisions at it). */
function thresholdLine(model: TreeModel): string {
  const t = model.decisionThreshold;
  if (!t) return '';
  return `decision threshold ${thresholdValueText(t.value)} on the share of ${formatName(t.positiveClass)}${t.chosenBy ? ` (chosen by ${t.chosenBy})` : ''}: a leaf concludes ${formatName(t.positiveClass)} when its share of it is ≥ ${formatThreshold(t.value)}\n\n`;
}

async function rules(argv: string[]): Promise<void> {
  const args = parseArgs(argv, OPTIONS);
  if (args.positional.length !== 0) throw usageError(rulesCommand);
  const format = stringFlag(args, 'format') ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format)) throw new InputError('bad-option', `--format must be one of ${FORMATS.join(', ')}, got "${format}"`);
  const file = stringFlag(args, 'out');
  if (format === 'onnx' && file === undefined) throw new InputError('bad-option', '--format onnx writes a binary file: give it with --out FILE.onnx');
  const model = chosenTree(await readModelFile(requiredFlag(args, 'model')), args, format as Format);
  if (format === 'onnx') return writeOnnx(file as string, model);
  let out: string;
  if (model.format === FOREST_FORMAT) out = format === 'python' ? forestToPython(model) : forestToJavaScript(model);
  else out = format === 'text' ? thresholdLine(model) + rulesToText(extractRules(model), model.classes) : exportCode(model, format as Exclude<Format, 'text' | 'onnx'>);
  await writeChunks(file, [out]);
}

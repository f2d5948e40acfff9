// `rules --model M [--format text|python|js|sql]`: the tree's if-then rules, as text or as code
// that reproduces its predictions.
import { InputError } from '../engine/errors';
import { exportCode } from '../engine/export/code';
import { extractRules } from '../engine/rules/extract';
import { rulesToText } from '../engine/rules/text';
import { parseArgs, requiredFlag, stringFlag } from './args';
import { loadModel } from './predict';
import { usageError } from './help';
import type { CliCommand, OptionTable } from './options';

const FORMATS = ['text', 'python', 'js', 'sql'] as const;

const OPTIONS: OptionTable = [
  { name: 'model', value: 'model.json', meaning: 'the model JSON `train --out` wrote (required)' },
  { name: 'format', value: FORMATS.join('|'), default: 'text', meaning: 'if-then rules as text, or code that reproduces the predictions' },
];

export const rulesCommand: CliCommand = {
  name: 'rules',
  summary: "a model's if-then rules, as text or as Python, JavaScript or SQL",
  usage: '--model model.json [options]',
  options: OPTIONS,
  example: '--model model.json --format python',
  run: rules,
};

async function rules(argv: string[]): Promise<void> {
  const args = parseArgs(argv, OPTIONS);
  if (args.positional.length !== 0) throw usageError(rulesCommand);
  const format = stringFlag(args, 'format') ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format)) throw new InputError('bad-option', `--format must be one of ${FORMATS.join(', ')}, got "${format}"`);
  const model = await loadModel(requiredFlag(args, 'model'));
  const out = format === 'text' ? rulesToText(extractRules(model), model.classes) : exportCode(model, format as Exclude<(typeof FORMATS)[number], 'text'>);
  process.stdout.write(out);
}

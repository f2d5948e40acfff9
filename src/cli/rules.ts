// `rules --model M [--format text|python|js|sql]`: the tree's if-then rules, as text or as code
// that reproduces its predictions.
import { InputError } from '../engine/errors';
import { exportCode } from '../engine/export/code';
import { extractRules } from '../engine/rules/extract';
import { rulesToText } from '../engine/rules/text';
import { parseArgs, requiredFlag, stringFlag } from './args';
import { loadModel } from './predict';

const USAGE = 'usage: rules --model model.json [--format text|python|js|sql]';
const FORMATS = ['text', 'python', 'js', 'sql'] as const;

export async function rulesCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { model: true, format: true });
  if (args.positional.length !== 0) throw new InputError('bad-option', USAGE);
  const format = stringFlag(args, 'format') ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format)) throw new InputError('bad-option', `--format must be one of ${FORMATS.join(', ')}, got "${format}"`);
  const model = await loadModel(requiredFlag(args, 'model'));
  const out = format === 'text' ? rulesToText(extractRules(model), model.classes) : exportCode(model, format as Exclude<(typeof FORMATS)[number], 'text'>);
  process.stdout.write(out);
}

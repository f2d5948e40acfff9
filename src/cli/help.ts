// The --help text of the tool and of each command, made from the commands' option tables.
import { InputError } from '../engine/errors';
import type { CliCommand, CliOption } from './options';

export const PROGRAM = 'decision-tree';

/** Column of the meanings; a longer option head puts its meaning on the next line. */
const MEANING_AT = 28;

const head = (o: CliOption) => `  --${o.name}${o.value === undefined ? '' : ` ${o.value}`}`;

function optionLines(name: string, meaning: string): string[] {
  return name.length < MEANING_AT - 1 ? [`${name.padEnd(MEANING_AT)}${meaning}`] : [name, `${' '.repeat(MEANING_AT)}${meaning}`];
}

export function commandHelp(c: CliCommand): string {
  return [
    `usage: ${PROGRAM} ${c.name} ${c.usage}`,
    '',
    c.summary,
    '',
    'options:',
    ...c.options.flatMap((o) => optionLines(head(o), o.default === undefined ? o.meaning : `${o.meaning} (default: ${o.default})`)),
    ...optionLines('  --help, -h', 'this help'),
    '',
    'example:',
    `  ${PROGRAM} ${c.name} ${c.example}`,
    '',
  ].join('\n');
}

export function toolHelp(commands: readonly CliCommand[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `usage: ${PROGRAM} <command> [options]   (or: node dist/cli.js <command> [options])`,
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    `${PROGRAM} <command> --help   every option of a command, its default and an example`,
    `${PROGRAM} --version          the version`,
    '',
    'exit codes: 0 success, 2 bad input or usage, 1 internal error',
    '',
  ].join('\n');
}

/** A command called with the wrong positional arguments: its usage line (exit 2). */
export function usageError(c: CliCommand): InputError {
  return new InputError('bad-option', `usage: ${PROGRAM} ${c.name} ${c.usage} (${PROGRAM} ${c.name} --help lists every option)`);
}

// Headless entry point: `node dist/cli.js <command> ...` (contract in design.md §5).
// Exit 0 on success, 2 on bad input or usage (one line on stderr), 1 on an internal error.
import { InputError } from './engine/errors';
import { commands } from './cli/commands';

const USAGE = `usage: node dist/cli.js <command> [options]
commands: ${Object.keys(commands).join(', ')}`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    process.stdout.write(USAGE + '\n');
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`error: unknown command "${name}"\n${USAGE}\n`);
    return 2;
  }
  try {
    await command(rest);
    return 0;
  } catch (err) {
    if (err instanceof InputError) {
      process.stderr.write(`error: ${err.message}\n`);
      return 2;
    }
    process.stderr.write(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`internal error: ${String(err)}\n`);
    process.exitCode = 1;
  },
);

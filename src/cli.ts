// Headless entry point: `decision-tree <command> ...` or `node dist/cli.js <command> ...` (contract
// in docs/cli.md). Exit 0 on success (--help and --version included), 2 on bad input or usage
// (one line on stderr), 1 on an internal error.
import { InputError } from './engine/errors';
import { commands } from './cli/commands';
import { commandHelp, toolHelp } from './cli/help';
import { suggestion } from './cli/nearest';

/** package.json's version, put in by the bundler (scripts/build.mjs `define`), so nothing is read at run time. */
declare const DTE_VERSION: string;

const wantsHelp = (argv: readonly string[]) => argv.includes('--help') || argv.includes('-h');

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    (name === undefined ? process.stderr : process.stdout).write(toolHelp(commands));
    return name === undefined ? 2 : 0;
  }
  if (name === '--version') {
    process.stdout.write(`${DTE_VERSION}\n`);
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    const known = commands.map((c) => c.name);
    process.stderr.write(`error: unknown command "${name}"${suggestion(name, known)} (commands: ${known.join(', ')}; --help for more)\n`);
    return 2;
  }
  if (wantsHelp(rest)) {
    process.stdout.write(commandHelp(command));
    return 0;
  }
  try {
    await command.run(rest);
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

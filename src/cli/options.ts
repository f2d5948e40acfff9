// A command's options as one table: the parser's spec (parseArgs) and the --help text (help.ts)
// are both made from it, so what the help lists is exactly what the parser accepts.
export interface CliOption {
  /** Without the leading `--`. */
  readonly name: string;
  /** The value's placeholder in the help (`N`, `COL`, `gini|entropy`); absent for a switch. */
  readonly value?: string;
  /** The default as the help states it; absent when the option is off or has none. */
  readonly default?: string;
  readonly meaning: string;
}

export type OptionTable = readonly CliOption[];

/** One command: its help (usage line, one-line summary, options, an example) and what it runs. */
export interface CliCommand {
  readonly name: string;
  readonly summary: string;
  /** After the command's name, e.g. `<csv> --target COL [options]`. */
  readonly usage: string;
  readonly options: OptionTable;
  readonly example: string;
  run(argv: string[]): Promise<void>;
}

/** The rows of `table` named in `names`, in the table's order (a command taking part of a shared table). */
export function pick(table: OptionTable, names: readonly string[]): OptionTable {
  return table.filter((o) => names.includes(o.name));
}

// The CLI's command table: one module per command, each taking its own argv.
export type Command = (argv: string[]) => Promise<void>;

export const commands: Record<string, Command> = {};

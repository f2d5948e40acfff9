// The CLI's command table: one module per command, each taking its own argv.
import { profileCommand } from './profile';

export type Command = (argv: string[]) => Promise<void>;

export const commands: Record<string, Command> = {
  profile: profileCommand,
};

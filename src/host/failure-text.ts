// Turns a failed job into what the user reads: one line for the notification (what and where) and
// the full text for the "Decision Tree" output channel. A cancellation is not a failure: nothing.
import { CancelledError, InputError } from '../engine/errors';
import { t } from './l10n';

export interface FailureText {
  /** For the notification, e.g. `iris.csv: line 1,204 has 7 fields, header has 6`. */
  summary: string;
  /** For the output channel: action, file, error kind, location and stack where there is one. */
  details: string;
}

/**
 * `action` says what was being done ("train a tree on", in the user's language: the notification
 * says it; the output channel's details stay English), `file` where (a path or a name).
 * Returns undefined for a cancellation.
 */
export function describeFailure(action: string, file: string, err: unknown, now: Date = new Date()): FailureText | undefined {
  if (err instanceof CancelledError) return undefined;
  const name = file.slice(file.lastIndexOf('/') + 1);
  const stamp = now.toISOString();
  if (err instanceof InputError) {
    const message = err.message.startsWith(name) ? err.message : `${name}: ${err.message}`;
    const where = [err.line !== undefined ? `line ${err.line}` : '', err.column !== undefined ? `field ${err.column}` : '']
      .filter(Boolean)
      .join(', ');
    return {
      summary: message,
      details: [`[${stamp}] Could not ${action} ${file}`, `  problem: ${err.message}`, `  kind: ${err.code}`, where ? `  where: ${where}` : '']
        .filter(Boolean)
        .join('\n'),
    };
  }
  const message = err instanceof Error ? err.message : String(err);
  const stack = err instanceof Error && err.stack ? err.stack : message;
  return {
    summary: t`Could not ${action} ${name}: ${message}`,
    details: `[${stamp}] Could not ${action} ${file} (internal error)\n${stack}`,
  };
}

// Shows a worker job as a cancellable progress notification: parse percentage, training steps,
// and Cancel, which terminates the worker at once.
import * as vscode from 'vscode';
import { ProgressIncrements, progressText } from './progress-text';
import type { JobHandle, RunOptions } from './worker-bridge';

/** Runs `start` under a notification titled `title`; resolves with the job's result. */
export function withJobProgress<R>(title: string, start: (onProgress: NonNullable<RunOptions['onProgress']>) => JobHandle<R>): Promise<R> {
  return Promise.resolve(
    vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
      const increments = new ProgressIncrements();
      const handle = start((p) => {
        const { message, fraction } = progressText(p);
        progress.report({ message, increment: increments.next(fraction) });
      });
      const subscription = token.onCancellationRequested(() => handle.cancel());
      return handle.result.finally(() => subscription.dispose());
    }),
  );
}

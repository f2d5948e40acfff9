// The CLI's `train --engine dask` run from the extension host (README "When your data outgrow one
// machine"): the bundled dist/cli.js in a child Node process (VS Code's own runtime, as Node), which
// starts the Python job and relays its events as JSON lines on stderr (`--progress json`). The host
// only reads lines, so it stays responsive; Cancel sends SIGTERM to the CLI, which ends the job's
// process group (its LocalCluster's workers with it: src/cli/python-job.ts).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { CancelledError } from '../engine/errors';
import type { DaskEvent } from '../shared/dask-events';

export interface DaskRunOptions {
  /** dist/cli.js of this extension. */
  readonly cli: string;
  /** The CLI's arguments after `train` (without --progress). */
  readonly args: readonly string[];
  onEvent(e: DaskEvent): void;
}

export interface DaskRun {
  /** The CLI's report (stdout) once the model is written; rejects with the CLI's `error:` line, or a CancelledError. */
  readonly result: Promise<string>;
  cancel(): void;
}

export function runDaskTraining(options: DaskRunOptions): DaskRun {
  const child = spawn(process.execPath, [options.cli, 'train', ...options.args, '--progress', 'json'], {
    // VS Code's executable runs as plain Node with this set (as its own extension-host helpers do).
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let cancelled = false;
  let stdout = '';
  const errors: string[] = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (stdout += chunk));
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (line.startsWith('{')) {
      try {
        options.onEvent(JSON.parse(line) as DaskEvent);
        return;
      } catch {
        // not an event: kept as text below
      }
    }
    errors.push(line);
  });
  const result = new Promise<string>((resolve, reject) => {
    child.on('error', (err) => reject(err));
    child.on('close', (code) => {
      if (cancelled) reject(new CancelledError());
      else if (code === 0) resolve(stdout);
      else {
        const message = errors.find((l) => l.startsWith('error: ') || l.startsWith('internal error: ')) ?? errors.slice(-5).join('\n');
        reject(new Error(message.replace(/^error: /, '') || `the CLI ended with code ${code}`));
      }
    });
  });
  return {
    result,
    cancel: () => {
      cancelled = true;
      child.kill('SIGTERM');
    },
  };
}

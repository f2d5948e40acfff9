// A Python job run as a child process that talks in JSON lines on its stdout (python/dask_train.py,
// docs/cli.md "Training on a Dask cluster"). The job is started as its own process group, so the
// processes it starts (a LocalCluster's nannies and workers) end with it: a cancel (SIGINT or
// SIGTERM to the CLI) or a job that stops answering ends the whole group. The job also watches its
// stdin, which only this process holds open: if the CLI itself is killed, the job ends its group.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { InputError } from '../engine/errors';
import type { DaskEvent as JobEvent } from '../shared/dask-events';


export interface JobRun {
  /** The "done" event. */
  readonly done: JobEvent;
}

/** How long a job that reported an error, or was asked to stop, gets to end before its group is killed. */
const GRACE_MS = 5_000;

/** The last lines of the job's stderr, for a failure it did not explain. */
function tail(text: string, lines = 15): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group has ended already.
  }
}

/**
 * Runs `python script args`, calling `onEvent` for every event line; resolves with the "done" event.
 * An "error" event rejects with an InputError of its code; a job that ends otherwise without "done"
 * rejects naming its exit and its stderr's last lines. SIGINT/SIGTERM to this process end the job's
 * group and reject with a CancelledError-like InputError('cluster', 'cancelled').
 */
export function runPythonJob(python: string, script: string, args: readonly string[], onEvent: (e: JobEvent) => void): Promise<JobRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, ['-u', script, ...args], {
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, DTE_DASK_WATCH_STDIN: '1', PYTHONUNBUFFERED: '1', PYTHONWARNINGS: 'ignore' },
    });
    let stderr = '';
    let done: JobEvent | null = null;
    let failure: InputError | null = null;
    let killTimer: NodeJS.Timeout | undefined;
    const stopSoon = () => {
      killTimer ??= setTimeout(() => killGroup(child.pid, 'SIGKILL'), GRACE_MS);
    };
    const cancel = (signal: NodeJS.Signals) => {
      failure ??= new InputError('cluster', `cancelled (${signal}): the Dask job and its local workers were stopped`);
      killGroup(child.pid, 'SIGTERM');
      stopSoon();
    };
    const onSigint = () => cancel('SIGINT');
    const onSigterm = () => cancel('SIGTERM');
    process.on('SIGINT', onSigint);
    process.on('SIGTERM', onSigterm);

    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Dask logs a lot: keep the end, for a failure the job did not explain.
      stderr = (stderr + chunk).slice(-20_000);
    });
    child.stdin.on('error', () => undefined);
    createInterface({ input: child.stdout }).on('line', (line) => {
      let event: JobEvent;
      try {
        event = JSON.parse(line) as JobEvent;
      } catch {
        stderr += `${line}\n`;
        return;
      }
      if (event.event === 'done') done = event;
      if (event.event === 'error') {
        failure ??= new InputError(String(event.code) === 'missing-packages' ? 'missing-python' : 'cluster', String(event.message));
        stopSoon();
      }
      onEvent(event);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      failure ??= new InputError('missing-python', `cannot run ${python} (${err.code ?? err.message})`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(killTimer);
      process.off('SIGINT', onSigint);
      process.off('SIGTERM', onSigterm);
      // Whatever the job left of its group (it ends it itself; this is for a job that crashed).
      killGroup(child.pid, 'SIGKILL');
      if (failure !== null) reject(failure);
      else if (done !== null && code === 0) resolve({ done });
      else reject(new InputError('cluster', `the Dask job ended (${signal ?? `exit ${code}`}) without a model:\n${tail(stderr)}`));
    });
  });
}

// Runs engine jobs in a worker (a thread on Node, a Web Worker in a browser: src/host/platform.ts)
// so the extension host never blocks on parsing or training.
// One worker per job: cancelling terminates it, which stops even a tight training loop at once,
// and a new job under the same key (the same file) cancels the one still running. No vscode here,
// so the bridge is tested in plain Node.
import { CancelledError } from '../engine/errors';
import { fromWireError } from '../shared/wire-error';
import type { FromWorker, JobKind, JobProgress, JobTypes, ToWorker } from '../shared/worker-messages';
import type { EngineThread } from './platform';

export interface JobHandle<R> {
  /** Resolves with the job's result; rejects with CancelledError when cancelled or superseded. */
  readonly result: Promise<R>;
  cancel(): void;
}

export interface RunOptions {
  /** Jobs sharing a key supersede each other (e.g. the file's URI); omit for independent jobs. */
  key?: string;
  onProgress?: (progress: JobProgress) => void;
  /** Buffers moved (not copied) into the worker; the caller must not use them afterwards. */
  transfer?: ArrayBuffer[];
}

export class WorkerBridge {
  private readonly running = new Map<string, () => void>();
  private readonly all = new Set<() => void>();
  private nextId = 1;

  /** `start`: one new engine worker per job (nodeEngine(file) on Node). */
  constructor(private readonly start: () => EngineThread) {}

  run<K extends JobKind>(kind: K, job: JobTypes[K]['job'], options: RunOptions = {}): JobHandle<JobTypes[K]['result']> {
    type R = JobTypes[K]['result'];
    const { key, onProgress, transfer } = options;
    if (key !== undefined) this.running.get(key)?.();
    const id = this.nextId++;
    const worker = this.start();
    let settled = false;
    let settle!: (outcome: { ok: true; value: R } | { ok: false; error: Error }) => void;
    const result = new Promise<R>((resolve, reject) => {
      settle = (outcome) => {
        if (settled) return;
        settled = true;
        if (key !== undefined && this.running.get(key) === cancel) this.running.delete(key);
        this.all.delete(cancel);
        worker.terminate();
        if (outcome.ok) resolve(outcome.value);
        else reject(outcome.error);
      };
    });
    const cancel = () => settle({ ok: false, error: new CancelledError() });

    worker.onMessage((message: FromWorker) => {
      if (settled || message.id !== id) return;
      if (message.type === 'progress') onProgress?.(message.progress);
      else if (message.type === 'done') settle({ ok: true, value: message.result as R });
      else settle({ ok: false, error: fromWireError(message.error) });
    });
    worker.onFailure((error) => settle({ ok: false, error }));

    if (key !== undefined) this.running.set(key, cancel);
    this.all.add(cancel);
    const message: ToWorker = { id, kind, job };
    worker.post(message, transfer);
    return { result, cancel };
  }

  /**
   * Bytes ready to be moved into a worker: a view that shares its buffer with other data (Node's
   * pooled Buffers) is copied first, so transferring never detaches memory someone else uses.
   */
  static ownBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
    return whole ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
  }

  /** Cancels the job running under `key`, if any (a view's Cancel); true when there was one. */
  cancel(key: string): boolean {
    const cancel = this.running.get(key);
    cancel?.();
    return cancel !== undefined;
  }

  /** Cancels every running job (extension deactivation). */
  dispose(): void {
    for (const cancel of [...this.all]) cancel();
  }
}

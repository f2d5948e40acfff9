// What a thread pool (thread-pool.ts) and its workers (serve-tasks.ts) say to each other: the
// shared data once per worker, then one task index at a time; back come results by index.
import type { WireError } from '../../shared/worker-messages';

export type ToPoolWorker<S> =
  /** First and only once: views on SharedArrayBuffers arrive as views on the same memory. */
  | { type: 'init'; shared: S }
  | { type: 'task'; index: number };

export type FromPoolWorker<R> = { type: 'done'; index: number; result: R } | { type: 'failed'; index: number; error: WireError };

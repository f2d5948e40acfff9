// The worker side of a thread pool (thread-pool.ts): a task module's bundle calls servePoolTasks
// with its task function; the pool sends the shared data once, then task indices one at a time.
import { toWireError } from '../../shared/wire-error';
import type { FromPoolWorker, ToPoolWorker } from './messages';
import { parentThread } from './threads';

/**
 * Runs `run(shared, index)` for every task the pool hands this thread; a throw fails the whole pool
 * with its message. `transfer(result)`: the result's buffers, moved to the pool's thread, not copied.
 */
export function servePoolTasks<S, R>(run: (shared: S, index: number) => R, transfer: (result: R) => ArrayBuffer[] = () => []): void {
  const port = parentThread();
  let shared: { value: S } | undefined;
  port.onMessage((data) => {
    const message = data as ToPoolWorker<S>;
    if (message.type === 'init') {
      shared = { value: message.shared };
      return;
    }
    const { index } = message;
    let reply: FromPoolWorker<R>;
    let moved: ArrayBuffer[] = [];
    try {
      if (shared === undefined) throw new Error(`pool task ${index} arrived before the shared data`);
      const result = run(shared.value, index);
      moved = transfer(result);
      reply = { type: 'done', index, result };
    } catch (err) {
      reply = { type: 'failed', index, error: toWireError(err) };
    }
    port.post(reply, moved);
  });
}

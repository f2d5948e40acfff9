// The forest's pool tasks (served by dist/forest-worker.js on Node, forest-worker.ts, and by
// dist/web/worker.js in a browser, web-port.ts; started by forest-pool.ts): trains the trees it is handed on the shared dataset. A tree depends only on (dataset, plan, index), so
// any thread gives the same tree. Each tree goes back packed with its training rows' leaves, the
// typed arrays' buffers moved.
import type { Dataset } from '../engine/dataset';
import { trainMember } from '../engine/forest/member';
import { treeBuffers } from '../engine/forest/packed-tree';
import type { ForestPlan } from '../engine/forest/plan';
import { memberCaches, type ForestCaches } from '../engine/forest/member-caches';
import { servePoolTasks } from './pool/serve-tasks';

/** What each forest worker receives once. */
export interface ForestTaskData {
  dataset: Dataset;
  plan: ForestPlan;
  /** The exact splitter's orders or the histogram splitter's bins, made once by the pool's caller on shared memory. */
  made: ForestCaches;
}

// The trees of one forest share their sorted orders or bins (made before the pool started).
const cachesFor = new WeakMap<ForestTaskData, ReturnType<typeof memberCaches>>();

/** Serves the pool's tasks on this thread. */
export function serveForestTasks(): void {
  servePoolTasks(
    (shared: ForestTaskData, index) => {
      let caches = cachesFor.get(shared);
      if (caches === undefined) cachesFor.set(shared, (caches = memberCaches(shared.made)));
      return trainMember(shared.dataset, shared.plan, index, caches);
    },
    (member) => [...treeBuffers(member.tree.packed), member.leaves.buffer as ArrayBuffer],
  );
}

// The forest's pool worker (bundled to dist/forest-worker.js, started by forest-pool.ts): trains
// the trees it is handed on the shared dataset. A tree depends only on (dataset, plan, index), so
// any thread gives the same tree. Each tree goes back packed, its typed arrays' buffers moved.
import type { Dataset } from '../engine/dataset';
import { trainMember } from '../engine/forest/member';
import { treeBuffers } from '../engine/forest/packed-tree';
import type { ForestPlan } from '../engine/forest/plan';
import { Presorted } from '../engine/tree/presort';
import { servePoolTasks } from './pool/serve-tasks';

/** What each forest worker receives once. */
export interface ForestTaskData {
  dataset: Dataset;
  plan: ForestPlan;
}

// The trees of one forest share their feature orders, sorted once in each worker.
const presortedFor = new WeakMap<ForestTaskData, Presorted>();

servePoolTasks(
  (shared: ForestTaskData, index) => {
    let presorted = presortedFor.get(shared);
    if (presorted === undefined) presortedFor.set(shared, (presorted = new Presorted()));
    return trainMember(shared.dataset, shared.plan, index, { presorted });
  },
  (member) => treeBuffers(member.tree.packed),
);

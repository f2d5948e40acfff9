// The worker's forest job: trains on the pool of threads (src/worker/forest-pool.ts), reporting
// "tree k of n" as the trees come back, at most once per PROGRESS_INTERVAL_MS (and the last tree):
// a forest of tiny trees finishes thousands a second (a 100,000-tree iris forest on 2 threads
// posted ~2,990 messages a second), and each one became a notification update and a webview
// message on the extension host's thread. Cancel terminates this worker, and the pool's workers,
// being its own worker threads, end with it.
import type { ForestReport } from '../../engine/forest/types';
import type { ForestJob, JobProgress } from '../../shared/worker-messages';
import { trainForestOnPool } from '../forest-pool';

export const PROGRESS_INTERVAL_MS = 100;

export function forestJob(job: ForestJob, progress: (p: JobProgress) => void): Promise<ForestReport> {
  let postedAt = -Infinity;
  return trainForestOnPool(job.dataset, job.params, {
    jobs: job.jobs,
    onProgress: (treesDone, nTrees) => {
      const at = Date.now();
      if (treesDone < nTrees && at - postedAt < PROGRESS_INTERVAL_MS) return;
      postedAt = at;
      progress({ phase: 'forest', treesDone, nTrees });
    },
  });
}

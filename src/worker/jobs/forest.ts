// The worker's forest job: trains on the pool of threads (src/worker/forest-pool.ts), reporting
// "tree k of n" as the trees come back. Cancel terminates this worker, and the pool's workers,
// being its own worker threads, end with it.
import type { ForestReport } from '../../engine/forest/types';
import type { ForestJob, JobProgress } from '../../shared/worker-messages';
import { trainForestOnPool } from '../forest-pool';

export function forestJob(job: ForestJob, progress: (p: JobProgress) => void): Promise<ForestReport> {
  return trainForestOnPool(job.dataset, job.params, {
    jobs: job.jobs,
    onProgress: (treesDone, nTrees) => progress({ phase: 'forest', treesDone, nTrees }),
  });
}

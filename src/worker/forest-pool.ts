// A forest trained on a pool of worker threads (docs/architecture.md "Forests on every core"):
// planForest here, trainMember in the workers (one task per tree), each member added to the
// ForestAssembly here as it comes, in tree order. The same plan and that order give the same forest
// as trainForest for any `jobs`.
import type { Dataset } from '../engine/dataset';
import { ForestAssembly } from '../engine/forest/assemble';
import type { ForestMember } from '../engine/forest/member';
import { planForest } from '../engine/forest/plan';
import type { ForestParams, ForestReport } from '../engine/forest/types';
import type { ForestTaskData } from './forest-tasks';
import { forestCaches } from '../engine/forest/member-caches';
import { runPool } from './pool/thread-pool';
import { taskFile } from './pool/threads';
import { shareDataset, sharedBytes, sharedInts } from './pool/shared-dataset';

/**
 * Each forest worker's young generation, in MiB (Node's default lets it grow to several times
 * this). Growing a tree leaves tens of MiB of short-lived arrays and objects per tree, and each
 * thread's young generation grew to hold them: on the bench's data (100,000 × 20 rows, 20 trees,
 * 2 threads, quiet machine) the process peaked at 358–362 MiB with the default, 294–303 MiB with
 * 8 (4: 296–305, 2: 287–297), at the same CPU seconds (21.0–21.9 against 21.4–23.3).
 */
const FOREST_WORKER_YOUNG_MB = 8;

export interface ForestPoolOptions {
  /** Worker threads; default the cores available. */
  jobs?: number;
  /** Stops every worker (and the assembly); the promise rejects with CancelledError. */
  signal?: AbortSignal;
  onProgress?: (treesDone: number, nTrees: number) => void;
  /** false: the report leaves out the OOB permutation importance (ForestAssembly.finish). */
  oobPermutation?: boolean;
  /**
   * The forest worker's bundle. Default: forest-worker.js beside the running bundle (dist/ holds
   * cli.js, worker.js and extension.js alike), so the extension's worker starts its pool from there.
   */
  workerFile?: string;
  /** A binary target's class the OOB and training metrics score; default the less frequent (ForestAssembly). */
  positiveClass?: string;
}

export async function trainForestOnPool(dataset: Dataset, params: ForestParams, options: ForestPoolOptions): Promise<ForestReport> {
  const { jobs, signal, onProgress } = options;
  // Read from here on through the shared copy (none is made of columns already shared): what the
  // assembly reads is then what the workers read.
  const shared = shareDataset(dataset);
  const planned = planForest(shared, params);
  // Its training rows on shared memory too: posted to each worker, they were copied (4 MB at 1M rows).
  const rows = sharedInts(planned.rows.length);
  rows.set(planned.rows);
  const plan = { ...planned, rows };
  const assembly = new ForestAssembly(shared, plan, options.positiveClass);
  await runPool<ForestTaskData, ForestMember>({
    workerFile: options.workerFile ?? taskFile('forest-worker'),
    // Sorted or binned here once, not in every worker: one copy, read by all.
    shared: { dataset: shared, plan, made: forestCaches(shared, plan, sharedInts, sharedBytes) },
    tasks: plan.params.nTrees,
    jobs,
    signal,
    onProgress,
    onResult: (_, member) => assembly.add(member),
    resourceLimits: { maxYoungGenerationSizeMb: FOREST_WORKER_YOUNG_MB },
  });
  return assembly.finish({ signal }, { oobPermutation: options.oobPermutation });
}

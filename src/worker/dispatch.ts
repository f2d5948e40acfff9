// The engine worker's job dispatcher: runs one job posted by the host's WorkerBridge, reporting
// progress and its result or failure. Parsing and training run here, never on the extension
// host's thread. It talks through a JobPort only, so any runtime's worker can host it
// (node-port.ts is the worker_threads one, bundled to dist/worker.js).
import { toWireError } from '../shared/wire-error';
import { datasetBuffers, loadJob } from './jobs/load';
import { predictJob } from './jobs/text-jobs';
import { profileViewJob } from './jobs/profile-view';
import { alternativesJob, reportJob, splitDistributionJob } from './jobs/report';
import { editReportJob, previewEditJob } from './jobs/edit';
import { diffTreesJob } from './jobs/diff';
import { growByHandJob, handCandidatesJob } from './jobs/by-hand';
import { packedBuffers } from '../shared/report-transfer';
import { treeBuffers } from '../engine/forest/packed-tree';
import { sampleJob } from './jobs/sample';
import { calculationJob } from './jobs/calculation';
import { exportJob, onnxJob } from './jobs/export';
import { pruningCalculationJob, ruleCalculationJob } from './jobs/pruning-rule-calculation';
import { hoverBuffers, hoverJob } from './jobs/hover';
import { forestJob } from './jobs/forest';
import { MEMBER_JOBS } from './jobs/forest-alternatives';
import { ensembleRowJob, importModelJob } from './jobs/import-model';
import type { FromWorker, JobKind, JobProgress, JobTypes, ToWorker } from '../shared/worker-messages';
import type { JobPort } from './job-port';

interface Outcome<R> {
  result: R;
  /** Buffers of the result moved to the host instead of copied. */
  transfer?: ArrayBuffer[];
}

type Handlers = {
  [K in JobKind]: (job: JobTypes[K]['job'], progress: (p: JobProgress) => void) => Outcome<JobTypes[K]['result']> | Promise<Outcome<JobTypes[K]['result']>>;
};

const handlers: Handlers = {
  load: async (job, progress) => {
    const result = await loadJob(job, progress);
    return { result, transfer: datasetBuffers(result.dataset) };
  },
  sample: async (job, progress) => {
    const result = await sampleJob(job, progress);
    return { result, transfer: datasetBuffers(result.dataset) };
  },
  report: (job, progress) => {
    const result = reportJob(job, progress);
    return { result, transfer: packedBuffers(result) };
  },
  alternatives: (job) => ({ result: alternativesJob(job) }),
  calculation: (job) => ({ result: calculationJob(job) }),
  pruningCalculation: (job) => ({ result: pruningCalculationJob(job) }),
  ruleCalculation: (job) => ({ result: ruleCalculationJob(job) }),
  editReport: (job) => {
    const result = editReportJob(job);
    return { result, transfer: packedBuffers(result.report) };
  },
  previewEdit: (job) => ({ result: previewEditJob(job) }),
  growByHand: (job) => {
    const result = growByHandJob(job);
    return { result, transfer: packedBuffers(result.report) };
  },
  handCandidates: (job) => ({ result: handCandidatesJob(job) }),
  splitDistribution: (job) => ({ result: splitDistributionJob(job) }),
  diffTrees: (job) => ({ result: diffTreesJob(job) }),
  predict: async (job, progress) => {
    const result = await predictJob(job, progress);
    return { result, transfer: [result.bytes.buffer as ArrayBuffer] };
  },
  export: (job) => ({ result: exportJob(job) }),
  onnx: (job) => {
    const result = onnxJob(job);
    return { result, transfer: [result.bytes.buffer as ArrayBuffer] };
  },
  profile: async (job, progress) => ({ result: await profileViewJob(job, progress) }),
  hover: (job, progress) => {
    const result = hoverJob(job, progress);
    return { result, transfer: hoverBuffers(result) };
  },
  forest: async (job, progress) => {
    const result = await forestJob(job, progress);
    return { result, transfer: result.model.trees.flatMap((t) => treeBuffers(t.packed)) };
  },
  memberAlternatives: (job) => ({ result: MEMBER_JOBS.memberAlternatives(job) }),
  memberSplitDistribution: (job) => ({ result: MEMBER_JOBS.memberSplitDistribution(job) }),
  importModel: (job, progress) => ({ result: importModelJob(job, progress) }),
  ensembleRow: (job) => ({ result: ensembleRowJob(job) }),
};

/** Answers every job that arrives on `port`. */
export function serveJobs(port: JobPort): void {
  port.onMessage(async ({ id, kind, job }: ToWorker) => {
    const post = (message: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);
    try {
      if (!Object.hasOwn(handlers, kind)) throw new Error(`unknown job "${kind}"`);
      const handler = handlers[kind as JobKind] as (job: unknown, progress: (p: JobProgress) => void) => Outcome<unknown> | Promise<Outcome<unknown>>;
      const { result, transfer } = await handler(job, (progress) => post({ id, type: 'progress', progress }));
      post({ id, type: 'done', result }, transfer);
    } catch (err) {
      post({ id, type: 'failed', error: toWireError(err) });
    }
  });
}

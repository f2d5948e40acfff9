// The engine worker (bundled to dist/worker.js): runs one job posted by the host's WorkerBridge,
// reporting progress and its result or failure. Parsing and training run here, never on the
// extension host's thread.
import { parentPort } from 'node:worker_threads';
import { toWireError } from './host/wire-error';
import { datasetBuffers, loadJob } from './host/jobs/load';
import { predictJob } from './host/jobs/text-jobs';
import { profileViewJob } from './host/jobs/profile-view';
import { alternativesJob, reportJob } from './host/jobs/report';
import { packedBuffers } from './host/report-transfer';
import { sampleJob } from './host/jobs/sample';
import { exportJob } from './host/jobs/export';
import { hoverBuffers, hoverJob } from './hover/hover-job';
import type { FromWorker, JobKind, JobProgress, JobTypes, ToWorker } from './host/worker-messages';

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
  predict: async (job, progress) => {
    const result = await predictJob(job, progress);
    return { result, transfer: [result.bytes.buffer as ArrayBuffer] };
  },
  export: (job) => ({ result: exportJob(job) }),
  profile: async (job, progress) => ({ result: await profileViewJob(job, progress) }),
  hover: (job, progress) => {
    const result = hoverJob(job, progress);
    return { result, transfer: hoverBuffers(result) };
  },
};

const port = parentPort;
if (port === null) throw new Error('dist/worker.js runs as a worker thread only');

port.on('message', async ({ id, kind, job }: ToWorker) => {
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

// Worker jobs on an already parsed dataset: the TreeReport (train and explain in one engine call)
// and the best alternative splits at one node of the shown tree.
import { buildReport } from '../../engine/report';
import { bestSplitsAt, type NodeSplit } from '../../engine/node-alternatives';
import type { TreeReport } from '../../engine/report-types';
import type { AlternativesJob, JobProgress, ReportJob } from '../worker-messages';

export function reportJob(job: ReportJob, progress: (p: JobProgress) => void): TreeReport {
  return buildReport(job.dataset, {
    ...job.options,
    onProgress: (step, fraction) => progress({ phase: 'report', step, fraction }),
    onNodesGrown: (nodesGrown) => progress({ phase: 'train', nodesGrown }),
  });
}

export function alternativesJob(job: AlternativesJob): NodeSplit[] {
  return bestSplitsAt(job.dataset, job.model, job.settings, job.nodeId);
}

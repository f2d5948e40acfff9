// Worker jobs on an already parsed dataset: the TreeReport (train, explain and edit in one engine call)
// and the best alternative splits at one node of the shown tree.
import { decodeModel } from '../../engine/model-columns';
import { buildReportBody } from '../../engine/report';
import type { ReportPhase } from '../../engine/report-types';
import { bestSplitsAt, type NodeSplit } from '../../engine/node-alternatives';
import { splitDistributionAt, type SplitDistribution } from '../../engine/split-distribution';
import { packReport, type PackedReport } from '../../shared/report-transfer';
import type { AlternativesJob, JobProgress, ReportJob } from '../../shared/worker-messages';

export function reportJob(job: ReportJob, progress: (p: JobProgress) => void): PackedReport {
  const options = {
    ...job.options,
    onProgress: (step: ReportPhase, fraction: number) => progress({ phase: 'report', step, fraction }),
    onNodesGrown: (nodesGrown: number) => progress({ phase: 'train', nodesGrown }),
  };
  const report = buildReportBody(job.dataset, options, job.edits);
  return packReport(report);
}

export function alternativesJob(job: AlternativesJob): NodeSplit[] {
  return bestSplitsAt(job.dataset, decodeModel(job.model).model, job.settings, job.nodeId);
}

export function splitDistributionJob(job: AlternativesJob): SplitDistribution | null {
  return splitDistributionAt(job.dataset, decodeModel(job.model).model, job.settings, job.nodeId);
}

// The worker's side of the forest view's node details: the alternatives at a node of one tree and
// its split feature's chart, on that tree's bootstrap sample (engine/forest/member-alternatives.ts),
// off the host's thread.
import { memberDistributionAt, memberSplitsAt } from '../../engine/forest/member-alternatives';
import { decodeModel } from '../../engine/model-columns';
import type { NodeSplit } from '../../engine/node-alternatives';
import type { SplitDistribution } from '../../engine/split-distribution';
import type { JobTypes, MemberAlternativesJob, MemberJobKind } from '../../shared/worker-messages';

export function memberAlternativesJob(job: MemberAlternativesJob): NodeSplit[] {
  return memberSplitsAt(job.dataset, job.params, decodeModel(job.tree).model, job.index, job.nodeId);
}

export function memberSplitDistributionJob(job: MemberAlternativesJob): SplitDistribution | null {
  return memberDistributionAt(job.dataset, job.params, decodeModel(job.tree).model, job.index, job.nodeId);
}

/** The forest view's node jobs by kind (the worker's dispatch, and tests that run them in place). */
export const MEMBER_JOBS: { [K in MemberJobKind]: (job: MemberAlternativesJob) => JobTypes[K]['result'] } = {
  memberAlternatives: memberAlternativesJob,
  memberSplitDistribution: memberSplitDistributionJob,
};

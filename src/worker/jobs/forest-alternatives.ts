// The worker's side of the forest view's node details: the alternatives at a node of one tree,
// scored on that tree's bootstrap sample (engine/forest/member-alternatives.ts), off the host's thread.
import { memberSplitsAt } from '../../engine/forest/member-alternatives';
import { decodeModel } from '../../engine/model-columns';
import type { NodeSplit } from '../../engine/node-alternatives';
import type { MemberAlternativesJob } from '../../shared/worker-messages';

export function memberAlternativesJob(job: MemberAlternativesJob): NodeSplit[] {
  return memberSplitsAt(job.dataset, job.params, decodeModel(job.tree).model, job.index, job.nodeId);
}

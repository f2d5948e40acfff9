// The Compare tab's diff (README "Compare"): the pinned tree and the tree shown, decoded from their
// columns and matched by place here, in the worker — the extension host walks no tree
// (docs/architecture.md "Runtimes").
import { decodeModel } from '../../engine/model-columns';
import { diffTrees, type TreeDiff } from '../../shared/tree-diff';
import type { DiffTreesJob } from '../../shared/worker-messages';

export function diffTreesJob(job: DiffTreesJob): TreeDiff {
  return diffTrees(decodeModel(job.a).model, decodeModel(job.b).model);
}

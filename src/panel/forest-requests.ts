// What the forest view's host answers (src/shared/forest-protocol.ts), apart from the panel: the
// report without its trees, one tree at a time as the tree view draws it (its packed columns →
// TreeColumns, memberColumns → the tree panel's slices), a row's votes and path, and a node's alternatives and split chart (made in the
// worker, on that tree's bootstrap sample). No vscode here, so it is unit-tested as is.
import { memberColumns } from '../engine/forest/member-columns';
import { rowVotes } from '../engine/forest/predict';
import type { ForestReport } from '../engine/forest/types';
import type { TreeColumns } from '../engine/model-columns';
import type { ForestRequestTypes, WireForestReport } from '../shared/forest-protocol';
import type { JobTypes, MemberAlternativesJob, MemberJobKind } from '../shared/worker-messages';
import type { TrainedForest } from '../host/forest-trainer';
import type { Handlers } from '../shared/panel-requests';
import { rowPath } from '../shared/row-path';
import { branchSlice } from '../shared/tree-slices';
import { memberSlices, treeAt } from './member-slices';
import { t } from '../host/l10n';

/** The report as the page gets it: the forest never goes whole. */
export function wireForestReport(report: ForestReport): WireForestReport {
  const { trees: _trees, ...model } = report.model;
  return { ...report, model };
}

/** Runs one of a forest tree's node jobs (in the worker). */
export type RunMemberJob = <K extends MemberJobKind>(kind: K, job: MemberAlternativesJob) => Promise<JobTypes[K]['result']>;

export class ForestAnswers {
  /** Trees asked for so far, as columns (what the slices and the row path read). */
  private readonly members = new Map<number, TreeColumns<Float64Array>>();

  readonly report: ForestReport;

  /** `run`: runs a node's job in the worker (the host's thread never scores splits). */
  constructor(
    private readonly forest: TrainedForest,
    private readonly run: RunMemberJob,
  ) {
    this.report = forest.report;
  }

  private member(index: number): TreeColumns<Float64Array> {
    treeAt(this.report.model.trees, index, 'forest');
    let member = this.members.get(index);
    if (member === undefined) this.members.set(index, (member = memberColumns(this.report.model, index)));
    return member;
  }

  private nodeJob(index: number, nodeId: number): MemberAlternativesJob {
    const tree = this.member(index);
    if (nodeId >= tree.totalNodes) throw new Error(t`Tree ${index + 1} has no node ${nodeId}.`);
    const { dataset, params } = this.forest;
    return { dataset, params, index, tree, nodeId };
  }

  readonly handlers: Handlers<ForestRequestTypes> = {
    ...memberSlices((index) => this.member(index)),
    row: ({ row, index }) => {
      const member = this.member(index);
      const { path, prediction: treePrediction, actual } = rowPath(member, this.forest.dataset, row);
      const { model } = this.report;
      // The engine's votes give both tasks' prediction (a regression forest's is the trees' mean).
      const votes = rowVotes(model, this.forest.dataset, row);
      return { row, votes: model.task === 'classification' ? votes : null, prediction: votes.prediction, actual, index, path, nodes: branchSlice(member, path[path.length - 1]), treePrediction };
    },
    alternatives: ({ index, nodeId }) => this.run('memberAlternatives', this.nodeJob(index, nodeId)),
    splitDistribution: ({ index, nodeId }) => this.run('memberSplitDistribution', this.nodeJob(index, nodeId)),
  };
}

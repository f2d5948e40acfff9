// What the forest view's host answers for a model trained elsewhere (README "Open a model trained
// elsewhere"), as forest-requests.ts does for a forest of ours: one tree at a time from the
// columns the worker sent (the tree panel's slices), a row's path in the shown tree read in place,
// and the row's per-tree contributions made in the worker. No vscode here, so it is unit-tested as is.
import type { RowContributions } from '../engine/import/contributions';
import type { ImportedModel } from '../shared/ensemble-transfer';
import type { ForestRequestTypes } from '../shared/forest-protocol';
import type { Handlers } from '../shared/panel-requests';
import { rowPath } from '../shared/row-path';
import { branchSlice } from '../shared/tree-slices';
import type { EnsembleRowJob } from '../shared/worker-messages';
import { memberSlices, treeAt } from './member-slices';
import { t } from '../host/l10n';

const noTrainingRows = (): string => t('A model trained elsewhere has no training rows here: no alternative splits or split charts.');

export class EnsembleAnswers {
  /** `contributions`: runs a row's contributions job in the worker. */
  constructor(
    readonly model: ImportedModel,
    private readonly contributions: (job: EnsembleRowJob) => Promise<RowContributions>,
  ) {}

  private tree(index: number) {
    return treeAt(this.model.ensemble.trees, index, 'model').model;
  }

  readonly handlers: Handlers<ForestRequestTypes> = {
    ...memberSlices((index) => this.tree(index)),
    row: async ({ row, index }) => {
      const { dataset, ensemble } = this.model;
      if (dataset === null) throw new Error(t('No CSV chosen for this model: run Open Tree Model… again and choose one to see a row’s path and what each tree adds.'));
      const member = this.tree(index);
      const { path, prediction: treePrediction, actual } = rowPath(member, dataset, row);
      const contributions = await this.contributions({ ensemble, dataset, row });
      return { row, votes: null, prediction: contributions.prediction, actual, index, path, nodes: branchSlice(member, path[path.length - 1]), treePrediction, contributions };
    },
    alternatives: () => {
      throw new Error(noTrainingRows());
    },
    splitDistribution: () => {
      throw new Error(noTrainingRows());
    },
  };
}

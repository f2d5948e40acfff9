// "Train Random Forest" and "…with Options…": read the file and choose the target as a tree's
// training does (trainer.ts), then train the forest in the worker on a pool of threads, with
// "Tree k of n" and Cancel in the notification, and show it in the forest view.
import * as vscode from 'vscode';
import { availableParallelism } from 'node:os';
import type { Dataset } from '../engine/dataset';
import type { ForestReport } from '../engine/forest/types';
import { forestParams, poolSize, readForestSettings, type ForestSettings } from '../shared/forest-settings';
import { fileNameOf } from './csv-source';
import { readChoices, rememberChoices, trainingColumns, type ChoiceStore } from './file-choices';
import { withJobProgress } from './job-progress';
import type { Notifier } from './notifier';
import { pickForestOptions } from './pick-forest-options';
import type { Trainer } from './trainer';
import type { WorkerBridge } from './worker-bridge';

/** Where a trained forest is shown: the forest view (src/panel/forest-panel.ts), above the host. */
export interface ForestView {
  show(csvUri: vscode.Uri, report: ForestReport, dataset: Dataset): void;
}

export interface ForestTrainerDeps {
  trainer: Trainer;
  bridge: WorkerBridge;
  notifier: Notifier;
  state: ChoiceStore;
  view: ForestView;
}

export class ForestTrainer {
  constructor(private readonly deps: ForestTrainerDeps) {}

  /** One training flow; resolves when done, cancelled or failed (failures are notified). */
  async train(uri: vscode.Uri, mode: 'quick' | 'options'): Promise<void> {
    const { trainer, bridge, notifier, state, view } = this.deps;
    try {
      const loaded = await trainer.load(uri);
      const target = await trainer.target(uri, loaded, mode === 'quick');
      if (target === undefined) return;
      await rememberChoices(state, uri.toString(), { target });
      let forest = this.settings(uri);
      if (mode === 'options') {
        const picked = await pickForestOptions(forest);
        if (picked === undefined) return;
        forest = picked;
      }
      const params = forestParams(trainer.settings(uri), forest, target);
      // The columns the user ignored or kept for this file, as for a tree.
      Object.assign(params, trainingColumns(readChoices(state, uri.toString()), loaded.columns.map((c) => c.name), target));
      const jobs = poolSize(forest.jobs, availableParallelism());
      const report = await withJobProgress(`Decision Tree: training a random forest on ${fileNameOf(uri)}`, (onProgress) =>
        bridge.run('forest', { dataset: loaded.dataset, params, jobs }, { key: `forest:${uri.toString()}`, onProgress }),
      );
      view.show(uri, report, loaded.dataset);
      for (const warning of report.warnings) notifier.log(`${fileNameOf(uri)}: ${warning}`);
    } catch (err) {
      notifier.failure('train a random forest on', uri, err);
    }
  }

  private settings(uri: vscode.Uri): ForestSettings {
    const configuration = vscode.workspace.getConfiguration('decisionTree', uri);
    const { settings, problems } = readForestSettings((key) => configuration.get(key));
    if (problems.length > 0) {
      this.deps.notifier.warning(`${problems.length === 1 ? 'a forest setting was' : `${problems.length} forest settings were`} invalid; defaults used.`, problems.join('\n'));
    }
    return settings;
  }
}

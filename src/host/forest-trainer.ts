// "Train Random Forest" and "…with Options…": read the file and choose the target as a tree's
// training does (trainer.ts), then train the forest in the worker on a pool of threads, with
// "Tree k of n" in the notification (with Cancel) and in the view when it is open, and show it in
// the forest view. The options start from the file's last answers (file-choices.ts, as a tree's).
// `retrain` trains a view's recipe again: a view restored after a window reload, or its "Train again".
import * as vscode from 'vscode';
import { hostPlatform } from './platform';
import type { Dataset } from '../engine/dataset';
import { CancelledError } from '../engine/errors';
import type { ForestParams, ForestReport } from '../engine/forest/types';
import type { ForestRecipe } from '../shared/forest-protocol';
import { forestParams, poolSize, readForestSettings, validForestOverrides, type ForestSettings } from '../shared/forest-settings';
import type { LoadResult } from '../shared/worker-messages';
import { fileNameOf } from './csv-source';
import { readChoices, rememberAnswers, rememberChoices, rememberedSettings, trainingColumns, type ChoiceStore, type OptionsMemory } from './file-choices';
import { withJobProgress } from './job-progress';
import type { Notifier } from './notifier';
import { pickForestOptions } from './pick-forest-options';
import { progressText } from './progress-text';
import type { Trainer } from './trainer';
import type { WorkerBridge } from './worker-bridge';
import { t } from './l10n';

/** A trained forest as the view holds it: with the data and the parameters it was trained on, and how to train it again. */
export interface TrainedForest {
  report: ForestReport;
  dataset: Dataset;
  params: ForestParams;
  recipe: ForestRecipe;
}

/** Where a trained forest is shown: the forest view (src/panel/forest-panel.ts), above the host. */
export interface ForestView {
  show(csvUri: vscode.Uri, forest: TrainedForest): void;
  busy(csvUri: vscode.Uri, message: string, fraction: number | null, cancellable: boolean): void;
  failed(csvUri: vscode.Uri, message: string, retrain: boolean): void;
}

export interface ForestTrainerDeps {
  trainer: Trainer;
  bridge: WorkerBridge;
  notifier: Notifier;
  state: ChoiceStore;
  view: ForestView;
}

/** What "Train Random Forest with Options…" asks, remembered per file. */
export const FOREST_OPTIONS: OptionsMemory<ForestSettings> = { key: 'forestOptions', asked: ['nTrees', 'maxFeatures', 'voting'], valid: validForestOverrides };

/** The file's size and modification time, or undefined when it cannot be read (gone). */
async function fileStamp(uri: vscode.Uri): Promise<ForestRecipe['file'] | undefined> {
  try {
    const { size, mtime } = await vscode.workspace.fs.stat(uri);
    return { size, mtime };
  } catch {
    return undefined;
  }
}

/** What a view restored on `file` (as it is now) says about its recipe: why it cannot be trained again, or a note; undefined when all is as it was. */
export function restoreProblem(recipe: ForestRecipe, fileName: string, now: ForestRecipe['file'] | undefined, columns?: readonly string[]): { fatal: boolean; message: string } | undefined {
  if (now === undefined) return { fatal: true, message: t`${fileName} is gone (moved, renamed or deleted), so this forest cannot be trained again. Open the file and run "Train Random Forest".` };
  if (columns !== undefined && !columns.includes(recipe.target)) {
    return { fatal: true, message: t`${fileName} no longer has the column “${recipe.target}” this forest predicted. Run "Train Random Forest" to choose a target.` };
  }
  if (recipe.file !== undefined && (recipe.file.size !== now.size || recipe.file.mtime !== now.mtime)) {
    return { fatal: false, message: t`${fileName} changed since this forest was trained: it was trained again on the file as it is now.` };
  }
  return undefined;
}

/** The worker job of a file's forest: a new one supersedes it, and the view's Cancel stops it. */
function forestJobKey(uri: vscode.Uri): string {
  return `forest:${uri.toString()}`;
}

export class ForestTrainer {
  constructor(private readonly deps: ForestTrainerDeps) {}

  /** One training flow; resolves when done, cancelled or failed (failures are notified). */
  async train(uri: vscode.Uri, mode: 'quick' | 'options'): Promise<void> {
    const { trainer, notifier, state } = this.deps;
    const fileKey = uri.toString();
    try {
      const loaded = await trainer.load(uri);
      const target = await trainer.target(uri, loaded, mode === 'quick');
      if (target === undefined) return;
      let settings = rememberedSettings(state, fileKey, FOREST_OPTIONS, this.settings(uri));
      if (mode === 'options') {
        const picked = await pickForestOptions(settings);
        if (picked === undefined) return;
        settings = picked;
        await rememberAnswers(state, fileKey, FOREST_OPTIONS, picked, { target });
      } else {
        await rememberChoices(state, fileKey, { target });
      }
      await this.fit(uri, loaded, { target, settings });
    } catch (err) {
      // An open view stops saying "Training…"; it keeps the forest it shows.
      this.deps.view.failed(uri, err instanceof CancelledError ? t('Training cancelled.') : t`The forest could not be trained: ${err instanceof Error ? err.message : String(err)}`, false);
      notifier.failure(t('train a random forest on'), uri, err);
    }
  }

  /** Trains a view's recipe again on the file as it is now; what goes wrong is said in the view. */
  async retrain(uri: vscode.Uri, recipe: ForestRecipe): Promise<void> {
    const { trainer, notifier, view } = this.deps;
    const fileName = fileNameOf(uri);
    try {
      view.busy(uri, t`Reading ${fileName} to train the forest again…`, null, false);
      const stamp = await fileStamp(uri);
      const gone = restoreProblem(recipe, fileName, stamp);
      if (gone?.fatal) return view.failed(uri, gone.message, false);
      const loaded = await trainer.load(uri);
      const problem = restoreProblem(recipe, fileName, stamp, loaded.columns.map((c) => c.name));
      if (problem?.fatal) return view.failed(uri, problem.message, false);
      await this.fit(uri, loaded, recipe, problem?.message);
    } catch (err) {
      view.failed(uri, err instanceof CancelledError ? t('Training cancelled.') : t`The forest could not be trained again: ${err instanceof Error ? err.message : String(err)}`, true);
      notifier.failure(t('train a random forest on'), uri, err);
    }
  }

  /** Trains the forest of `target` and `settings` on the loaded file and shows it; `note` goes first among its warnings. */
  private async fit(uri: vscode.Uri, loaded: LoadResult, asked: Omit<ForestRecipe, 'file'>, note?: string): Promise<void> {
    const { trainer, bridge, notifier, state, view } = this.deps;
    const { target, settings } = asked;
    const params = forestParams(trainer.settings(uri), settings, target);
    // The columns the user ignored or kept for this file, as for a tree.
    Object.assign(params, trainingColumns(readChoices(state, uri.toString()), loaded.columns.map((c) => c.name), target));
    const jobs = poolSize(settings.jobs, hostPlatform().cores());
    const file = await fileStamp(uri);
    view.busy(uri, t('Training the forest…'), 0, true);
    const report = await withJobProgress(t`Decision Tree: training a random forest on ${fileNameOf(uri)}`, (onProgress) =>
      bridge.run('forest', { dataset: loaded.dataset, params, jobs }, {
        key: forestJobKey(uri),
        onProgress: (p) => {
          onProgress(p);
          const { message, fraction } = progressText(p);
          view.busy(uri, t`Training the forest: ${message}…`, fraction ?? null, true);
        },
      }),
    );
    const recipe: ForestRecipe = { target, settings, ...(file ? { file } : {}) };
    view.show(uri, { report: note === undefined ? report : { ...report, warnings: [note, ...report.warnings] }, dataset: loaded.dataset, params, recipe });
    for (const warning of report.warnings) notifier.log(`${fileNameOf(uri)}: ${warning}`);
  }

  /** Stops the file's forest training, as the notification's Cancel does (the view's Cancel). */
  cancel(uri: vscode.Uri): void {
    this.deps.bridge.cancel(forestJobKey(uri));
  }

  private settings(uri: vscode.Uri): ForestSettings {
    const configuration = vscode.workspace.getConfiguration('decisionTree', uri);
    const { settings, problems } = readForestSettings((key) => configuration.get(key));
    if (problems.length > 0) {
      this.deps.notifier.warning(problems.length === 1 ? t('a forest setting was invalid; defaults used.') : t`${problems.length} forest settings were invalid; defaults used.`, problems.join('\n'));
    }
    return settings;
  }
}

// What every command and panel request of the extension shares: the notifier, the trained files,
// and the worker bridge and trainers, each started on first use (activation starts nothing). The
// views they report to (the tree panels, the forest view) sit above the host and are known here
// only by their shapes, handed in by src/extension.ts.
import * as vscode from 'vscode';
import { ForestTrainer, type ForestView } from './forest-trainer';
import type { ChoiceStore } from './file-choices';
import { Notifier } from './notifier';
import { hostPlatform } from './platform';
import { Trainer, type ReportView } from './trainer';
import { TrainedFiles, type TrainedFile } from './trained-files';
import { WorkerBridge } from './worker-bridge';
import { t } from './l10n';

/** The views and the choice store, asked for when first needed (they are made after the services). */
export interface HostViews {
  panels(): ReportView;
  forests(): ForestView;
  choices(): ChoiceStore;
}

export class HostServices implements vscode.Disposable {
  readonly notifier = new Notifier();
  readonly trained = new TrainedFiles();
  private bridge: WorkerBridge | undefined;
  private treeTrainer: Trainer | undefined;
  private forestTrainerInstance: ForestTrainer | undefined;
  private readonly restoring = new Map<string, Promise<TrainedFile>>();

  constructor(
    readonly context: vscode.ExtensionContext,
    private readonly views: HostViews,
  ) {}

  /** The file choices (target, options, column types), as the hover watches them. */
  choices(): ChoiceStore {
    return this.views.choices();
  }

  /** The only way from the vscode side into the worker (src/host/worker-bridge.ts). */
  worker(): WorkerBridge {
    const { extensionUri } = this.context;
    return (this.bridge ??= new WorkerBridge(() => hostPlatform().startEngine(extensionUri)));
  }

  trainer(): Trainer {
    const { notifier, trained } = this;
    return (this.treeTrainer ??= new Trainer({ bridge: this.worker(), notifier, state: this.choices(), trained, panels: this.views.panels() }));
  }

  forestTrainer(): ForestTrainer {
    const { notifier } = this;
    return (this.forestTrainerInstance ??= new ForestTrainer({ trainer: this.trainer(), bridge: this.worker(), notifier, state: this.choices(), view: this.views.forests() }));
  }

  /**
   * The file's trained tree. A panel restored after a reload shows its saved tree without the
   * data: train it again on demand, once — a click asks for a node's alternatives and its split
   * chart together, and a second retrain of the same file would cancel the first.
   */
  trainedOrRestored(uri: vscode.Uri): Promise<TrainedFile> {
    const known = this.trained.get(uri);
    if (known !== undefined) return Promise.resolve(known);
    const key = uri.toString();
    let pending = this.restoring.get(key);
    if (pending === undefined) {
      pending = this.trainer()
        .retrain(uri, {})
        .then((file) => {
          if (file === undefined) throw new Error(t('The file could not be read and trained again; see the Decision Tree output.'));
          return file;
        })
        .finally(() => this.restoring.delete(key));
      this.restoring.set(key, pending);
    }
    return pending;
  }

  /** Cancels every running job (extension deactivation). */
  dispose(): void {
    this.bridge?.dispose();
  }
}

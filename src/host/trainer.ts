// The training flows behind "Train Decision Tree", "…with Options…", "Set Target Column" and the
// panel's retrain: read the file, parse it in the worker, ask what must be asked, train and
// explain in the worker, show the report. Every failure becomes one notification.
import * as vscode from 'vscode';
import { CancelledError } from '../engine/errors';
import type { TreeEdit } from '../engine/model';
import type { PanelSettings } from '../shared/protocol';
import { PANEL_SETTING_KEYS } from '../shared/protocol';
import type { PackedReport } from '../shared/report-transfer';
import { chooseSample, fileNameOf, prepareLoad, type SampleLimits } from './csv-source';
import { defaultTarget, readChoices, rememberAnswers, rememberChoices, rememberedSettings, trainingColumns, type ChoiceStore, type OptionsMemory } from './file-choices';
import { withJobProgress } from './job-progress';
import type { Notifier } from './notifier';
import { pickOptions } from './pick-options';
import { pickTarget } from './pick-target';
import { readTrainSettings, reportOptions, validOverrides, type TrainSettings } from '../shared/train-settings';
import type { TrainedFile, TrainedFiles } from './trained-files';
import type { WorkerBridge } from './worker-bridge';
import type { LoadResult } from '../shared/worker-messages';
import type { LeftOutColumn } from '../engine/model';
import { leftOutMessage, offerKeep } from './left-out-offer';
import { formatNumber, t } from './l10n';

/** quick: ask the target only if none is remembered; options: also the options; target: always ask the target. */
export type TrainMode = 'quick' | 'options' | 'target';

/**
 * Where the trainer shows its progress and result: the tree panels (src/panel/tree-panel.ts),
 * which sit above the host and so are only known by this shape.
 */
export interface ReportView {
  show(csvUri: vscode.Uri, report: PackedReport, settings: PanelSettings): void;
  busy(csvUri: vscode.Uri, message: string, fraction: number | null): void;
  failed(csvUri: vscode.Uri, message: string): void;
}

export interface TrainerDeps {
  bridge: WorkerBridge;
  notifier: Notifier;
  state: ChoiceStore;
  trained: TrainedFiles;
  panels: ReportView;
}

export function panelSettings(settings: TrainSettings): PanelSettings {
  return Object.fromEntries(PANEL_SETTING_KEYS.map((k) => [k, settings[k]])) as unknown as PanelSettings;
}

/** What "Train Decision Tree with Options…" asks, remembered per file (file-choices.ts). */
export const TREE_OPTIONS: OptionsMemory<TrainSettings> = {
  key: 'options',
  asked: ['algorithm', 'criterion', 'maxDepth', 'minSamplesLeaf', 'prune', 'ccpAlpha', 'holdOutFraction', 'validation'],
  valid: validOverrides,
};

export class Trainer {
  /** Per file, the left-out columns last offered to keep: a panel retrain leaving out the same ones does not ask again. */
  private readonly offered = new Map<string, string>();

  constructor(private readonly deps: TrainerDeps) {}

  /** Runs one training flow; resolves when done (true), cancelled or failed (false; failures are notified). */
  async train(uri: vscode.Uri, mode: TrainMode): Promise<boolean> {
    try {
      const loaded = await this.load(uri);
      const fileKey = uri.toString();
      const target = await this.target(uri, loaded, mode === 'quick');
      if (target === undefined) return false;
      let settings = rememberedSettings(this.deps.state, fileKey, TREE_OPTIONS, this.settings(uri));
      if (mode === 'options') {
        const picked = await pickOptions(settings);
        if (picked === undefined) return false;
        settings = picked;
        await rememberAnswers(this.deps.state, fileKey, TREE_OPTIONS, picked, { target, panel: {} });
      } else {
        // A training the user starts replaces the panel's tree with one of their settings: the drawer's are dropped.
        await rememberChoices(this.deps.state, fileKey, { target, panel: {} });
      }
      // A training the user asks for names the left-out columns again; a retrain from the panel does not.
      this.offered.delete(fileKey);
      await this.fit(uri, loaded, target, settings);
      return true;
    } catch (err) {
      this.deps.notifier.failure(t('train a tree on'), uri, err);
      return false;
    }
  }

  /**
   * The panel's controls: the same file and target, some settings changed. Also brings back the
   * data of a panel restored after a reload. Resolves with the trained file, or undefined on failure.
   */
  async retrain(uri: vscode.Uri, asked: Partial<PanelSettings>): Promise<TrainedFile | undefined> {
    const { panels, notifier } = this.deps;
    // Checked by the panel protocol; entering the settings, a limit's 0 becomes null.
    const changes: Partial<PanelSettings> = validOverrides(asked);
    try {
      panels.busy(uri, t('Retraining…'), null);
      const known = this.deps.trained.get(uri);
      if (known === undefined) {
        // A panel restored after a reload: nothing in memory yet, so read the file again.
        const loaded = await this.load(uri);
        const choices = readChoices(this.deps.state, uri.toString());
        const target = defaultTarget(choices, loaded.columns.map((c) => c.name));
        if (target === undefined) return undefined;
        return await this.fit(uri, loaded, target, { ...this.settings(uri), ...validOverrides(choices.options), ...validOverrides(choices.panel), ...changes });
      }
      const settings = { ...known.settings, ...changes };
      // The drawer's settings belong to this panel: kept for its reload, not for the next "Train Decision Tree".
      const remembered = validOverrides(readChoices(this.deps.state, uri.toString()).panel);
      await rememberChoices(this.deps.state, uri.toString(), { panel: { ...remembered, ...changes } });
      // A file changed since it was read (file-changes.ts) is read again: retraining is the way out of a stale tree.
      return await this.fit(uri, this.deps.trained.isChanged(uri) ? await this.load(uri) : known, known.target, settings);
    } catch (err) {
      if (!(err instanceof CancelledError)) panels.failed(uri, err instanceof Error ? err.message : String(err));
      notifier.failure(t('retrain the tree of'), uri, err);
      return undefined;
    }
  }

  /** The file's remembered target (when `remembered` may be used and it is still a column), else the user's pick. */
  async target(uri: vscode.Uri, loaded: LoadResult, remembered: boolean): Promise<string | undefined> {
    const choices = readChoices(this.deps.state, uri.toString());
    const names = loaded.columns.map((c) => c.name);
    if (remembered && choices.target !== undefined && names.includes(choices.target)) return choices.target;
    return pickTarget(loaded.columns, defaultTarget(choices, names), fileNameOf(uri));
  }

  /** `decisionTree.*` for the file, each value checked (invalid ones are notified and replaced by defaults). */
  settings(uri: vscode.Uri): TrainSettings {
    const configuration = vscode.workspace.getConfiguration('decisionTree', uri);
    const { settings, problems } = readTrainSettings((key) => configuration.get(key));
    if (problems.length > 0) {
      this.deps.notifier.warning(problems.length === 1 ? t('a setting was invalid; defaults used.') : t`${problems.length} settings were invalid; defaults used.`, problems.join('\n'));
    }
    return settings;
  }

  /**
   * What a training the user starts would use for the file: `decisionTree.*` with its "with
   * Options…" answers over it. Invalid settings read as defaults here without a word: the training says.
   */
  yourSettings(uri: vscode.Uri): TrainSettings {
    const configuration = vscode.workspace.getConfiguration('decisionTree', uri);
    return rememberedSettings(this.deps.state, uri.toString(), TREE_OPTIONS, readTrainSettings((key) => configuration.get(key)).settings);
  }

  /** decisionTree.sampleAboveMB / sampleRows / seed, each checked (defaults 512 MB, 1,000,000 rows). */
  private sampleLimits(uri: vscode.Uri): SampleLimits {
    const configuration = vscode.workspace.getConfiguration('decisionTree', uri);
    const positive = (key: string, fallback: number): number => {
      const v = configuration.get(key);
      return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback;
    };
    return { aboveBytes: positive('sampleAboveMB', 512) * 1048576, rows: positive('sampleRows', 1_000_000), seed: this.settings(uri).seed };
  }

  /** Reads and parses the file in the worker (a random sample of a big local one, if the user says so). */
  async load(uri: vscode.Uri): Promise<LoadResult> {
    const { types } = readChoices(this.deps.state, uri.toString());
    const choice = await chooseSample(uri, this.sampleLimits(uri), types);
    if (choice === 'cancel') throw new CancelledError();
    if (choice !== 'whole') {
      const loaded = await withJobProgress(t`Decision Tree: sampling ${choice.fileName}`, (onProgress) =>
        this.deps.bridge.run('sample', choice, { key: uri.toString(), onProgress }),
      );
      if (loaded.sampled) {
        const text = t`${choice.fileName}: training on a random sample of ${formatNumber(loaded.sampled.rows)} of ${formatNumber(loaded.sampled.of)} rows (seed ${choice.seed}).`;
        this.deps.notifier.log(text);
        void vscode.window.showInformationMessage(t`Decision Tree: ${text}`);
      }
      return loaded;
    }
    const { job, transfer } = await prepareLoad(uri, types);
    return withJobProgress(t`Decision Tree: reading ${job.fileName}`, (onProgress) =>
      this.deps.bridge.run('load', job, { key: uri.toString(), onProgress, transfer }),
    );
  }

  /** The report options for the file: its settings, and the columns the user ignored or kept (the profile view, the left-out message). */
  private optionsFor(uri: vscode.Uri, columns: LoadResult['columns'], target: string, settings: TrainSettings): ReturnType<typeof reportOptions> {
    const options = reportOptions(settings, target);
    Object.assign(options.params, trainingColumns(readChoices(this.deps.state, uri.toString()), columns.map((c) => c.name), target));
    return options;
  }

  /**
   * The file's report under other panel settings, then `edits`, neither shown nor kept: a pinned
   * tree brought back after a reload. Its own job key, so it cancels no training of the file.
   */
  async reportFor(file: TrainedFile, asked: Partial<PanelSettings>, edits: TreeEdit[] = []): Promise<{ report: PackedReport; settings: TrainSettings }> {
    const settings = { ...file.settings, ...validOverrides(asked) };
    const options = this.optionsFor(file.uri, file.columns, file.target, settings);
    const report = await this.deps.bridge.run('report', { dataset: file.dataset, options, edits }, { key: `pinned:${file.uri.toString()}` }).result;
    return { report, settings };
  }

  private async fit(uri: vscode.Uri, loaded: LoadResult, target: string, settings: TrainSettings): Promise<TrainedFile> {
    const { bridge, panels, trained, notifier } = this.deps;
    const options = this.optionsFor(uri, loaded.columns, target, settings);
    const report = await withJobProgress(t`Decision Tree: training on ${fileNameOf(uri)}`, (onProgress) =>
      bridge.run('report', { dataset: loaded.dataset, options }, { key: uri.toString(), onProgress }),
    );
    const file: TrainedFile = { uri, dataset: loaded.dataset, columns: loaded.columns, target, settings, report };
    trained.set(file);
    panels.show(uri, report, panelSettings(settings));
    for (const warning of report.warnings) notifier.log(`${fileNameOf(uri)}: ${warning}`);
    this.offerKeepOnce(uri, report.leftOut);
    return file;
  }

  private offerKeepOnce(uri: vscode.Uri, leftOut: readonly LeftOutColumn[]): void {
    const key = uri.toString();
    const names = JSON.stringify(leftOut.map((c) => c.column));
    if (leftOut.length === 0 || this.offered.get(key) === names) return;
    this.offered.set(key, names);
    this.deps.notifier.log(leftOutMessage(fileNameOf(uri), leftOut));
    void offerKeep(this.deps.state, key, fileNameOf(uri), leftOut).then((kept) => (kept ? this.retrain(uri, {}) : undefined));
  }
}

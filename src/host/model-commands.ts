// The commands of models beside our own trees (README "Open a model trained elsewhere", "Deploy a
// tree"): "Open Tree Model…" (open-model.ts), "Export Model as ONNX…" (export-onnx.ts), and
// "Predict on Another CSV…" (predict-command.ts) with the model trained elsewhere in focus or the
// trained tree. The forest view they show in and read from sits above the host and is known here
// only by its shape.
import * as vscode from 'vscode';
import type { ImportedModel } from '../shared/ensemble-transfer';
import { trainedFor } from './csv-target';
import { noTreeYet } from './export-commands';
import { exportOnnxModel } from './export-onnx';
import type { TrainedForest } from './forest-trainer';
import type { HostServices } from './host-services';
import { openTreeModel, reopenTreeModel, type OpenModelDeps } from './open-model';
import type { ModelReopen } from '../shared/forest-protocol';
import { fileNameOf } from './csv-source';
import { importedPredictor, predictOnAnotherCsv, treePredictor } from './predict-command';
import type { Command } from './tree-commands';
import { t } from './l10n';

/** The views the commands use (src/panel/). */
export interface ModelViews {
  /** The CSV of the tree panel in focus. */
  activeCsv(): vscode.Uri | undefined;
  /** The forest of ours in the forest view in focus, with its CSV. */
  activeForest(): { csvUri: vscode.Uri; forest: TrainedForest } | undefined;
  /** The model trained elsewhere in the forest view in focus, with its file. */
  activeModel(): { modelUri: vscode.Uri; model: ImportedModel } | undefined;
  /** Shows a model trained elsewhere in the model file's forest view, beside `beside`. */
  showModel(modelUri: vscode.Uri, model: ImportedModel, beside: vscode.Uri): void;
  /** The model file's view, if open, says what it cannot show. */
  tell(modelUri: vscode.Uri, message: string): void;
}

const openDeps = (host: HostServices, views: ModelViews): OpenModelDeps => ({
  worker: () => host.worker(),
  load: (uri) => host.trainer().load(uri),
  show: (uri, model, beside) => views.showModel(uri, model, beside),
});

/** A model's view restored after a window reload shows the model again (open-model.ts), or says why it cannot. */
export async function reopenModel(host: HostServices, views: ModelViews, modelUri: vscode.Uri, reopen: ModelReopen): Promise<void> {
  try {
    await reopenTreeModel(modelUri, reopen, { ...openDeps(host, views), tell: (message) => views.tell(modelUri, message) });
  } catch (err) {
    views.tell(modelUri, `Could not open ${fileNameOf(modelUri)} again: ${err instanceof Error ? err.message : String(err)}`);
  }
}

export function modelCommands(host: HostServices, views: ModelViews): Record<string, Command> {
  const { notifier } = host;
  return {
    'decisionTree.openModel': async (arg) => {
      try {
        await openTreeModel(arg, openDeps(host, views));
      } catch (err) {
        notifier.failure(t('open the model'), arg instanceof vscode.Uri ? arg : t('the chosen file'), err);
      }
    },
    'decisionTree.predict': async (arg) => {
      // The model trained elsewhere in focus predicts; otherwise the tree a model command acts on.
      const shown = views.activeModel();
      const file = shown === undefined ? trainedFor(arg, host.trained, views.activeCsv()) : undefined;
      const predictor = shown !== undefined ? importedPredictor(shown.modelUri, shown.model) : file !== undefined ? treePredictor(file) : undefined;
      if (predictor === undefined) return noTreeYet();
      try {
        await predictOnAnotherCsv(predictor, host.worker());
      } catch (err) {
        notifier.failure(shown !== undefined ? t('predict with') : t('predict with the tree of'), predictor.from, err);
      }
    },
    'decisionTree.exportOnnx': async (arg) => {
      // The forest view in focus exports its forest; otherwise the tree a model command acts on.
      const shown = views.activeForest();
      const file = shown === undefined ? trainedFor(arg, host.trained, views.activeCsv()) : undefined;
      const csv = shown?.csvUri ?? file?.uri;
      if (csv === undefined) return noTreeYet();
      try {
        await exportOnnxModel(csv, shown === undefined ? { kind: 'tree', model: (file as NonNullable<typeof file>).report.model } : { kind: 'forest', model: shown.forest.report.model }, host.worker());
      } catch (err) {
        notifier.failure(t('export as ONNX the model of'), csv, err);
      }
    },
  };
}

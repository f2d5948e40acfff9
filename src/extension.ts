// Extension host entry. Activation registers the commands and the tree panel's serializer and
// nothing else: the worker, the output channel and the editor listeners start on first use.
import * as vscode from 'vscode';
import { TreePanels, type PanelRequests } from './panel/tree-panel';
import { csvToTrain, trainedFor } from './host/csv-target';
import { followCursorRow } from './panel/cursor-row';
import { exportCalculation, exportMermaid, exportModel, exportRules } from './host/exports';
import { entropyUnitFor } from './host/entropy-unit';
import { saveDrawing } from './host/drawing-export';
import { Notifier } from './host/notifier';
import { rowPath } from './shared/row-path';
import { openSample } from './host/samples';
import { predictOnAnotherCsv } from './host/predict-command';
import { ProfilePanels } from './panel/profile-panel';
import { setColumnType } from './host/set-column-type';
import { panelSettings, Trainer, type TrainMode } from './host/trainer';
import { TrainedFiles } from './host/trained-files';
import { fileNameOf } from './host/csv-source';
import { currentRows, watchFileChanges } from './host/file-changes';
import { readChoices, rememberChoices, withIgnored } from './host/file-choices';
import { WorkerBridge } from './host/worker-bridge';
import type { TrainedFile } from './host/trained-files';
import { registerHover } from './hover/register';
import { TreeEdits } from './panel/tree-edits';
import { ForestTrainer } from './host/forest-trainer';
import { ForestPanels } from './panel/forest-panel';

let disposeAll: (() => void) | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const notifier = new Notifier();
  const trained = new TrainedFiles();
  let bridge: WorkerBridge | undefined;
  const worker = () => (bridge ??= new WorkerBridge(vscode.Uri.joinPath(context.extensionUri, 'dist', 'worker.js').fsPath));

  const requests: PanelRequests = {
    retrain: (uri, settings) => void trainer().retrain(uri, settings),
    alternatives: async (uri, nodeId) => {
      const { dataset, report } = await trainedOrRestored(uri);
      const job = { dataset, model: report.model, settings: report.settings, nodeId };
      // Clicking another node cancels the search for the previous one.
      return worker().run('alternatives', job, { key: `alternatives:${uri.toString()}` }).result;
    },
    splitDistribution: async (uri, nodeId) => {
      const { dataset, report } = await trainedOrRestored(uri);
      const job = { dataset, model: report.model, settings: report.settings, nodeId };
      return worker().run('splitDistribution', job, { key: `splitDistribution:${uri.toString()}` }).result;
    },
    calculation: async (uri, nodeId, column) => {
      const { dataset, report } = await trainedOrRestored(uri);
      const job = { dataset, model: report.model, settings: report.settings, nodes: [nodeId], unit: entropyUnitFor(uri), fileName: fileNameOf(uri), ...(column === undefined ? {} : { columns: [column] }) };
      // Opening another node's calculation cancels the previous one's.
      return (await worker().run('calculation', job, { key: `calculation:${uri.toString()}` }).result).calculations[0];
    },
    exportCalculation: (uri, nodeId) =>
      void trainedOrRestored(uri).then(
        (file) => runCalculationExport(file, nodeId),
        (err: unknown) => notifier.failure('export the calculation of', uri, err),
      ),
    rowPath: async (uri, row, tree) => {
      const file = await trainedOrRestored(uri);
      return rowPath(tree ?? file.report.model, file.dataset, row);
    },
    report: async (uri) => (await trainedOrRestored(uri)).report,
    export: (uri, what) => void runExport(what, trained.get(uri)),
    ignoreColumn: (uri, column) => {
      const key = uri.toString();
      const state = context.workspaceState;
      void rememberChoices(state, key, withIgnored(readChoices(state, key), column, true)).then(() => trainer().retrain(uri, {}));
    },
    saveDrawing: (uri, format, data) =>
      void saveDrawing(uri, format, data).catch((err: unknown) => notifier.failure(`export the drawing (${format.toUpperCase()}) of`, uri, err)),
    previewEdit: (uri, edit) => edits.preview(uri, edit),
    edit: (uri, message) => void edits.handle(uri, message),
    editState: (uri, report) => edits.stateOf(uri, report),
    pinned: async (uri, pin) => {
      const file = await trainedOrRestored(uri);
      const { report, settings } = await trainer().reportFor(file, pin.settings);
      const edited = pin.edits.length === 0 ? report : (await worker().run('editReport', { dataset: file.dataset, report, edits: pin.edits }, { key: `pinned-edits:${uri.toString()}` }).result).report;
      return { report: edited, settings: panelSettings(settings) };
    },
    yourSettings: (uri) => panelSettings(trainer().yourSettings(uri)),
    restored: (uri) => notifier.log(`Restored the tree panel of ${uri.toString(true)}; its data is read again when the panel needs it.`),
    log: (message) => notifier.log(message),
  };
  const panels = new TreePanels(context.extensionUri, requests);
  const edits = new TreeEdits({
    file: async (uri) => currentRows(trained, await trainedOrRestored(uri), async (u) => (await trainer().load(u)).dataset),
    run: (kind, job, key) => worker().run(kind, job, { key }).result,
    replaceReport: (file, report) => trained.set({ ...file, report }),
    show: (uri, report, settings, state) => panels.show(uri, report, panelSettings(settings), state),
    failed: (uri, message, retrain) => panels.failed(uri, message, retrain),
  });
  // CSV hover, target status bar, Rank Columns; its choice store tells them when a target is chosen.
  const hover = registerHover(context, { worker, trained, panels, state: context.workspaceState });
  const profiles = new ProfilePanels({ extensionUri: context.extensionUri, worker, state: hover.choices, request: hover.request, log: (m) => notifier.log(m) });

  /**
   * A panel restored after a reload shows its saved tree without the data: train it again on demand,
   * once — a click asks for a node's alternatives and its split chart together, and a second
   * retrain of the same file would cancel the first.
   */
  const restoring = new Map<string, Promise<TrainedFile>>();
  function trainedOrRestored(uri: vscode.Uri): Promise<TrainedFile> {
    const known = trained.get(uri);
    if (known !== undefined) return Promise.resolve(known);
    const key = uri.toString();
    let pending = restoring.get(key);
    if (pending === undefined) {
      pending = trainer()
        .retrain(uri, {})
        .then((file) => {
          if (file === undefined) throw new Error('The file could not be read and trained again; see the Decision Tree output.');
          return file;
        })
        .finally(() => restoring.delete(key));
      restoring.set(key, pending);
    }
    return pending;
  }

  let trainerInstance: Trainer | undefined;
  const trainer = () => (trainerInstance ??= new Trainer({ bridge: worker(), notifier, state: hover.choices, trained, panels }));
  const forestPanels = new ForestPanels(context.extensionUri, {
    retrain: (uri, recipe) => void forestTrainer().retrain(uri, recipe),
    cancel: (uri) => forestTrainer().cancel(uri),
    // Clicking another node cancels the previous one's job of the same kind.
    nodeJob: (uri, kind, job) => worker().run(kind, job, { key: `${kind}:${uri.toString()}` }).result,
    log: (m) => notifier.log(m),
  });
  let forestTrainerInstance: ForestTrainer | undefined;
  const forestTrainer = () => (forestTrainerInstance ??= new ForestTrainer({ trainer: trainer(), bridge: worker(), notifier, state: hover.choices, view: forestPanels }));

  async function runExport(what: 'mermaid' | 'model' | 'rules', file: TrainedFile | undefined): Promise<void> {
    if (file === undefined) return noTreeYet();
    try {
      if (what === 'model') await exportModel(file, worker());
      else if (what === 'mermaid') await exportMermaid(file, worker());
      else await exportRules(file, worker());
    } catch (err) {
      notifier.failure(`export the ${what === 'model' ? 'model' : what === 'mermaid' ? 'tree' : 'rules'} of`, file.uri, err);
    }
  }

  async function runCalculationExport(file: TrainedFile | undefined, nodeId: number | null): Promise<void> {
    if (file === undefined) return noTreeYet();
    try {
      await exportCalculation(file, worker(), nodeId);
    } catch (err) {
      notifier.failure('export the calculation of', file.uri, err);
    }
  }

  /** Only the panel has the drawing: the command asks the panel in focus for it. */
  async function exportDrawing(format: 'svg' | 'png'): Promise<void> {
    const uri = panels.activeCsv();
    if (uri === undefined || !panels.exportDrawing(uri, format)) {
      void vscode.window.showInformationMessage('Decision Tree: the drawing is exported from the tree panel — bring it to the front (Show Tree Panel), then run this again.');
    }
  }

  const noTreeYet = () => void vscode.window.showInformationMessage('Decision Tree: no tree yet — train one first (right-click a CSV → Train Decision Tree).');

  /** The CSV of the tree panel or profile view in focus. */
  const focusedCsv = () => panels.activeCsv() ?? profiles.activeCsv();

  const train = (mode: TrainMode) => async (arg: unknown) => {
    const uri = await csvToTrain(arg, focusedCsv());
    if (uri !== undefined) await trainer().train(uri, mode);
  };

  const trainForest = (mode: 'quick' | 'options') => async (arg: unknown) => {
    const uri = await csvToTrain(arg, focusedCsv());
    if (uri !== undefined) await forestTrainer().train(uri, mode);
  };

  const commands: Record<string, (arg: unknown) => Promise<void>> = {
    'decisionTree.train': train('quick'),
    'decisionTree.trainWithOptions': train('options'),
    'decisionTree.trainForest': trainForest('quick'),
    'decisionTree.trainForestWithOptions': trainForest('options'),
    'decisionTree.setTarget': train('target'),
    'decisionTree.showPanel': async (arg) => {
      const file = trainedFor(arg, trained, panels.activeCsv());
      if (file !== undefined) panels.show(file.uri, file.report, panelSettings(file.settings));
      else if (!(arg instanceof vscode.Uri && panels.reveal(arg))) noTreeYet();
    },
    'decisionTree.exportModel': (arg) => runExport('model', trainedFor(arg, trained, panels.activeCsv())),
    'decisionTree.exportMermaid': (arg) => runExport('mermaid', trainedFor(arg, trained, panels.activeCsv())),
    'decisionTree.exportDrawingSvg': () => exportDrawing('svg'),
    'decisionTree.exportDrawingPng': () => exportDrawing('png'),
    'decisionTree.exportCalculation': (arg) => runCalculationExport(trainedFor(arg, trained, panels.activeCsv()), null),
    'decisionTree.exportRules': (arg) => runExport('rules', trainedFor(arg, trained, panels.activeCsv())),
    'decisionTree.predict': async (arg) => {
      const file = trainedFor(arg, trained, panels.activeCsv());
      if (file === undefined) return noTreeYet();
      try {
        await predictOnAnotherCsv(file, worker());
      } catch (err) {
        notifier.failure('predict with the tree of', file.uri, err);
      }
    },
    'decisionTree.profile': async (arg) => {
      const uri = await csvToTrain(arg, focusedCsv());
      if (uri === undefined) return;
      try {
        await profiles.show(uri);
      } catch (err) {
        notifier.failure('profile', uri, err);
      }
    },
    'decisionTree.setColumnType': async (arg) => {
      const uri = await csvToTrain(arg, focusedCsv());
      if (uri === undefined) return;
      try {
        await setColumnType(uri, worker(), hover.choices);
      } catch (err) {
        notifier.failure('set a column type of', uri, err);
      }
    },
    'decisionTree.openSample': () => openSample(context.extensionUri),
  };
  for (const [id, run] of Object.entries(commands)) {
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (arg: unknown) => {
        try {
          await run(arg);
        } catch (err) {
          notifier.failure(`run ${id} on`, arg instanceof vscode.Uri ? arg : 'the current file', err);
        }
      }),
    );
  }
  context.subscriptions.push(panels, forestPanels, notifier, profiles, followCursorRow(trained, panels, hover.documentData, (line) => notifier.log(line)));
  context.subscriptions.push(
    ...watchFileChanges(trained, (uri) =>
      panels.failed(uri, `${fileNameOf(uri)} changed since this tree was trained: the tree, its paths and its edits are of the rows it was trained on. Retrain to train on the file as it is now.`, true),
    ),
  );
  disposeAll = () => bridge?.dispose();
}

export function deactivate(): void {
  disposeAll?.();
}

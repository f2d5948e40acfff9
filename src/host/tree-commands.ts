// The bodies of the extension's commands (package.json's `contributes.commands`), by id. To add a
// command: its entry in package.json and one row here (docs/architecture.md "How to add…").
// The panels they act on sit above the host and are known here only by their shape.
import * as vscode from 'vscode';
import type { PanelSettings } from '../shared/protocol';
import type { PackedReport } from '../shared/report-transfer';
import { csvToTrain, trainedFor } from './csv-target';
import { noTreeYet, runCalculationExport, runExport } from './export-commands';
import type { HostServices } from './host-services';
import { openSample } from './samples';
import { setColumnType } from './set-column-type';
import { panelSettings, type TrainMode } from './trainer';
import { t } from './l10n';

/** The tree panels and the profile view, as the commands use them (src/panel/). */
export interface CommandViews {
  /** The CSV of the tree panel in focus. */
  activeCsv(): vscode.Uri | undefined;
  /** The CSV of the tree panel or profile view in focus. */
  focusedCsv(): vscode.Uri | undefined;
  show(csvUri: vscode.Uri, report: PackedReport, settings: PanelSettings): void;
  /** Brings the file's panel to the front; false when it has none. */
  reveal(csvUri: vscode.Uri): boolean;
  /** Asks the file's panel for its drawing; false when it has none. */
  exportDrawing(csvUri: vscode.Uri, format: 'svg' | 'png'): boolean;
  profile(csvUri: vscode.Uri): Promise<void>;
  /** Starts growing the file's tree (just trained) by hand in its panel (README "Learn mode"). */
  growByHand(csvUri: vscode.Uri): Promise<void>;
}

export type Command = (arg: unknown) => Promise<void>;

export function treeCommands(host: HostServices, views: CommandViews): Record<string, Command> {
  const { notifier, trained } = host;
  const modelOf = (arg: unknown) => trainedFor(arg, trained, views.activeCsv());

  /** A command on a CSV (given, in focus, or picked); nothing when none is chosen. */
  const onCsv = (run: (uri: vscode.Uri) => Promise<void>): Command => async (arg) => {
    const uri = await csvToTrain(arg, views.focusedCsv());
    if (uri !== undefined) await run(uri);
  };
  /** A command on a CSV whose failure is one notification, `doing` the file. */
  const reportedOnCsv = (doing: string, run: (uri: vscode.Uri) => Promise<void>): Command =>
    onCsv(async (uri) => {
      try {
        await run(uri);
      } catch (err) {
        notifier.failure(doing, uri, err);
      }
    });
  const train = (mode: TrainMode) => onCsv(async (uri) => void (await host.trainer().train(uri, mode)));
  const trainForest = (mode: 'quick' | 'options') => onCsv((uri) => host.forestTrainer().train(uri, mode));

  /** Only the panel has the drawing: the command asks the panel in focus for it. */
  const exportDrawing = (format: 'svg' | 'png'): Command => async () => {
    const uri = views.activeCsv();
    if (uri === undefined || !views.exportDrawing(uri, format)) {
      void vscode.window.showInformationMessage(t('Decision Tree: the drawing is exported from the tree panel — bring it to the front (Show Tree Panel), then run this again.'));
    }
  };

  return {
    'decisionTree.train': train('quick'),
    'decisionTree.trainWithOptions': train('options'),
    // The tree the settings grow is trained first: the student's tree is scored beside it.
    'decisionTree.growByHand': reportedOnCsv('grow a tree by hand on', async (uri) => {
      if (await host.trainer().train(uri, 'quick')) await views.growByHand(uri);
    }),
    'decisionTree.trainForest': trainForest('quick'),
    'decisionTree.trainForestWithOptions': trainForest('options'),
    'decisionTree.setTarget': train('target'),
    'decisionTree.showPanel': async (arg) => {
      const file = modelOf(arg);
      if (file !== undefined) views.show(file.uri, file.report, panelSettings(file.settings));
      else if (!(arg instanceof vscode.Uri && views.reveal(arg))) noTreeYet();
    },
    'decisionTree.exportModel': (arg) => runExport(host, 'model', modelOf(arg)),
    'decisionTree.exportMermaid': (arg) => runExport(host, 'mermaid', modelOf(arg)),
    'decisionTree.exportDrawingSvg': exportDrawing('svg'),
    'decisionTree.exportDrawingPng': exportDrawing('png'),
    'decisionTree.exportCalculation': (arg) => runCalculationExport(host, modelOf(arg), null),
    'decisionTree.exportRules': (arg) => runExport(host, 'rules', modelOf(arg)),
    'decisionTree.profile': reportedOnCsv(t('profile'), (uri) => views.profile(uri)),
    'decisionTree.setColumnType': reportedOnCsv(t('set a column type of'), (uri) => setColumnType(uri, host.worker(), host.choices())),
    'decisionTree.openSample': () => openSample(host.context.extensionUri),
  };
}

/** Registers each command; a failure no command caught becomes one notification. */
export function registerCommands(host: HostServices, commands: Record<string, Command>): void {
  for (const [id, run] of Object.entries(commands)) {
    host.context.subscriptions.push(
      vscode.commands.registerCommand(id, async (arg: unknown) => {
        try {
          await run(arg);
        } catch (err) {
          host.notifier.failure(t`run ${id} on`, arg instanceof vscode.Uri ? arg : t('the current file'), err);
        }
      }),
    );
  }
}

// Wires the CSV hover into the extension: the hover provider (by file pattern and by the csv/tsv
// language ids), the scores cache, the target status bar item, the hover's link commands and
// "Rank Columns by Split Score". Returns the choice store the trainer must use, so that a target
// chosen anywhere updates the status bar and the scores, and the documents' parsed data.
import * as vscode from 'vscode';
import type { TreePanels } from '../panel/tree-panel';
import { fileNameOf } from '../host/csv-source';
import { csvToTrain } from '../host/csv-target';
import { readChoices, rememberChoices, rememberedNames, type ChoiceStore } from '../host/file-choices';
import { rowPath } from '../shared/row-path';
import { readTrainSettings } from '../shared/train-settings';
import type { TrainedFiles } from '../host/trained-files';
import { panelSettings } from '../host/trainer';
import type { WorkerBridge } from '../host/worker-bridge';
import { HoverCache } from './hover-cache';
import { HOVER_COMMANDS } from './hover-commands';
import type { HoverData, SplitRequest } from '../shared/worker-messages';
import { CsvHoverProvider } from './hover-provider';
import { showRanking } from './rank-pick';
import { TargetStatus } from './target-status';
import { t } from '../host/l10n';

export const CSV_SELECTOR: vscode.DocumentSelector = [{ pattern: '**/*.{csv,tsv,CSV,TSV}' }, { language: 'csv' }, { language: 'tsv' }];

export interface HoverDeps {
  worker: () => WorkerBridge;
  trained: TrainedFiles;
  panels: TreePanels;
  state: ChoiceStore;
}

/** The store's updates, observed: the trainer remembers targets through it. */
function watched(store: ChoiceStore, onUpdate: () => void): ChoiceStore {
  return {
    get: (key) => store.get(key),
    update: async (key, value) => {
      await store.update(key, value);
      onUpdate();
    },
  };
}

function splitRequest(state: ChoiceStore, uri: vscode.Uri): SplitRequest {
  const configuration = vscode.workspace.getConfiguration('decisionTree', uri);
  const choices = readChoices(state, uri.toString());
  // Invalid settings are reported by the trainer; here their defaults are simply used.
  const settings = { ...readTrainSettings((key) => configuration.get(key)).settings, ...choices.options };
  return {
    target: choices.target,
    algorithm: settings.algorithm,
    criterion: settings.criterion === 'auto' ? undefined : settings.criterion,
    minSamplesLeaf: settings.minSamplesLeaf,
    keep: rememberedNames(choices, 'keep'),
    ignore: rememberedNames(choices, 'ignore'),
    types: choices.types,
    minCategorySamples: settings.minCategorySamples,
  };
}

function uriArg(value: unknown): vscode.Uri {
  if (typeof value !== 'string') throw new Error('expected a file URI');
  return vscode.Uri.parse(value, true);
}

function stringArg(value: unknown): string {
  if (typeof value !== 'string') throw new Error('expected a column name');
  return value;
}

export interface HoverRegistration {
  choices: ChoiceStore;
  /** The file's target, settings and column choices, as the hover scores columns with them. */
  request: (uri: vscode.Uri) => SplitRequest;
  /** The document's parsed data and record start lines, when the hover has them for its current text. */
  documentData: (document: vscode.TextDocument) => HoverData | undefined;
  /** The status bar item in the language now chosen (hovers build their text when asked, so follow at once). */
  relanguage: () => void;
}

export function registerHover(context: vscode.ExtensionContext, deps: HoverDeps): HoverRegistration {
  const cache = new HoverCache({ bridge: deps.worker, request: (uri) => splitRequest(deps.state, uri) });
  const status = new TargetStatus(cache, deps.state);
  const choices = watched(deps.state, () => {
    cache.refresh();
    status.update();
  });
  const openDocument = (uri: vscode.Uri) => vscode.workspace.openTextDocument(uri);

  const commands: Record<string, (...args: unknown[]) => Promise<void>> = {
    [HOVER_COMMANDS.setTarget]: async (uri, column) => {
      await rememberChoices(choices, uriArg(uri).toString(), { target: stringArg(column) });
    },
    [HOVER_COMMANDS.trainWithTarget]: async (uri, column) => {
      const file = uriArg(uri);
      await rememberChoices(choices, file.toString(), { target: stringArg(column) });
      await vscode.commands.executeCommand('decisionTree.train', file);
    },
    [HOVER_COMMANDS.showCalculation]: async (uri, column, target) => {
      const file = uriArg(uri);
      const name = stringArg(column);
      // The root's calculation is of a tree for the hover's target: trained now when the file has none for it.
      const known = deps.trained.get(file);
      if (known === undefined || known.report.model.target !== stringArg(target)) await vscode.commands.executeCommand('decisionTree.train', file);
      const trained = deps.trained.get(file);
      if (trained === undefined) return;
      if (!deps.panels.reveal(file)) deps.panels.show(file, trained.report, panelSettings(trained.settings));
      deps.panels.showCalculation(file, 0, name);
    },
    [HOVER_COMMANDS.highlightRow]: async (uri, row) => {
      const file = deps.trained.get(uriArg(uri));
      if (file === undefined || typeof row !== 'number') {
        void vscode.window.showInformationMessage(t('Decision Tree: train a tree on this file first.'));
        return;
      }
      // The row as the document reads now (it may have been edited since training).
      const data = await cache.ready(await openDocument(file.uri)).catch(() => undefined);
      const path = rowPath(file.report.model, data?.dataset ?? file.dataset, row);
      if (!deps.panels.reveal(file.uri)) deps.panels.show(file.uri, file.report, panelSettings(file.settings));
      deps.panels.highlightRow(file.uri, path);
    },
    'decisionTree.rankColumns': async (arg) => {
      const uri = await csvToTrain(arg, deps.panels.activeCsv());
      if (uri === undefined) return;
      const document = await openDocument(uri);
      const data = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: t`Decision Tree: scoring the columns of ${fileNameOf(uri)}` },
        () => cache.ready(document),
      );
      if (data.splits === null) {
        void vscode.window.showWarningMessage(t`Decision Tree: no split scores for ${fileNameOf(uri)}: ${data.note ?? t('unknown reason')}`);
        return;
      }
      await showRanking(data.splits, fileNameOf(uri));
    },
  };
  for (const [id, run] of Object.entries(commands)) {
    context.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        try {
          await run(...args);
        } catch (err) {
          void vscode.window.showErrorMessage(t`Decision Tree: ${err instanceof Error ? err.message : String(err)}`);
        }
      }),
    );
  }
  context.subscriptions.push(
    cache,
    status,
    vscode.languages.registerHoverProvider(CSV_SELECTOR, new CsvHoverProvider(cache, deps.trained)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('decisionTree')) return;
      cache.refresh();
      status.update();
    }),
  );
  return { choices, request: (uri) => splitRequest(deps.state, uri), documentData: (document) => cache.peek(document).data, relanguage: () => status.update() };
}

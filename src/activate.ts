// What both extension entries activate (src/extension.ts on Node, src/web-extension.ts in a
// browser), given their runtime (src/host/platform.ts). Activation wires the services, the panels,
// the hover and the commands and starts nothing: the worker, the trainers and the editor listeners
// start on first use. Command bodies are in src/host/tree-commands.ts, the tree panel's back end in
// src/panel/tree-requests.ts.
import type * as vscode from 'vscode';
import { TreePanels } from './panel/tree-panel';
import { treePanelRequests } from './panel/tree-requests';
import { followCursorRow } from './panel/cursor-row';
import { ProfilePanels } from './panel/profile-panel';
import { TreeEdits } from './panel/tree-edits';
import { HandGrowing } from './panel/by-hand';
import { ForestPanels } from './panel/forest-panel';
import { fileNameOf } from './host/csv-source';
import { currentRows, watchFileChanges } from './host/file-changes';
import { HostServices } from './host/host-services';
import { setHostPlatform, type HostPlatform } from './host/platform';
import { registerCommands, treeCommands, type Command } from './host/tree-commands';
import type { ChoiceStore } from './host/file-choices';
import { modelCommands, reopenModel, type ModelViews } from './host/model-commands';
import { panelSettings } from './host/trainer';
import { registerHover } from './hover/register';
import { t } from './host/l10n';
import { loadLanguage, watchLanguage } from './host/language-setting';

let disposeAll: (() => void) | undefined;

/** Commands only one runtime has (Train on Dask Cluster… runs Python: Node only), given what they need. */
export type RuntimeCommands = (deps: { extensionUri: vscode.Uri; state: ChoiceStore; log: (line: string) => void }) => Record<string, Command>;

export async function activateWith(context: vscode.ExtensionContext, platform: HostPlatform, runtimeCommands: RuntimeCommands = () => ({})): Promise<void> {
  setHostPlatform(platform);
  // The language first: every message, item and page after this speaks it (src/host/l10n.ts).
  await loadLanguage(context.extensionUri);
  const host: HostServices = new HostServices(context, { panels: () => panels, forests: () => forestPanels, choices: () => hover.choices });
  const { notifier, trained } = host;
  const worker = () => host.worker();

  const panels: TreePanels = new TreePanels(context.extensionUri, treePanelRequests(host, () => edits, () => hand));
  const edits = new TreeEdits({
    file: async (uri) => currentRows(trained, await host.trainedOrRestored(uri), async (u) => (await host.trainer().load(u)).dataset),
    run: (kind, job, key) => worker().run(kind, job, { key }).result,
    replaceReport: (file, report) => trained.set({ ...file, report }),
    show: (uri, report, settings, state) => panels.show(uri, report, panelSettings(settings), state),
    failed: (uri, message, retrain) => panels.failed(uri, message, retrain),
  });
  const hand = new HandGrowing({
    file: (uri) => host.trainedOrRestored(uri),
    run: (job, key) => worker().run('growByHand', job, { key }).result,
    replaceReport: (file, report) => trained.set({ ...file, report }),
    show: (uri, report, settings) => panels.show(uri, report, panelSettings(settings)),
    failed: (uri, message) => panels.failed(uri, message, false),
  });
  // CSV hover, target status bar, Rank Columns; its choice store tells them when a target is chosen.
  const hover = registerHover(context, { worker, trained, panels, state: context.workspaceState });
  const profiles = new ProfilePanels({ extensionUri: context.extensionUri, worker, state: hover.choices, request: hover.request, log: (m) => notifier.log(m) });
  const forestPanels = new ForestPanels(context.extensionUri, {
    retrain: (uri, recipe) => void host.forestTrainer().retrain(uri, recipe),
    cancel: (uri) => host.forestTrainer().cancel(uri),
    // Clicking another node cancels the previous one's job of the same kind.
    nodeJob: (uri, kind, job) => worker().run(kind, job, { key: `${kind}:${uri.toString()}` }).result,
    // Showing another row cancels the previous one's job.
    ensembleRow: (uri, job) => worker().run('ensembleRow', job, { key: `ensembleRow:${uri.toString()}` }).result,
    reopenModel: (uri, reopen) => void reopenModel(host, modelViews, uri, reopen),
    log: (m) => notifier.log(m),
  });

  // A change of decisionTree.language: messages and hovers speak it at once (they are made when
  // shown); the status bar item and every open page are made again in it.
  context.subscriptions.push(
    watchLanguage(context.extensionUri, () => {
      hover.relanguage();
      panels.relanguage();
      forestPanels.relanguage();
      profiles.relanguage();
    }),
  );

  const modelViews: ModelViews = {
    activeCsv: () => panels.activeCsv(),
    activeForest: () => forestPanels.activeForest(),
    activeModel: () => forestPanels.activeModel(),
    showModel: (uri, model, beside) => forestPanels.showModel(uri, model, beside),
    tell: (uri, message) => forestPanels.failed(uri, message, false),
  };

  registerCommands(host, {
    ...treeCommands(host, {
      activeCsv: () => panels.activeCsv(),
      focusedCsv: () => panels.activeCsv() ?? profiles.activeCsv(),
      show: (uri, report, settings) => panels.show(uri, report, settings),
      growByHand: (uri) => hand.start(uri),
      reveal: (uri) => panels.reveal(uri),
      exportDrawing: (uri, format) => panels.exportDrawing(uri, format),
      profile: (uri) => profiles.show(uri),
    }),
    ...modelCommands(host, modelViews),
    ...runtimeCommands({ extensionUri: context.extensionUri, state: hover.choices, log: (line) => notifier.log(line) }),
  });
  context.subscriptions.push(panels, forestPanels, notifier, profiles, followCursorRow(trained, panels, hover.documentData, (line) => notifier.log(line)));
  context.subscriptions.push(
    ...watchFileChanges(trained, (uri) =>
      panels.failed(uri, t`${fileNameOf(uri)} changed since this tree was trained: the tree, its paths and its edits are of the rows it was trained on. Retrain to train on the file as it is now.`, true),
    ),
  );
  disposeAll = () => host.dispose();
}

export function deactivate(): void {
  disposeAll?.();
}

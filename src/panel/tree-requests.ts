// The tree panel's back end: what the panel asks of the extension (`PanelRequests`) and how it is
// answered — by the worker through the bridge for anything the engine computes (alternatives, a
// split's chart, a node's calculation, an edited or pinned tree), by the host for files and
// settings. The panel itself (tree-panel.ts) only passes its webview's requests on.
import * as vscode from 'vscode';
import { FORMULAS_FILE, sectionAnchor, type FormulaSection } from '../engine/explain/formula-sections';
import type { SplitDistribution } from '../engine/split-distribution';
import type { NodeCalculation } from '../engine/explain/types';
import type { TreeEdit } from '../engine/model';
import type { TreeColumns } from '../engine/model-columns';
import type { AlternativeSplit, ApplyEditMessage, EditState, EditStepMessage, HandStepMessage, HandView, PanelSettings, PinRecipe, SyncEditsMessage, SyncHandMessage } from '../shared/protocol';
import type { PackedReport } from '../shared/report-transfer';
import type { TreeDiff } from '../shared/tree-diff';
import { rowPath, type RowPathResult as RowPath } from '../shared/row-path';
import type { EditPreview } from '../shared/worker-messages';
import { fileNameOf } from '../host/csv-source';
import { saveDrawing } from '../host/drawing-export';
import { entropyUnitFor } from '../host/entropy-unit';
import { runCalculationExport, runExport } from '../host/export-commands';
import { readChoices, rememberChoices, withIgnored } from '../host/file-choices';
import type { HostServices } from '../host/host-services';
import { panelSettings } from '../host/trainer';
import type { Pinned } from './comparison';
import type { TreeEdits } from './tree-edits';
import type { HandGrowing } from './by-hand';
import type { HandCandidates } from '../engine/explain/hand-candidates';
import { learnRequests, type LearnRequests } from './learn-requests';
import { t } from '../host/l10n';

/** What the panel asks of the extension; every call names the CSV the panel belongs to. */
export interface PanelRequests extends LearnRequests {
  retrain(csvUri: vscode.Uri, settings: Partial<PanelSettings>): void;
  alternatives(csvUri: vscode.Uri, nodeId: number): Promise<AlternativeSplit[]>;
  /** The split feature's distribution per class at a node, for the node details' chart. */
  splitDistribution(csvUri: vscode.Uri, nodeId: number): Promise<SplitDistribution | null>;
  /** The row's path through the file's tree, or through `tree` (the pinned one) when given. */
  rowPath(csvUri: vscode.Uri, row: number, tree?: TreeColumns): Promise<RowPath>;
  /** The CSV's report when this panel has none in memory (restored after a reload). */
  report(csvUri: vscode.Uri): Promise<PackedReport>;
  export(csvUri: vscode.Uri, what: 'mermaid' | 'model' | 'rules'): void;
  /** The worked arithmetic of a node of the file's tree (computed in the worker). */
  calculation(csvUri: vscode.Uri, nodeId: number, column?: string): Promise<NodeCalculation>;
  /** Saves the worked calculation of a node (null: every decision node) as Markdown where the user says. */
  exportCalculation(csvUri: vscode.Uri, nodeId: number | null): void;
  /** Leaves a column out of training for this file (remembered, as the profile view's choice) and retrains. */
  ignoreColumn(csvUri: vscode.Uri, column: string): void;
  /** Saves the panel's drawing (SVG text or PNG base64) where the user says. */
  saveDrawing(csvUri: vscode.Uri, format: 'svg' | 'png', data: string): void;
  /** The settings a training the user starts would use for the file, so the panel can say where its own differ. */
  yourSettings(csvUri: vscode.Uri): PanelSettings;
  /** A panel came back after a reload without a report in memory (it still shows its saved one). */
  restored(csvUri: vscode.Uri): void;
  /** What one more edit of the tree shown would change (docs/architecture.md "Editing a tree"). */
  previewEdit(csvUri: vscode.Uri, edit: TreeEdit): Promise<EditPreview>;
  /** Apply an edit, undo, redo, reset, or apply again the edits a reloaded panel holds. */
  edit(csvUri: vscode.Uri, message: ApplyEditMessage | EditStepMessage | SyncEditsMessage): void;
  /** The edits behind the file's `report`, when it is an edited tree (undefined: none): any panel showing it has the edit bar. */
  editState(csvUri: vscode.Uri, report: PackedReport): EditState | undefined;
  /** A tree grown by hand: the candidates at open leaf `nodeId`, the algorithm's choice marked (computed in the worker). */
  handCandidates(csvUri: vscode.Uri, nodeId: number): Promise<HandCandidates>;
  /** One action on the tree grown by hand (by-hand.ts). */
  handStep(csvUri: vscode.Uri, message: HandStepMessage): void;
  /** After a reload: the steps of the tree grown by hand, replayed (by-hand.ts). */
  syncHand(csvUri: vscode.Uri, message: SyncHandMessage): Promise<void>;
  /** The by-hand view of the file's `report`, when it is a tree grown by hand (undefined: it is not). */
  handState(csvUri: vscode.Uri, report: PackedReport): HandView | undefined;
  /** Opens docs/formulas.md, shipped with the extension, in the Markdown preview at `section`. */
  openFormulas(section: FormulaSection): void;
  /** The tree a reloaded panel had pinned, made again from its recipe (trained with its settings, then edited). */
  pinned(csvUri: vscode.Uri, pin: PinRecipe): Promise<Pinned>;
  /** The pinned tree (`a`) against the tree shown (`b`), node by node, diffed in the worker. */
  diffTrees(csvUri: vscode.Uri, a: TreeColumns<Float64Array>, b: TreeColumns<Float64Array>): Promise<TreeDiff>;
  /** Lines for the output channel: malformed messages, errors inside the webview. */
  log(message: string): void;
}

/** The answers to `PanelRequests`; `edits` and `hand` are asked for at first use (they are made with the panels). */
export function treePanelRequests(host: HostServices, edits: () => TreeEdits, hand: () => HandGrowing): PanelRequests {
  const { notifier, trained } = host;
  const worker = () => host.worker();
  const file = (uri: vscode.Uri) => host.trainedOrRestored(uri);
  /** A job at a node of the file's tree; its key (kind and file) makes a click on another node cancel the previous one's. */
  const nodeJob = async (uri: vscode.Uri, nodeId: number) => {
    const { dataset, report } = await file(uri);
    return { dataset, model: report.model, settings: report.settings, nodeId };
  };
  return {
    retrain: (uri, settings) => void host.trainer().retrain(uri, settings),
    alternatives: async (uri, nodeId) => worker().run('alternatives', await nodeJob(uri, nodeId), { key: `alternatives:${uri.toString()}` }).result,
    splitDistribution: async (uri, nodeId) => worker().run('splitDistribution', await nodeJob(uri, nodeId), { key: `splitDistribution:${uri.toString()}` }).result,
    calculation: async (uri, nodeId, column) => {
      const { dataset, report } = await file(uri);
      const job = { dataset, model: report.model, settings: report.settings, nodes: [nodeId], unit: entropyUnitFor(uri), fileName: fileNameOf(uri), ...(column === undefined ? {} : { columns: [column] }) };
      // Opening another node's calculation cancels the previous one's.
      return (await worker().run('calculation', job, { key: `calculation:${uri.toString()}` }).result).calculations[0];
    },
    exportCalculation: (uri, nodeId) =>
      void file(uri).then(
        (trainedFile) => runCalculationExport(host, trainedFile, nodeId),
        (err: unknown) => notifier.failure(t('export the calculation of'), uri, err),
      ),
    ...learnRequests({ file, worker }),
    rowPath: async (uri, row, tree) => {
      const trainedFile = await file(uri);
      return rowPath(tree ?? trainedFile.report.model, trainedFile.dataset, row);
    },
    report: async (uri) => (await file(uri)).report,
    export: (uri, what) => void runExport(host, what, trained.get(uri)),
    ignoreColumn: (uri, column) => {
      const key = uri.toString();
      const state = host.context.workspaceState;
      void rememberChoices(state, key, withIgnored(readChoices(state, key), column, true)).then(() => host.trainer().retrain(uri, {}));
    },
    saveDrawing: (uri, format, data) =>
      void saveDrawing(uri, format, data).catch((err: unknown) => notifier.failure(t`export the drawing (${format.toUpperCase()}) of`, uri, err)),
    previewEdit: (uri, edit) => edits().preview(uri, edit),
    edit: (uri, message) => void edits().handle(uri, message),
    editState: (uri, report) => edits().stateOf(uri, report),
    handCandidates: async (uri, nodeId) => worker().run('handCandidates', await nodeJob(uri, nodeId), { key: `handCandidates:${uri.toString()}` }).result,
    handStep: (uri, message) => void hand().handle(uri, message),
    syncHand: (uri, message) => hand().resume(uri, message),
    handState: (uri, report) => hand().stateOf(uri, report),
    openFormulas: (section) => {
      const doc = vscode.Uri.joinPath(host.context.extensionUri, ...FORMULAS_FILE.split('/')).with({ fragment: sectionAnchor(section) });
      void vscode.commands.executeCommand('markdown.showPreviewToSide', doc).then(undefined, (err: unknown) => notifier.log(`Could not open ${FORMULAS_FILE}: ${String(err)}`));
    },
    pinned: async (uri, pin) => {
      const trainedFile = await file(uri);
      const { report, settings } = await host.trainer().reportFor(trainedFile, pin.settings, pin.edits);
      return { report, settings: panelSettings(settings) };
    },
    yourSettings: (uri) => panelSettings(host.trainer().yourSettings(uri)),
    restored: (uri) => notifier.log(`Restored the tree panel of ${uri.toString(true)}; its data is read again when the panel needs it.`),
    // A newer comparison (another show or pin) cancels the one still running.
    diffTrees: (uri, a, b) => worker().run('diffTrees', { a, b }, { key: `diffTrees:${uri.toString()}` }).result,
    log: (message) => notifier.log(message),
  };
}

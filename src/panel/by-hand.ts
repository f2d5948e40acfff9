// Growing a tree by hand in the panel (README "Learn mode"): per file, the report as trained (the
// algorithm's tree, scored beside the student's) and the steps taken. Each action sends the steps
// to the worker's `growByHand` job (src/worker/jobs/by-hand.ts over src/engine/edit/by-hand.ts),
// which replays them and answers with the report of the tree grown so far: that report replaces the
// file's (so paths, rules, metrics and exports follow it, as for an edited tree) and the panel
// shows it with the by-hand view. The host does no engine work. The panel's webview keeps the steps
// in its saved state: after a window reload it sends them back (`resume`) and the worker replays
// them on the file trained again, as an edited tree's edits are (tree-edits.ts).
import type * as vscode from 'vscode';
import type { HandStep } from '../engine/edit/by-hand';
import type { HandStepMessage, HandView, ReportSummary, SyncHandMessage } from '../shared/protocol';
import type { PackedReport } from '../shared/report-transfer';
import type { GrowByHandJob, GrowByHandResult, HandAction } from '../shared/worker-messages';
import type { TrainedFile } from '../host/trained-files';
import { t } from '../host/l10n';

export interface HandHost {
  /** The file's dataset and report. */
  file(uri: vscode.Uri): Promise<TrainedFile>;
  run(job: GrowByHandJob, key: string): Promise<GrowByHandResult>;
  /** The file's report is now the tree grown by hand. */
  replaceReport(file: TrainedFile, report: PackedReport): void;
  /** Shows the file's report (the panel asks `stateOf` for the by-hand view). */
  show(uri: vscode.Uri, report: PackedReport, settings: TrainedFile['settings']): void;
  failed(uri: vscode.Uri, message: string): void;
}

interface Session {
  /** The report as trained: the algorithm's tree, and what every step list is replayed on. */
  trained: PackedReport;
  /** The report shown: the tree the steps grew. */
  shown: PackedReport;
  steps: HandStep[];
  open: number[];
  /** The algorithm's tree as the side-by-side table reads it, scored as the tree grown by hand is. */
  algorithm: ReportSummary | null;
}

/** The fields of a report the side-by-side table reads (no tree: the webview has the algorithm's figures, not its nodes). */
function summaryOf(report: PackedReport, metrics: PackedReport['metrics']): ReportSummary {
  const { settings, final, model } = report;
  return { settings, final, metrics, model: { params: model.params, task: model.task } };
}

export class HandGrowing {
  private readonly sessions = new Map<string, Session>();
  /** A resume in progress per file: a step the panel sends meanwhile waits for it (it would find no session yet). */
  private readonly resuming = new Map<string, Promise<void>>();

  constructor(private readonly host: HandHost) {}

  /** "Grow Tree by Hand…": the file's tree as just trained becomes its root alone. */
  async start(uri: vscode.Uri): Promise<void> {
    const file = await this.host.file(uri);
    const session: Session = { trained: file.report, shown: file.report, steps: [], open: [], algorithm: null };
    this.sessions.set(uri.toString(), session);
    await this.act(file, session, { kind: 'start' });
  }

  /** The by-hand view of `report` of the file, when it is the tree grown by hand; undefined otherwise. */
  stateOf(uri: vscode.Uri, report: PackedReport): HandView | undefined {
    const s = this.sessions.get(uri.toString());
    return s && s.algorithm && s.shown === report ? { steps: s.steps, open: s.open, algorithm: s.algorithm } : undefined;
  }

  /**
   * A panel restored after a reload (or rebuilt when shown again): the steps its saved state holds.
   * When the host still grows that tree, nothing is done; otherwise the steps are replayed on the
   * file's tree as trained now (trained again after a reload).
   */
  resume(uri: vscode.Uri, message: SyncHandMessage): Promise<void> {
    const key = uri.toString();
    const done = this.replay(uri, message).finally(() => {
      if (this.resuming.get(key) === done) this.resuming.delete(key);
    });
    this.resuming.set(key, done);
    return done;
  }

  private async replay(uri: vscode.Uri, message: SyncHandMessage): Promise<void> {
    try {
      const file = await this.host.file(uri);
      const known = this.sessions.get(uri.toString());
      if (known && known.shown === file.report && JSON.stringify(known.steps) === JSON.stringify(message.steps)) return;
      const session: Session = { trained: file.report, shown: file.report, steps: message.steps, open: [], algorithm: null };
      this.sessions.set(uri.toString(), session);
      await this.act(file, session, { kind: 'resume' });
    } catch (err) {
      this.host.failed(uri, t('The tree grown by hand could not be made again: {0}', err instanceof Error ? err.message : String(err)));
    }
  }

  /** One action of the panel; a refusal (a split the node cannot take) is shown in the panel. */
  async handle(uri: vscode.Uri, message: HandStepMessage): Promise<void> {
    await this.resuming.get(uri.toString());
    try {
      const file = await this.host.file(uri);
      const session = this.sessions.get(uri.toString());
      // Retrained or edited since: the tree shown is no longer the one grown by hand.
      if (!session || session.shown !== file.report) throw new Error(t('this tree is no longer the one grown by hand (it was retrained or edited): run "Grow Tree by Hand…" again.'));
      await this.act(file, session, message.action);
    } catch (err) {
      this.host.failed(uri, t('The step was not taken: {0}', err instanceof Error ? err.message : String(err)));
    }
  }

  private async act(file: TrainedFile, s: Session, action: HandAction): Promise<void> {
    const result = await this.host.run({ dataset: file.dataset, report: s.trained, steps: s.steps, action }, `growByHand:${file.uri.toString()}`);
    Object.assign(s, { shown: result.report, steps: result.steps, open: result.open });
    if (result.algorithmMetrics) s.algorithm = summaryOf(s.trained, result.algorithmMetrics);
    this.host.replaceReport(file, result.report);
    this.host.show(file.uri, result.report, file.settings);
  }
}

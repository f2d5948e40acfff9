// Steering the tree from the panel (docs/formulas.md "Edited trees"): per file, the tree as trained and the user's edits
// of it — applied in order, plus those undone, for redo. Every change replays the whole list on
// the tree as trained in the worker (src/worker/jobs/edit.ts), so undo gives back the identical
// tree; the edited report then replaces the file's report, and rules, importances, metrics, row
// paths, hovers, Predict on Another CSV and every export follow it. A retrain starts afresh.
import type * as vscode from 'vscode';
import type { TreeEdit } from '../engine/model';
import { InputError } from '../engine/errors';
import type { ApplyEditMessage, EditState, EditStepMessage, SyncEditsMessage } from '../shared/protocol';
import type { PackedReport } from '../shared/report-transfer';
import type { EditPreview, EditReportResult, JobTypes } from '../shared/worker-messages';
import type { TrainedFile } from '../host/trained-files';
import { t } from '../host/l10n';

export interface EditHost {
  /** The file's dataset and report (trained again first for a panel restored after a reload). */
  file(uri: vscode.Uri): Promise<TrainedFile>;
  run<K extends 'editReport' | 'previewEdit'>(kind: K, job: JobTypes[K]['job'], key: string): Promise<JobTypes[K]['result']>;
  /** The file's report is now the edited one. */
  replaceReport(file: TrainedFile, report: PackedReport): void;
  show(uri: vscode.Uri, report: PackedReport, settings: TrainedFile['settings'], edits: EditState): void;
  failed(uri: vscode.Uri, message: string, retrain: boolean): void;
}

interface Session {
  /** The report as trained: every edit list is replayed on it. */
  trained: PackedReport;
  /** The report shown: `trained` after `applied`. */
  shown: PackedReport;
  applied: TreeEdit[];
  redo: TreeEdit[];
  restorable: number[];
}

const same = (a: readonly TreeEdit[], b: readonly TreeEdit[]) => JSON.stringify(a) === JSON.stringify(b);

export class TreeEdits {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly host: EditHost) {}

  /** The file's session, a fresh one when its report is not one this made (it was trained again). */
  private session(file: TrainedFile): Session {
    const key = file.uri.toString();
    const known = this.sessions.get(key);
    if (known && known.shown === file.report) return known;
    const fresh: Session = { trained: file.report, shown: file.report, applied: [], redo: [], restorable: [] };
    this.sessions.set(key, fresh);
    return fresh;
  }

  /** The edits behind `report` of the file, for a panel opened on it again; undefined: none (or another report). */
  stateOf(uri: vscode.Uri, report: PackedReport): EditState | undefined {
    const s = this.sessions.get(uri.toString());
    return s && s.shown === report && s.applied.length + s.redo.length > 0 ? { applied: s.applied, redo: s.redo, restorable: s.restorable } : undefined;
  }

  async preview(uri: vscode.Uri, edit: TreeEdit): Promise<EditPreview> {
    const file = await this.host.file(uri);
    const s = this.session(file);
    return this.host.run('previewEdit', { dataset: file.dataset, report: s.trained, edits: s.applied, edit }, `previewEdit:${uri.toString()}`);
  }

  /** Carries out one message of the panel; a refusal (a bad split, a changed file) is shown in the panel. */
  async handle(uri: vscode.Uri, message: ApplyEditMessage | EditStepMessage | SyncEditsMessage): Promise<void> {
    try {
      const file = await this.host.file(uri);
      const s = this.session(file);
      const { applied, redo } = s;
      switch (message.type) {
        case 'applyEdit':
          return await this.replay(file, s, [...applied, message.edit], []);
        case 'undoEdit':
          if (applied.length > 0) await this.replay(file, s, applied.slice(0, -1), [applied[applied.length - 1], ...redo]);
          return;
        case 'redoEdit':
          if (redo.length > 0) await this.replay(file, s, [...applied, redo[0]], redo.slice(1));
          return;
        case 'resetEdits':
          return await this.replay(file, s, [], []);
        case 'syncEdits':
          if (!same(applied, message.applied) || !same(redo, message.redo)) await this.replay(file, s, message.applied, message.redo);
          return;
      }
    } catch (err) {
      const stale = err instanceof InputError && err.code === 'stale-model';
      const message = err instanceof Error ? err.message : String(err);
      this.host.failed(uri, stale ? t`The file changed since this tree was trained: ${message}` : t`The edit was not applied: ${message}`, stale);
    }
  }

  private async replay(file: TrainedFile, s: Session, applied: TreeEdit[], redo: TreeEdit[]): Promise<void> {
    let result: EditReportResult = { report: s.trained, restorable: [] };
    if (applied.length > 0) result = await this.host.run('editReport', { dataset: file.dataset, report: s.trained, edits: applied }, `editReport:${file.uri.toString()}`);
    Object.assign(s, { shown: result.report, applied, redo, restorable: result.restorable });
    this.host.replaceReport(file, result.report);
    this.host.show(file.uri, result.report, file.settings, { applied, redo, restorable: result.restorable });
  }
}

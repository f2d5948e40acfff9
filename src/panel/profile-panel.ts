// "Profile CSV Columns": one webview per CSV beside the editor (README "Profile CSV Columns"),
// with the tree panel's Content-Security-Policy (html.ts). The worker computes the view
// (src/worker/jobs/profile-view.ts); a card's choice (target, ignore, type) is remembered per file
// like every column choice (src/host/file-choices.ts), then the view is computed again.
import * as vscode from 'vscode';
import { panelColumn } from './panel-column';
import { fileNameOf, prepareLoad } from '../host/csv-source';
import { readChoices, rememberChoices, withColumnType, withIgnored, type ChoiceStore } from '../host/file-choices';
import { withJobProgress } from '../host/job-progress';
import type { WorkerBridge } from '../host/worker-bridge';
import type { SplitRequest } from '../shared/worker-messages';
import { parseFromProfileView, type ProfileAction, type ProfileView, type ToProfileView } from '../shared/profile-protocol';
import { wirePage } from './page-wiring';
import { t } from '../host/l10n';

export const PROFILE_VIEW_TYPE = 'decisionTree.profilePanel';

export interface ProfileDeps {
  extensionUri: vscode.Uri;
  worker: () => WorkerBridge;
  /** The choice store every column choice goes through (the hover's, so its scores follow). */
  state: ChoiceStore;
  /** The file's target, settings and column choices for the split scores (as the hover's). */
  request: (uri: vscode.Uri) => SplitRequest;
  log: (message: string) => void;
}

const profileTitle = (uri: vscode.Uri) => t`Profile: ${fileNameOf(uri)}`;
const pageTitle = (uri: vscode.Uri) => t`${fileNameOf(uri)} profile`;

class ProfilePanel {
  private view: ProfileView | undefined;
  private ready = false;
  private readonly rebuild: (title: string) => void;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private readonly uri: vscode.Uri,
    private readonly deps: ProfileDeps,
  ) {
    this.rebuild = wirePage(panel, deps.extensionUri, {
      script: 'profile.js',
      style: 'profile.css',
      title: pageTitle(uri),
      receive: (raw) => void this.receive(raw),
      hidden: () => {
        this.ready = false;
      },
    });
  }

  /** The page built again in the language now chosen: it says `ready` and gets its view again. */
  relanguage(): void {
    this.panel.title = profileTitle(this.uri);
    this.ready = false;
    this.rebuild(pageTitle(this.uri));
  }

  private post(message: ToProfileView): void {
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  /** Computes the view in the worker (progress with Cancel) and shows it. */
  async refresh(): Promise<void> {
    const { deps, uri } = this;
    const request = deps.request(uri);
    const { job, transfer } = await prepareLoad(uri, request.types);
    this.post({ type: 'busy', message: t`Profiling ${job.fileName}…` });
    const view = await withJobProgress(t`Decision Tree: profiling ${job.fileName}`, (onProgress) =>
      deps.worker().run('profile', { ...job, request }, { key: `profile:${uri.toString()}`, onProgress, transfer }),
    );
    this.view = view;
    this.post({ type: 'show', fileName: fileNameOf(uri), view });
  }

  private async receive(raw: unknown): Promise<void> {
    const message = parseFromProfileView(raw);
    if (message === undefined) {
      this.deps.log(`Profile view of ${this.uri.toString(true)}: ignored a malformed message.`);
      return;
    }
    if (message.type === 'ready') {
      this.ready = true;
      if (this.view !== undefined) this.post({ type: 'show', fileName: fileNameOf(this.uri), view: this.view });
      return;
    }
    await this.act(message);
  }

  private async act(action: ProfileAction): Promise<void> {
    const names = this.view?.profile.columns.map((c) => c.name) ?? [];
    if (!names.includes(action.column)) return;
    const { state } = this.deps;
    const key = this.uri.toString();
    const choices = readChoices(state, key);
    if (action.type === 'setTarget') await rememberChoices(state, key, { target: action.column });
    else if (action.type === 'ignore') await rememberChoices(state, key, withIgnored(choices, action.column, action.ignored));
    else await rememberChoices(state, key, { types: withColumnType(choices, names, action.column, action.columnType ?? undefined) });
    try {
      await this.refresh();
    } catch (err) {
      // A type the column cannot be read as (e.g. numeric with text in it): the choice is undone.
      if (action.type === 'setType') await rememberChoices(state, key, { types: choices.types ?? {} });
      const text = err instanceof Error ? err.message : String(err);
      this.deps.log(`Profile view of ${this.uri.toString(true)}: ${text}`);
      this.post({ type: 'failed', message: text });
    }
  }
}

/** Every profile view, one per CSV. */
export class ProfilePanels implements vscode.Disposable {
  private readonly panels = new Map<string, ProfilePanel>();

  constructor(private readonly deps: ProfileDeps) {}

  /** Every open view in the language now chosen. */
  relanguage(): void {
    for (const panel of this.panels.values()) panel.relanguage();
  }

  /** Opens (or reveals) the CSV's profile view and computes it afresh. */
  async show(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    let panel = this.panels.get(key);
    if (panel === undefined) {
      const webview = vscode.window.createWebviewPanel(PROFILE_VIEW_TYPE, profileTitle(uri), { viewColumn: panelColumn(uri), preserveFocus: false }, {});
      panel = new ProfilePanel(webview, uri, this.deps);
      this.panels.set(key, panel);
      webview.onDidDispose(() => this.panels.delete(key));
    } else {
      panel.panel.reveal(); // where it is: moving it Beside could split a third group
    }
    await panel.refresh();
  }

  /** The CSV of the profile view in focus, if one is: a command run from it acts on that file. */
  activeCsv(): vscode.Uri | undefined {
    for (const [key, panel] of this.panels) if (panel.panel.active) return vscode.Uri.parse(key, true);
    return undefined;
  }

  dispose(): void {
    for (const panel of this.panels.values()) panel.panel.dispose();
  }
}

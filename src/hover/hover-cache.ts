// The hover's data per document version, computed in the engine worker: started when a CSV
// becomes active or is first hovered, recomputed shortly after edits, dropped when the document
// closes. A hover never waits for it: until it is ready the hover says "computing…".
import * as vscode from 'vscode';
import { CancelledError } from '../engine/errors';
import { delimiterFor, fileNameOf } from '../host/csv-source';
import type { WorkerBridge } from '../host/worker-bridge';
import type { HoverData, SplitRequest } from '../shared/worker-messages';

/** Quiet time after the last edit before the scores are recomputed. */
const EDIT_DEBOUNCE_MS = 400;

interface Entry {
  readonly version: number;
  readonly requestKey: string;
  data?: HoverData;
  error?: string;
  readonly pending: Promise<HoverData>;
}

export interface HoverState {
  /** Data of the document's current version with the current request, when ready. */
  data?: HoverData;
  /** Why the current version could not be read. */
  error?: string;
}

export interface HoverCacheDeps {
  bridge: () => WorkerBridge;
  /** The target and tree settings that apply to a file now. */
  request: (uri: vscode.Uri) => SplitRequest;
}

export class HoverCache implements vscode.Disposable {
  private readonly entries = new Map<string, Entry>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  private readonly subscriptions: vscode.Disposable[];
  /** Fires when a document's data becomes ready or fails. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly deps: HoverCacheDeps) {
    this.subscriptions = [
      this.changed,
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length > 0 && this.entries.has(e.document.uri.toString())) this.schedule(e.document);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => this.forget(d.uri)),
    ];
  }

  /** The current state; starts the computation when there is none for this version and request. */
  peek(document: vscode.TextDocument): HoverState {
    const entry = this.current(document) ?? this.start(document);
    return { data: entry.data, error: entry.error };
  }

  /** The data of the document's current version, waiting for it if needed. */
  ready(document: vscode.TextDocument): Promise<HoverData> {
    return (this.current(document) ?? this.start(document)).pending;
  }

  /** The target or the settings changed: recompute the open documents that have data. */
  refresh(): void {
    for (const document of vscode.workspace.textDocuments) {
      if (this.entries.has(document.uri.toString()) && this.current(document) === undefined) this.start(document);
    }
  }

  private current(document: vscode.TextDocument): Entry | undefined {
    const entry = this.entries.get(document.uri.toString());
    if (entry === undefined || entry.version !== document.version) return undefined;
    return entry.requestKey === JSON.stringify(this.deps.request(document.uri)) ? entry : undefined;
  }

  private schedule(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        if (!document.isClosed && this.current(document) === undefined) this.start(document);
      }, EDIT_DEBOUNCE_MS),
    );
  }

  private start(document: vscode.TextDocument): Entry {
    const { uri } = document;
    const request = this.deps.request(uri);
    const job = {
      source: { kind: 'text' as const, text: document.getText() },
      fileName: fileNameOf(uri),
      delimiter: delimiterFor(uri, document.languageId),
      types: request.types,
      request,
    };
    // One hover job per file: a newer version supersedes (cancels) the one still running.
    const handle = this.deps.bridge().run('hover', job, { key: `hover:${uri.toString()}` });
    const pending = handle.result.then(
      (data) => {
        entry.data = data;
        this.changed.fire(uri);
        return data;
      },
      (err: unknown) => {
        if (!(err instanceof CancelledError)) {
          entry.error = err instanceof Error ? err.message : String(err);
          this.changed.fire(uri);
        }
        throw err;
      },
    );
    pending.catch(() => undefined); // peek() callers never await it
    const entry: Entry = { version: document.version, requestKey: JSON.stringify(request), pending };
    this.entries.set(uri.toString(), entry);
    return entry;
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.entries.delete(key);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.entries.clear();
    for (const s of this.subscriptions) s.dispose();
  }
}

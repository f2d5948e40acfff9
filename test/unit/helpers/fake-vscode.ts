// A stand-in for the `vscode` module, just enough of the webview-panel API for the panel host's
// unit tests. Importing this file first makes `require('vscode')` return it.
import { readFile, stat, writeFile } from 'node:fs/promises';
import Module from 'node:module';
import { normalize } from 'node:path';
import { nodePlatform } from '../../../src/host/node-platform';
import { setHostPlatform } from '../../../src/host/platform';

type Listener<T> = (value: T) => void;

export class FakeEmitter<T> {
  private readonly listeners: Listener<T>[] = [];
  readonly event = (listener: Listener<T>) => {
    this.listeners.push(listener);
    return { dispose: () => undefined };
  };
  fire(value: T): void {
    for (const l of [...this.listeners]) l(value);
  }
}

export class FakeUri {
  private constructor(
    readonly scheme: string,
    readonly authority: string,
    readonly path: string,
  ) {}
  static parse(value: string, strict?: boolean): FakeUri {
    const m = /^([a-z][\w+.-]*):\/\/([^/]*)(\/.*)?$/i.exec(value);
    if (!m) {
      if (strict) throw new Error(`not a URI: ${value}`);
      return new FakeUri('file', '', value);
    }
    return new FakeUri(m[1], m[2], m[3] ?? '/');
  }
  static file(path: string): FakeUri {
    return new FakeUri('file', '', path);
  }
  static joinPath(base: FakeUri, ...parts: string[]): FakeUri {
    return new FakeUri(base.scheme, base.authority, [base.path.replace(/\/$/, ''), ...parts].join('/'));
  }
  get fsPath(): string {
    return this.path;
  }
  toString(): string {
    return `${this.scheme}://${this.authority}${this.path}`;
  }
}

export class FakeWebview {
  options: { enableScripts?: boolean; localResourceRoots?: FakeUri[] } = {};
  html = '';
  readonly cspSource = 'https://webview.test';
  readonly posted: unknown[] = [];
  readonly received = new FakeEmitter<unknown>();
  readonly onDidReceiveMessage = this.received.event;
  asWebviewUri(uri: FakeUri): FakeUri {
    return FakeUri.parse(`https://webview.test${uri.path}`);
  }
  async postMessage(message: unknown): Promise<boolean> {
    this.posted.push(message);
    return true;
  }
}

export class FakePanel {
  readonly webview = new FakeWebview();
  visible = true;
  /** Whether the panel is the editor in focus. */
  active = false;
  disposed = false;
  revealed = 0;
  private readonly disposeEmitter = new FakeEmitter<void>();
  private readonly viewState = new FakeEmitter<void>();
  readonly onDidDispose = this.disposeEmitter.event;
  readonly onDidChangeViewState = this.viewState.event;
  constructor(
    readonly viewType: string,
    public title: string,
    readonly createOptions: unknown,
  ) {}
  reveal(): void {
    this.revealed++;
  }
  dispose(): void {
    this.disposed = true;
    this.disposeEmitter.fire();
  }
  /** The user hides the panel (its webview is torn down) or shows it again. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    this.viewState.fire();
  }
  /** The webview posts a message to the host. */
  send(message: unknown): void {
    this.webview.received.fire(message);
  }
}

export const created: FakePanel[] = [];
export const serializers = new Map<string, { deserializeWebviewPanel(panel: FakePanel, state: unknown): Promise<void> }>();

/** Commands executed through the stand-in (e.g. setContext), newest last. */
export const executed: unknown[][] = [];

/** Information messages shown, newest last; `answer` picks the item the user clicks (undefined: dismissed). */
export const informed: Array<{ message: string; items: unknown[] }> = [];
export const messageAnswer: { pick: (items: unknown[]) => unknown } = { pick: () => undefined };

/** The workspace's events, for a test to fire: text changes in an editor, and changes on disk seen by any watcher. */
export const workspaceEvents = {
  textChanged: new FakeEmitter<{ document: { uri: FakeUri }; contentChanges: unknown[] }>(),
  fileChanged: new FakeEmitter<FakeUri>(),
};

/** The dialogs' answers, for a test to set: the open dialog's files, the warning's clicked item (undefined: dismissed), the save dialog's file. */
export const dialogs: { open: FakeUri[] | undefined; warning: (items: string[]) => string | undefined; save: FakeUri | undefined } = { open: undefined, warning: () => undefined, save: undefined };
/** Warnings shown (modal or not) and files shown in an editor, newest last. */
export const warned: Array<{ message: string; items: string[] }> = [];
export const shownDocuments: FakeUri[] = [];

/** Tab inputs as VS Code's: a text editor's file, a webview's view type (with VS Code's internal prefix). */
export class FakeTabInputText {
  constructor(readonly uri: FakeUri) {}
}
export class FakeTabInputWebview {
  constructor(readonly viewType: string) {}
}
export interface FakeTabGroup {
  viewColumn: number;
  isActive: boolean;
  tabs: { input: unknown }[];
}
/** The editor groups, for a test to lay out; the active one is the first with `isActive`. */
export const tabGroups: { all: FakeTabGroup[]; readonly activeTabGroup: FakeTabGroup } = {
  all: [{ viewColumn: 1, isActive: true, tabs: [] }],
  get activeTabGroup() {
    return this.all.find((g) => g.isActive) ?? this.all[0];
  },
};

const fake = {
  Uri: FakeUri,
  TabInputText: FakeTabInputText,
  TabInputWebview: FakeTabInputWebview,
  workspace: {
    onDidChangeTextDocument: workspaceEvents.textChanged.event,
    createFileSystemWatcher(_glob: string) {
      return { onDidChange: workspaceEvents.fileChanged.event, dispose: () => undefined };
    },
    /** No document open in an editor: files are read from disk. */
    textDocuments: [] as unknown[],
    /** The disk itself (file URIs' paths). */
    fs: {
      // (The stand-in's joinPath leaves `..` in the path; the disk resolves it.)
      readFile: async (uri: FakeUri) => new Uint8Array(await readFile(normalize(uri.fsPath))),
      stat: async (uri: FakeUri) => {
        const s = await stat(normalize(uri.fsPath));
        return { size: s.size, mtime: s.mtimeMs };
      },
      writeFile: (uri: FakeUri, bytes: Uint8Array) => writeFile(normalize(uri.fsPath), bytes),
    },
  },
  ProgressLocation: { Notification: 15 },
  ViewColumn: { Beside: -2 },
  commands: {
    async executeCommand(...args: unknown[]): Promise<undefined> {
      executed.push(args);
      return undefined;
    },
  },
  window: {
    /** Set by a test to stand for the text editor in focus. */
    activeTextEditor: undefined as { document: { uri: FakeUri; languageId: string } } | undefined,
    tabGroups,
    createWebviewPanel(viewType: string, title: string, _column: unknown, options: unknown): FakePanel {
      const panel = new FakePanel(viewType, title, options);
      created.push(panel);
      return panel;
    },
    async showInformationMessage(message: string, ...items: unknown[]): Promise<unknown> {
      informed.push({ message, items });
      return messageAnswer.pick(items);
    },
    async showOpenDialog(): Promise<FakeUri[] | undefined> {
      return dialogs.open;
    },
    async showSaveDialog(): Promise<FakeUri | undefined> {
      return dialogs.save;
    },
    async showWarningMessage(message: string, ...rest: unknown[]): Promise<string | undefined> {
      const items = rest.filter((r): r is string => typeof r === 'string');
      warned.push({ message, items });
      return dialogs.warning(items);
    },
    async showTextDocument(uri: FakeUri): Promise<void> {
      shownDocuments.push(uri);
    },
    /** Runs the task at once, never cancelled. */
    withProgress<R>(_options: unknown, task: (progress: { report(value: unknown): void }, token: { onCancellationRequested(listener: () => void): { dispose(): void } }) => Promise<R>): Promise<R> {
      return task({ report: () => undefined }, { onCancellationRequested: () => ({ dispose: () => undefined }) });
    },
    registerWebviewPanelSerializer(viewType: string, serializer: { deserializeWebviewPanel(panel: FakePanel, state: unknown): Promise<void> }) {
      serializers.set(viewType, serializer);
      return { dispose: () => serializers.delete(viewType) };
    },
  },
};

const moduleWithLoad = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
const load = moduleWithLoad._load;
moduleWithLoad._load = function (request: string, ...rest: unknown[]) {
  return request === 'vscode' ? fake : load.call(this, request, ...rest);
};

// The host modules ask their runtime (a webview's nonce, the engine worker) of the platform that
// activate sets (src/host/platform.ts): here, as in the extension on Node, the Node one.
setHostPlatform(nodePlatform);

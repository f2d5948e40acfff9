// A page of ours in a WebviewPanel, wired once for the tree panel, the forest view and the column
// profile (docs/architecture.md "The tree panel's Content-Security-Policy"): resources only from
// the extension's dist/ and media/, html.ts's page with a fresh nonce, the page's messages to
// `receive`, and `hidden` when the panel is hidden (no context is kept: a page shown again is
// rebuilt and says `ready`).
import * as vscode from 'vscode';
import type { Parsed } from '../shared/protocol';
import { makeNonce, panelHtml } from './html';

/** Scripts run; files load only from the extension's dist/ and media/. */
export function pageOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')] };
}

export interface PageWiring {
  /** The bundle, under dist/ (e.g. `webview.js`), and the style sheet, under media/. */
  script: string;
  style: string;
  /** More style sheets, paths under the extension (loaded before `style`). */
  extraStyles?: readonly (readonly string[])[];
  /** Shown while the script loads. */
  title: string;
  receive(raw: unknown): void;
  hidden(): void;
}

/**
 * Wires the page; returns what builds it again titled `title` (a change of decisionTree.language:
 * the new page carries the new language, docs/architecture.md "Languages").
 */
export function wirePage(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, page: PageWiring): (title: string) => void {
  const webview = panel.webview;
  const uri = (...path: string[]): string => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...path)).toString();
  const html = (title: string): string =>
    panelHtml({
      cspSource: webview.cspSource,
      nonce: makeNonce(),
      scriptUri: uri('dist', page.script),
      styleUri: uri('media', page.style),
      ...(page.extraStyles ? { extraStyleUris: page.extraStyles.map((path) => uri(...path)) } : {}),
      title,
    });
  webview.options = pageOptions(extensionUri);
  webview.html = html(page.title);
  webview.onDidReceiveMessage((raw: unknown) => page.receive(raw));
  panel.onDidChangeViewState(() => {
    if (!panel.visible) page.hidden();
  });
  return (title) => {
    webview.html = html(title);
  };
}

/** What every page that speaks a protocol may send: an error of its own script, for the log. */
type PageError = { type: 'webviewError'; message: string };
const isPageError = (message: { type: string }): message is PageError => message.type === 'webviewError';

/**
 * The host side of a page that speaks a protocol (the tree panel, the forest view): each message
 * from the page checked by the protocol's parser (a malformed one is logged, naming the page, and
 * dropped), the page's own errors logged, every other message handed to `handle`; `ready` is false
 * from the panel's hiding until the page says `ready` again.
 */
export abstract class PageHost<From extends { type: string }, To> {
  protected ready = false;
  private readonly rebuild: (title: string) => void;

  constructor(
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    files: Pick<PageWiring, 'script' | 'style' | 'extraStyles'>,
    parse: (raw: unknown) => Parsed<From>,
    /** The page as the log names it, e.g. "Tree panel (/data/iris.csv)". */
    protected readonly where: string,
    protected readonly log: (text: string) => void,
  ) {
    this.rebuild = wirePage(panel, extensionUri, {
      ...files,
      title: panel.title,
      receive: (raw) => {
        const parsed = parse(raw);
        if (!parsed.ok) return this.log(`${this.where}: ignored a malformed message: ${parsed.error}`);
        const message = parsed.message;
        if (isPageError(message)) return this.log(`${this.where}: ${message.message}`);
        void this.handle(message as Exclude<From, PageError>);
      },
      hidden: () => {
        this.ready = false;
      },
    });
  }

  /**
   * The page built again in the language now chosen, titled `title`: like a page shown again, it
   * redraws from its saved state, says `ready` and is sent what it shows.
   */
  relanguage(title: string): void {
    this.panel.title = title;
    this.ready = false;
    this.rebuild(title);
  }

  post(message: To): void {
    void this.panel.webview.postMessage(message);
  }

  protected abstract handle(message: Exclude<From, PageError>): Promise<void>;
}

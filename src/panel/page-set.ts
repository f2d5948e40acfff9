// The pages of one kind, one per file (a tree panel per CSV; a forest view per CSV or model file),
// each brought back after a window reload by VS Code's serializer from the state the page saved
// (saved-state.ts).
import * as vscode from 'vscode';
import { documentUriOf } from './saved-state';

export class PageSet<P extends { readonly panel: vscode.WebviewPanel }> implements vscode.Disposable {
  private readonly pages = new Map<string, P>();
  private readonly registration: vscode.Disposable;

  /**
   * `make`: the page of a file in a panel. `restore`: what to do with a page brought back after a
   * reload, read from its saved state; undefined when the state holds nothing usable, and then the
   * panel is closed (as it is when its file already has a page).
   */
  constructor(
    viewType: string,
    private readonly make: (panel: vscode.WebviewPanel, uri: vscode.Uri) => P,
    restore: (state: unknown) => ((page: P, uri: vscode.Uri) => void) | undefined,
  ) {
    this.registration = vscode.window.registerWebviewPanelSerializer(viewType, {
      deserializeWebviewPanel: async (panel, state) => {
        const uri = documentUriOf(state);
        const then = uri === undefined || this.pages.has(uri.toString()) ? undefined : restore(state);
        if (uri === undefined || then === undefined) return panel.dispose();
        then(this.adopt(panel, uri), uri);
      },
    });
  }

  get(uri: vscode.Uri): P | undefined {
    return this.pages.get(uri.toString());
  }

  /** Every open page. */
  all(): IterableIterator<P> {
    return this.pages.values();
  }

  /** The page in focus, if one is (at most one panel is active). */
  active(): P | undefined {
    for (const page of this.pages.values()) if (page.panel.active) return page;
    return undefined;
  }

  /** `panel` as the page of `uri`, until it is closed. */
  adopt(panel: vscode.WebviewPanel, uri: vscode.Uri): P {
    const key = uri.toString();
    const page = this.make(panel, uri);
    panel.onDidDispose(() => {
      if (this.pages.get(key) === page) this.pages.delete(key);
    });
    this.pages.set(key, page);
    return page;
  }

  dispose(): void {
    this.registration.dispose();
    for (const page of [...this.pages.values()]) page.panel.dispose();
  }
}

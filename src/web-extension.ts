// Extension host entry in a browser (package.json `browser`, bundled to dist/web/extension.js for
// vscode.dev, github.dev and other web workbenches): the shared activation (src/activate.ts) on the
// browser's runtime, the engine in a Web Worker (docs/architecture.md "Web extension").
import type * as vscode from 'vscode';
import { activateWith } from './activate';
import { webPlatform } from './host/web-platform';

export { deactivate } from './activate';

export function activate(context: vscode.ExtensionContext): Promise<void> {
  return activateWith(context, webPlatform);
}

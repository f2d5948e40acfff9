// Extension host entry on Node (package.json `main`, bundled to dist/extension.js): the shared
// activation (src/activate.ts) on the Node runtime. src/web-extension.ts is the browser's twin.
import type * as vscode from 'vscode';
import { activateWith } from './activate';
import { nodePlatform } from './host/node-platform';
import { daskCommands } from './host/dask-command';

export { deactivate } from './activate';

export function activate(context: vscode.ExtensionContext): Promise<void> {
  // Train on Dask Cluster… spawns Python: the Node entry only (package.json hides it in a browser).
  return activateWith(context, nodePlatform, daskCommands);
}

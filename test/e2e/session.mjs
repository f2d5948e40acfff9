// One UI test file's world: a code-server with a fresh state folder, a workspace holding copies of
// the given repo files, and a headless Chromium. `close()` tears all of it down.
import { launchBrowser } from './browser.mjs';
import { startCodeServer } from './code-server.mjs';
import { makeWorkspace } from './workspace.mjs';

/**
 * @param {{ files: string[], stateDir?: string, viewport?: { width: number, height: number }, settings?: object, serverArgs?: string[] }} options
 *   `files`: repo-relative files copied into the workspace; `settings`: user settings added to the
 *   defaults; `serverArgs`: more code-server flags (e.g. `['--locale', 'it']`)
 */
export async function startSession({ files, stateDir, viewport, settings, serverArgs }) {
  const server = await startCodeServer({ stateDir, settings, args: serverArgs });
  let browser;
  try {
    browser = await launchBrowser(viewport ? { viewport } : {});
  } catch (err) {
    await server.stop();
    throw err;
  }
  const folder = makeWorkspace(server.stateDir, files);
  const close = async () => {
    await browser.close();
    await server.stop();
  };
  return { server, context: browser.context, folder, close };
}

// A throw-away workspace folder for one run: copies of the repo's CSVs, so that whatever the
// extension writes beside them (predictions, exports) never lands in the working tree.
import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { repoRoot } from './paths.mjs';

/**
 * @param {string} stateDir a run's state folder (see code-server.mjs)
 * @param {string[]} files repo-relative paths, copied flat into the workspace
 * @returns {string} the workspace folder's absolute path
 */
export function makeWorkspace(stateDir, files) {
  const folder = join(stateDir, 'workspace');
  mkdirSync(folder, { recursive: true });
  for (const file of files) copyFileSync(join(repoRoot, file), join(folder, basename(file)));
  return folder;
}

// The same extension-host suite (out/test/e2e/suite) under @vscode/test-electron, for a desktop
// with internet access (it downloads VS Code into .vscode-test/). On machines without it use
// run-extension-tests.mjs, which runs the suite in code-server. Needs `npm run build` and
// `tsc -p tsconfig.test.json` first. Usage: node test/e2e/run-electron.mjs
import { runTests } from '@vscode/test-electron';
import { join } from 'node:path';
import { artifactsDir, repoRoot } from './paths.mjs';
import { makeWorkspace } from './workspace.mjs';
import { makeStateDir } from './code-server.mjs';

const resultsFile = join(artifactsDir, 'extension-host-results.txt');
const workspace = makeWorkspace(makeStateDir('electron-'), ['media/samples/iris.csv']);
try {
  await runTests({
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath: join(repoRoot, 'out', 'test', 'e2e', 'suite', 'index.js'),
    extensionTestsEnv: { DTE_E2E_RESULTS: resultsFile },
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust'],
  });
  console.log(`extension-host tests passed; results in ${resultsFile}`);
} catch (err) {
  console.error(`extension-host tests failed: ${err}; results in ${resultsFile}`);
  process.exit(1);
}

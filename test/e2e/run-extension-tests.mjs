// Runs the mocha extension-host suite (out/test/e2e/suite) inside a real VS Code: code-server's
// smoke-test driver reads `extensionDevelopmentPath` / `extensionTestsPath` from the `payload` URL
// parameter, runs the tests and calls `window.codeAutomationExit(code)`, which Playwright exposes.
// Prints the results file and exits with the suite's code. Needs `npm run build` and the tests
// compiled (`tsc -p tsconfig.test.json`). Usage: node test/e2e/run-extension-tests.mjs
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './browser.mjs';
import { startCodeServer, workbenchUrl } from './code-server.mjs';
import { artifactsDir, repoRoot } from './paths.mjs';
import { makeWorkspace } from './workspace.mjs';

const suiteIndex = join(repoRoot, 'out', 'test', 'e2e', 'suite', 'index.js');

/** @returns {Promise<number>} the suite's exit code (0 when every test passed) */
export async function runExtensionTests({ timeoutMs = 180_000 } = {}) {
  if (!existsSync(suiteIndex)) throw new Error(`${suiteIndex} is missing: compile with tsc -p tsconfig.test.json`);
  const resultsFile = join(artifactsDir, 'extension-host-results.txt');
  const server = await startCodeServer({ env: { DTE_E2E_RESULTS: resultsFile } });
  const browser = await launchBrowser();
  try {
    const folder = makeWorkspace(server.stateDir, ['media/samples/iris.csv']);
    const page = await browser.context.newPage();
    let exited;
    const exitCode = new Promise((resolve) => {
      exited = resolve;
    });
    await page.exposeFunction('codeAutomationExit', (code) => exited(code));
    await page.goto(
      workbenchUrl(server.url, { folder, extensionDevelopmentPath: repoRoot, extensionTestsPath: suiteIndex }),
    );
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref());
    const code = await Promise.race([exitCode, timeout]);
    const results = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
    process.stdout.write(results || '(no results written)\n');
    if (code === 'timeout') {
      console.error(`extension-host tests did not finish in ${timeoutMs / 1000} s; server log: ${server.logFile}`);
      return 1;
    }
    console.log(`extension-host tests exited with ${code}; results in ${resultsFile}`);
    return typeof code === 'number' ? code : 1;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runExtensionTests().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

// Extension-host test entry (`extensionTestsPath`): VS Code loads this file inside the extension
// host and awaits `run()`. The same file serves @vscode/test-electron on a desktop and the
// code-server payload trick here (test/e2e/run-extension-tests.mjs). Each result is appended to a
// plain-text file as it happens, because the extension host's stdout is not the runner's.
import Mocha from 'mocha';
import { appendFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const repoRoot = resolve(__dirname, '../../../..');
export const resultsFile =
  process.env.DTE_E2E_RESULTS ?? join(repoRoot, 'test-artifacts', 'extension-host-results.txt');

export function run(): Promise<void> {
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, '');
  const log = (line: string) => {
    appendFileSync(resultsFile, line + '\n');
    console.log(line);
  };
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'dot' });
  for (const file of readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort()) {
    mocha.addFile(join(__dirname, file));
  }
  return new Promise((resolveRun, rejectRun) => {
    const runner = mocha.run((failures) => {
      log(`# ${runner.stats?.passes ?? 0} passed, ${failures} failed, ${runner.stats?.pending ?? 0} skipped`);
      if (failures > 0) rejectRun(new Error(`${failures} extension-host test(s) failed`));
      else resolveRun();
    });
    runner.on('pass', (test) => log(`ok - ${test.fullTitle()}`));
    runner.on('pending', (test) => log(`skip - ${test.fullTitle()}`));
    runner.on('fail', (test, err: Error) => log(`not ok - ${test.fullTitle()}\n  ${err.stack ?? err.message}`));
  });
}

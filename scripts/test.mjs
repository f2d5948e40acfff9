// `npm test`: bundle, compile the tests afresh (no stale files in out/), then run the unit tests
// with node:test. `--e2e` also runs the end-to-end suite in a real VS Code (see test/e2e/).
import { spawnSync } from 'node:child_process';
import { rmSync, existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(process.execPath, ['scripts/build.mjs']);
rmSync('out', { recursive: true, force: true });
run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.test.json']);
// One test file per core: node:test's default leaves one core idle (cores − 1), which on a 2-core
// machine is half of it.
run(process.execPath, ['--test', `--test-concurrency=${availableParallelism()}`, 'out/test/unit/']);
if (process.argv.includes('--e2e') && existsSync('test/e2e/run.mjs')) {
  run(process.execPath, ['test/e2e/run.mjs']);
}

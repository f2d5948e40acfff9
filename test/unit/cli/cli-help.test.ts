// A CLI users can discover: --help of the tool and of every command made from the commands' option
// tables (so help and parser cannot drift), --version, "did you mean" for typos, and the `bin`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commands } from '../../../src/cli/commands';
import { useCli } from '../helpers/cli';

const cli = useCli();
const run = cli.run;
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string; bin: Record<string, string> };

/** The `--name` tokens at the start of the help's option lines. */
const listedOptions = (help: string) => [...help.matchAll(/^ {2}--([a-z][a-z-]*)/gm)].map((m) => m[1]);

test('every command has a table, and the tool help lists every command', () => {
  const r = run('--help');
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(commands.map((c) => c.name), ['profile', 'train', 'predict', 'splits', 'explain', 'rules', 'evaluate', 'edit', 'prune-path', 'inspect']);
  for (const c of commands) assert.match(r.stdout, new RegExp(`^ {2}${c.name} +\\S`, 'm'), c.name);
  assert.equal(run('-h').stdout, r.stdout);
});

for (const c of commands) {
  test(`${c.name} --help lists exactly the options its parser accepts, with defaults and an example`, () => {
    const r = run(c.name, '--help');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.ok(r.stdout.startsWith(`usage: decision-tree ${c.name} `), r.stdout);
    assert.deepEqual(listedOptions(r.stdout), [...c.options.map((o) => o.name), 'help']);
    for (const o of c.options) {
      const line = `--${o.name}${o.value === undefined ? '' : ` ${o.value}`}`;
      assert.ok(r.stdout.includes(line), `${c.name}: ${line}`);
      if (o.default !== undefined) assert.ok(r.stdout.includes(`(default: ${o.default})`), `${c.name} --${o.name}: default`);
    }
    assert.match(r.stdout, new RegExp(`example:\\n {2}decision-tree ${c.name} \\S`));
    assert.equal(run(c.name, '-h').stdout, r.stdout);
  });

  test(`${c.name}'s parser accepts every option of its table, and an unknown one exits 2`, async () => {
    // Parsing comes first and stops at the first unknown option: reaching the last one proves the others were accepted.
    const argv = c.options.flatMap((o) => (o.value === undefined ? [`--${o.name}`] : [`--${o.name}`, 'x']));
    await assert.rejects(c.run([...argv, '--no-such-option']), (e: Error) => e.message === 'unknown option --no-such-option');
    const r = run(c.name, ...argv, '--no-such-option');
    assert.equal(r.status, 2);
    assert.equal(r.stderr, 'error: unknown option --no-such-option\n');
  });
}

test('a mistyped option or command is answered with the nearest valid one (exit 2)', () => {
  const opt = run('train', 'media/samples/iris.csv', '--target', 'species', '--max-dept', '3');
  assert.equal(opt.status, 2);
  assert.equal(opt.stderr, 'error: unknown option --max-dept; did you mean --max-depth?\n');
  // Nearest within the command's own table: profile has no --max-depth.
  assert.equal(run('profile', 'media/samples/iris.csv', '--max-distinc', '5').stderr, 'error: unknown option --max-distinc; did you mean --max-distinct?\n');
  const cmd = run('trian', 'media/samples/iris.csv');
  assert.equal(cmd.status, 2);
  assert.match(cmd.stderr, /^error: unknown command "trian"; did you mean train\? \(commands: profile, train, /);
  assert.equal(run('zzz').stderr.includes('did you mean'), false);
});

test('--version prints package.json version; no command is a usage error', () => {
  const r = run('--version');
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, `${pkg.version}\n`);
  const none = run();
  assert.equal(none.status, 2);
  assert.match(none.stderr, /^usage: decision-tree <command>/);
});

test('package.json bin runs the built dist/cli.js: shebang, executable, found on PATH as decision-tree', () => {
  assert.deepEqual(pkg.bin, { 'decision-tree': 'dist/cli.js' });
  const bundle = path.resolve(pkg.bin['decision-tree']);
  assert.ok(readFileSync(bundle, 'utf8').startsWith('#!/usr/bin/env node\n'), 'dist/cli.js (npm run build) starts with the shebang');
  assert.ok((statSync(bundle).mode & 0o111) !== 0, 'dist/cli.js is executable');
  const bin = mkdtempSync(path.join(tmpdir(), 'dte-bin-'));
  try {
    symlinkSync(bundle, path.join(bin, 'decision-tree'));
    const env = { ...process.env, PATH: [bin, path.dirname(process.execPath), process.env.PATH].join(path.delimiter) };
    const v = spawnSync('decision-tree', ['--version'], { encoding: 'utf8', env });
    assert.equal(v.status, 0, v.stderr);
    assert.equal(v.stdout, `${pkg.version}\n`);
    const t = spawnSync('decision-tree', ['train', 'media/samples/iris.csv', '--target', 'species', '--max-depth', '1', '--format', 'text'], { encoding: 'utf8', env });
    assert.equal(t.status, 0, t.stderr);
    assert.match(t.stdout, /^\|--- /);
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
});

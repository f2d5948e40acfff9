// `train --engine dask` against a real Dask cluster (README "When your data outgrow one machine"):
// a scheduler with 2 worker processes in another process, reached by its tcp:// address as a real
// cluster is, and `--scheduler local`. XGBoost trains on a folder of Parquet part files and on a
// CSV; the model it saved opens with our importer and our predictions on the data equal XGBoost's
// own, written by the job (≤ 1e-6). Cancel and a worker killed mid-job leave no process behind;
// bad input exits 2 naming the address, column or file, writing nothing.
//
// Needs Python with Debian's python3-xgboost, python3-dask and python3-distributed (.ci/run
// installs them), and for Parquet pyarrow from PyPI in a venv with --system-site-packages
// (.ci/run makes it at ~/.cache/decision-tree-explorer/dask-venv; DTE_DASK_PYTHON overrides).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { useCli } from '../helpers/cli';

const cli = useCli();

const hasModules = (python: string, modules: string): boolean => spawnSync(python, ['-c', `import ${modules}`]).status === 0;
const SYSTEM = '/usr/bin/python3';
const daskPython = hasModules(SYSTEM, 'xgboost, dask.dataframe, distributed') ? SYSTEM : null;
const venv = process.env.DTE_DASK_PYTHON ?? path.join(homedir(), '.cache/decision-tree-explorer/dask-venv/bin/python');
const parquetPython = existsSync(venv) && hasModules(venv, 'xgboost, dask.dataframe, distributed, pyarrow') ? venv : null;
const noDask = daskPython === null ? 'needs /usr/bin/python3 with python3-xgboost, python3-dask, python3-distributed (.ci/run installs them)' : false;
const noParquet = parquetPython === null ? `needs a Python with pyarrow besides those (.ci/run makes ${venv})` : false;

let scheduler: ChildProcess | null = null;
let address = '';
let schedulerPids: number[] = [];

/** The data: numbers, a category and a class that depends on them; written by pandas. */
const MAKE_DATA = `
import sys, numpy as np, pandas as pd
out, rows, parts = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
r = np.random.default_rng(7)
x = r.normal(size=(rows, 4)).round(4)
c = r.choice(['red', 'green', 'blue'], size=rows)
score = x[:, 0] + x[:, 1] * x[:, 2] + (c == 'red') * 0.8 + 0.4 * r.normal(size=rows)
df = pd.DataFrame(x, columns=['a', 'b', 'c', 'd'])
df['colour'] = c
df['label'] = np.where(score > 0.6, 'high', np.where(score > -0.4, 'mid', 'low'))
df['value'] = (2 * x[:, 0] - x[:, 3] + (c == 'blue') * 1.5).round(4)
if out.endswith('.csv'):
    df.to_csv(out, index=False)
else:
    import os
    os.makedirs(out, exist_ok=True)
    step = -(-rows // parts)
    for k in range(parts):
        df.iloc[k * step:(k + 1) * step].to_parquet(os.path.join(out, f'part.{k}.parquet'), index=False)
`;

/** A scheduler and 2 worker processes in a process of their own: the job reaches them over TCP. */
const START_CLUSTER = `
import os, sys
from distributed import Client, LocalCluster
if __name__ == '__main__':
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40)
    pids = Client(cluster).run(os.getpid)
    print(cluster.scheduler_address, *pids.values(), flush=True)
    sys.stdin.read()
`;

const file = (name: string) => path.join(cli.dir, name);

before(async () => {
  if (daskPython === null) return;
  // The bundle finds its job beside it, as dist/cli.js finds dist/python/ (scripts/build.mjs).
  mkdirSync(file('python'), { recursive: true });
  cpSync('python/dask_train.py', file('python/dask_train.py'));
  const make = (python: string, out: string, rows: number, parts: number) => {
    const r = spawnSync(python, ['-c', MAKE_DATA, out, String(rows), String(parts)], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  };
  make(daskPython, file('data.csv'), 3000, 1);
  make(daskPython, file('long.csv'), 20000, 1);
  if (parquetPython === null) return;
  make(parquetPython, file('parts'), 3000, 3);
  scheduler = spawn(parquetPython, ['-c', START_CLUSTER], { detached: true, stdio: ['pipe', 'pipe', 'ignore'] });
  const line = await new Promise<string>((resolve) => createInterface({ input: scheduler!.stdout! }).once('line', resolve));
  [address] = line.split(' ');
  schedulerPids = line.split(' ').slice(1).map(Number);
});

after(() => {
  if (scheduler?.pid !== undefined) {
    try {
      process.kill(-scheduler.pid, 'SIGKILL');
    } catch {
      // ended already
    }
  }
});

const run = (...args: string[]) => cli.run('train', ...args);

/** A CSV's rows as records of text. */
function records(csv: string): Record<string, string>[] {
  const [header, ...rows] = csv.trimEnd().split('\n').map((l) => l.split(','));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

/** Our predictions (predict --model) beside XGBoost's own from the job: every listed column within 1e-6. */
function assertSamePredictions(model: string, data: string, target: string, xgb: string, columns: string[]): void {
  const ours = cli.run('predict', '--model', model, data, '--target', target);
  assert.equal(ours.status, 0, ours.stderr);
  const a = records(ours.stdout);
  const b = records(readFileSync(xgb, 'utf8'));
  assert.equal(a.length, b.length);
  assert.ok(a.length > 1000);
  for (const col of columns) {
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(Number(a[i][col]) - Number(b[i][col])));
    assert.ok(worst <= 1e-6, `${col}: ours and XGBoost's differ by ${worst}`);
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function gone(pids: number[], ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (pids.every((p) => !alive(p))) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

test('a forest on a folder of Parquet part files, through the scheduler: the model opens here and predicts as XGBoost did', { skip: noDask || noParquet }, () => {
  const model = file('parts-forest.json');
  const xgb = file('parts-xgb.csv');
  const r = run(file('parts'), '--target', 'label', '--ignore', 'value', '--engine', 'dask', '--scheduler', address, '--python', parquetPython as string,
    '--ensemble', 'forest', '--n-trees', '20', '--max-depth', '5', '--seed', '3', '--out', model, '--xgb-predictions', xgb);
  assert.equal(r.status, 0, r.stderr);
  // Three part files, read by the workers: 3,000 rows, 20 % held out and scored there.
  assert.match(r.stderr, /dask: scheduler tcp:\/\/[\d.:]+: 2 workers/);
  assert.match(r.stderr, /3,000 rows in 3 partitions/);
  assert.match(r.stdout, /^wrote .*parts-forest\.json: XGBoost model, 60 trees in one round, classification/);
  const accuracy = Number(/hold-out accuracy: ([\d.]+)%/.exec(r.stdout)?.[1]);
  const baseline = Number(/majority-class baseline ([\d.]+)%/.exec(r.stdout)?.[1]);
  assert.ok(accuracy > baseline + 10, r.stdout);
  const inspect = cli.run('inspect', '--model', model, file('parts'), '--target', 'label');
  assert.equal(inspect.status, 0, inspect.stderr);
  assert.match(inspect.stdout, /\(20 parallel trees per round\), objective multi:softprob/);
  // The job stores the class names: read from the model, not named from the data's sorted values.
  assert.match(inspect.stdout, /classification, classes high, low, mid/);
  assert.doesNotMatch(inspect.stderr, /class indices/);
  assertSamePredictions(model, file('parts'), 'label', xgb, ['share_high', 'share_low', 'share_mid']);
  // The cluster is not ours to stop: its workers are still there.
  assert.ok(schedulerPids.every(alive));
});

test('a single regression tree on a CSV with --scheduler local: predictions equal XGBoost\'s', { skip: noDask }, () => {
  const model = file('csv-tree.json');
  const xgb = file('csv-xgb.csv');
  const r = run(file('data.csv'), '--target', 'value', '--ignore', 'label', '--engine', 'dask', '--scheduler', 'local', '--workers', '2', '--out', model, '--xgb-predictions', xgb);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /local cluster tcp:\/\/[\d.:]+: 2 workers/);
  assert.match(r.stdout, /1 tree in one round, regression/);
  const r2 = Number(/hold-out R²: ([\d.]+)/.exec(r.stdout)?.[1]);
  assert.ok(r2 > 0.8, r.stdout);
  assertSamePredictions(model, file('data.csv'), 'value', xgb, ['predicted_value']);
  // One tree, grown to depth 8 at most: the importer sees its splits (rules of tree 0).
  const rules = cli.run('rules', '--model', model, '--tree', '0');
  assert.equal(rules.status, 0, rules.stderr);
  assert.match(rules.stdout, /colour|a |d /);
});

/** The CLI run in the background, its JSON progress read as it comes. */
function background(args: string[]): { child: ChildProcess; events: Array<Record<string, unknown>>; waitFor: (event: string) => Promise<Record<string, unknown>>; exit: Promise<number | null>; stderr: () => string } {
  const child = spawn(process.execPath, [file('cli.js'), 'train', ...args, '--progress', 'json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const events: Array<Record<string, unknown>> = [];
  let text = '';
  const waiters: Array<{ event: string; resolve: (e: Record<string, unknown>) => void }> = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    text += line + '\n';
    if (!line.startsWith('{')) return;
    const e = JSON.parse(line) as Record<string, unknown>;
    events.push(e);
    for (const w of waiters.filter((w) => w.event === e.event)) w.resolve(e);
  });
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    child,
    events,
    exit,
    stderr: () => text,
    waitFor: (event) => {
      const seen = events.find((e) => e.event === event);
      return seen !== undefined ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ event, resolve }));
    },
  };
}

const LONG = ['--target', 'label', '--engine', 'dask', '--scheduler', 'local', '--ensemble', 'forest', '--n-trees', '400', '--max-depth', '12'];

test('Cancel (SIGTERM to the CLI) mid-training ends the job and its local workers, writing nothing', { skip: noDask }, async () => {
  const model = file('cancelled.json');
  const job = background([file('long.csv'), ...LONG, '--out', model]);
  const cluster = await job.waitFor('cluster');
  const pids = cluster.pids as number[];
  assert.equal(pids.length, 2);
  await job.waitFor('train');
  assert.ok(pids.every(alive));
  job.child.kill('SIGTERM');
  assert.equal(await job.exit, 2, job.stderr());
  assert.match(job.stderr(), /cancelled \(SIGTERM\)/);
  assert.ok(await gone(pids), 'the local workers ended');
  assert.ok(!existsSync(model));
  assert.deepEqual(readdirSync(cli.dir).filter((f) => f.includes('partial')), []);
});

test('a worker killed mid-job: exit 2 naming it, the other worker ended, nothing written', { skip: noDask }, async () => {
  const model = file('lost.json');
  const job = background([file('long.csv'), ...LONG, '--out', model]);
  const pids = (await job.waitFor('cluster')).pids as number[];
  await job.waitFor('train');
  await new Promise((r) => setTimeout(r, 500));
  process.kill(pids[0], 'SIGKILL');
  assert.equal(await job.exit, 2, job.stderr());
  assert.match(job.stderr(), /error: the Dask worker tcp:\/\/[\d.:]+ died during training/);
  assert.ok(await gone(pids), 'no worker left running');
  assert.ok(!existsSync(model));
});

test('--engine dask flags without it are refused before anything runs', () => {
  const r = run('media/samples/iris.csv', '--target', 'species', '--scheduler', 'local');
  assert.equal(r.status, 2);
  assert.match(r.stderr, /error: --scheduler applies to --engine dask/);
});

test('bad input exits 2 with a message naming the address, the column or the file, writing nothing', { skip: noDask }, () => {
  const model = file('bad.json');
  const unreachable = run(file('data.csv'), '--target', 'label', '--engine', 'dask', '--scheduler', 'tcp://127.0.0.1:9', '--scheduler-timeout', '2', '--out', model);
  assert.equal(unreachable.status, 2, unreachable.stderr);
  assert.match(unreachable.stderr, /error: cannot reach the Dask scheduler at tcp:\/\/127\.0\.0\.1:9 within 2 s/);
  const noTarget = run(file('data.csv'), '--target', 'nope', '--engine', 'dask', '--out', model);
  assert.equal(noTarget.status, 2, noTarget.stderr);
  assert.match(noTarget.stderr, /error: .*data\.csv: the target "nope" is not a column \(columns: a, b, c, d, colour, label, value\)/);
  const notJson = run(file('data.csv'), '--target', 'label', '--engine', 'dask', '--out', file('m.onnx'));
  assert.equal(notJson.status, 2);
  assert.match(notJson.stderr, /--engine dask needs --out FILE\.json/);
  const pruned = run(file('data.csv'), '--target', 'label', '--engine', 'dask', '--ccp-alpha', '0.01', '--out', model);
  assert.equal(pruned.status, 2);
  assert.match(pruned.stderr, /--ccp-alpha does not apply to --engine dask/);
  const noPython = run(file('data.csv'), '--target', 'label', '--engine', 'dask', '--python', '/nonexistent/python3', '--out', model);
  assert.equal(noPython.status, 2);
  assert.match(noPython.stderr, /--python \/nonexistent\/python3: no Python interpreter runs there/);
  assert.ok(!existsSync(model));
  assert.deepEqual(readdirSync(cli.dir).filter((f) => f.includes('partial')), []);
});

test('Parquet with a Python that lacks pyarrow says exactly what to install', { skip: noDask }, () => {
  if (hasModules(SYSTEM, 'pyarrow')) return;
  mkdirSync(file('one'), { recursive: true });
  writeFileSync(file('one/part.0.parquet'), 'PAR1');
  const r = run(file('one'), '--target', 'label', '--engine', 'dask', '--python', SYSTEM, '--out', file('nope.json'));
  assert.equal(r.status, 2);
  assert.match(r.stderr, /\/usr\/bin\/python3 lacks the Python package pyarrow: .*python3 -m venv --system-site-packages ~\/\.venvs\/dte && ~\/\.venvs\/dte\/bin\/pip install pyarrow`, then --python ~\/\.venvs\/dte\/bin\/python/);
  assert.ok(!existsSync(file('nope.json')));
});

test('a corrupt part file is named, through the scheduler', { skip: noDask || noParquet }, () => {
  const folder = file('corrupt');
  cpSync(file('parts'), folder, { recursive: true });
  writeFileSync(path.join(folder, 'part.1.parquet'), readFileSync(path.join(folder, 'part.1.parquet')).subarray(0, 200));
  const r = run(folder, '--target', 'label', '--engine', 'dask', '--scheduler', address, '--python', parquetPython as string, '--out', file('corrupt.json'));
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /error: .*corrupt\/part\.1\.parquet: not a readable Parquet file/);
  assert.ok(!existsSync(file('corrupt.json')));
});

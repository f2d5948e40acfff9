// `npm run bench:forest -- --real`: forests on generated look-alikes of three public files the
// forests were slow on (bench/lib/lookalike-csv.ts: diamonds, txhousing, trump_tweets — categorical
// columns, many ties, regression), whole process as a user runs it, against scikit-learn
// (bench/forest_real_sklearn.py). Each side in a fresh process under /usr/bin/time (CPU = user +
// system of the whole process, startup and reading included; peak RSS):
//   fit:     ours `train --ensemble forest --jobs 1 --out f.json` (and `.json.gz`), scikit-learn's
//            read + encode + fit (oob_score, n_jobs=1, max_features as ours) + joblib.dump (and gzip 3)
//   predict: ours `predict --model f.json data.csv --out p.csv`, scikit-learn's load + predict + CSV
// Printed, never asserted. Options: --trees N (100), --only NAME.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LookalikeName, lookalike } from './lib/lookalike-csv';
import { pythonWith } from './lib/python';

interface Run {
  cpu: number;
  rssMiB: number;
}

/** `command args` under /usr/bin/time: the whole process's CPU seconds and peak RSS. */
function timed(command: string, args: readonly string[]): Run {
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %U %S %M', command, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const m = /TIME ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  if (r.status !== 0 || m === null) throw new Error(`${command} ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
  return { cpu: Number(m[1]) + Number(m[2]), rssMiB: Number(m[3]) / 1024 };
}

const mb = (file: string): string => (statSync(file).size / 1e6).toFixed(1);

/** The --real bench: every look-alike, ours then scikit-learn's. */
export function forestRealBench(): void {
  const flag = (name: string): string | undefined => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
  const trees = flag('--trees') ?? '100';
  const names: LookalikeName[] = (['diamonds', 'txhousing', 'trump_tweets'] as const).filter((n) => flag('--only') === undefined || flag('--only') === n);
  const python = pythonWith(['numpy', 'pandas', 'sklearn', 'joblib']);
  const cli = path.join(__dirname, '..', 'cli.js');
  const side = path.join(__dirname, '..', '..', 'bench', 'forest_real_sklearn.py');
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-bench-forest-real-'));
  console.log(`Forests of ${trees} trees on look-alike files, whole process, one thread each; sklearn ${python ? 'present' : 'absent'}; load ${readLoad()}.`);
  console.log('| file | rows | engine | fit + write CPU s | peak RSS | file MB | .gz MB | predict CPU s | predict peak RSS |');
  console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|');
  try {
    for (const name of names) {
      const l = lookalike(name);
      const csv = path.join(dir, `${name}.csv`);
      writeFileSync(csv, l.csv);
      const rows = l.csv.split('\n').length - 2;
      const f = (ext: string) => path.join(dir, `${name}-ours.${ext}`);
      const ours = timed(process.execPath, [cli, 'train', csv, '--target', l.target, '--ensemble', 'forest', '--jobs', '1', '--n-trees', trees, '--out', f('json')]);
      timed(process.execPath, [cli, 'train', csv, '--target', l.target, '--ensemble', 'forest', '--jobs', '1', '--n-trees', trees, '--out', f('json.gz')]);
      const ourPredict = timed(process.execPath, [cli, 'predict', '--model', f('json'), csv, '--out', f('csv')]);
      const row = (engine: string, fit: Run, file: string, gz: string, p: Run) =>
        console.log(`| ${name} | ${rows} | ${engine} | ${fit.cpu.toFixed(2)} | ${fit.rssMiB.toFixed(1)} MiB | ${mb(file)} | ${mb(gz)} | ${p.cpu.toFixed(2)} | ${p.rssMiB.toFixed(1)} MiB |`);
      row('ours', ours, f('json'), f('json.gz'), ourPredict);
      if (python === null) continue;
      const s = (ext: string) => path.join(dir, `${name}-sk.${ext}`);
      const task = l.task;
      const theirs = timed(python, [side, 'fit', csv, l.target, task, s('joblib'), trees]);
      timed(python, [side, 'fit', csv, l.target, task, s('joblib.gz'), trees]);
      const theirPredict = timed(python, [side, 'predict', csv, l.target, task, s('joblib'), trees]);
      row('sklearn', theirs, s('joblib'), s('joblib.gz'), theirPredict);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function readLoad(): string {
  const r = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.split(' ').slice(0, 3).join(' ') : 'unknown';
}


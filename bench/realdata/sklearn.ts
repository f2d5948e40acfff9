// scikit-learn's side: runs sklearn_side.py (beside this file in bench/realdata/) on a dataset's
// fold files with the Python named by --python or $REALDATA_PYTHON (scikit-learn ≥ 1.3 and pandas).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PLAIN_CSV, type FileFormat, type Task } from './datasets';
import type { FoldFiles } from './folds';

export type Pipeline = 'onehot' | 'native';
export type Depth = '4' | 'full';

export interface SklearnRun {
  version: string;
  scores: Record<Pipeline, Record<Depth, Array<number | null>>>;
  errors: string[];
  seconds: number;
}

/** The source of sklearn_side.py: bench/realdata/ in the repository (the bundle runs from dist/bench/). */
const SCRIPT = path.resolve(__dirname, '..', '..', 'bench', 'realdata', 'sklearn_side.py');

/** The scikit-learn version the Python has, or null when it lacks scikit-learn ≥ 1.3 or pandas. */
export function sklearnVersion(python: string): string | null {
  const r = spawnSync(python, ['-c', 'import pandas, sklearn; print(sklearn.__version__)'], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  const [major, minor] = r.stdout.trim().split('.').map(Number);
  return major > 1 || (major === 1 && minor >= 3) ? r.stdout.trim() : null;
}

export function runSklearn(python: string, dir: string, folds: readonly FoldFiles[], target: string, task: Task, seed: number, format: FileFormat = PLAIN_CSV): SklearnRun {
  const t0 = Date.now();
  const job = path.join(dir, 'sklearn-job.json');
  // The fold files keep the source's format: pandas is told it, as a user reading a write.csv2 file would (sep=';', decimal=',').
  writeFileSync(job, JSON.stringify({ target, task, seed, sep: format.delimiter, decimal: format.decimal, folds: folds.map((f) => ({ train: f.train, test: f.test })) }));
  const r = spawnSync(python, [SCRIPT, job], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`scikit-learn side failed: ${(r.stderr || String(r.error)).trim().split('\n').slice(-2).join(' | ')}`);
  const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as { sklearn: string; onehot: SklearnRun['scores']['onehot']; native: SklearnRun['scores']['native']; errors: string[] };
  return { version: out.sklearn, scores: { onehot: out.onehot, native: out.native }, errors: out.errors, seconds: (Date.now() - t0) / 1000 };
}

// The Python interpreter the Dask job runs in (docs/cli.md "Training on a Dask cluster"): --python
// when given; else /usr/bin/python3 when it has the packages (Debian's python3-xgboost,
// python3-dask, python3-distributed), else `python3` on the PATH. When none has them the error
// says exactly what to install, and where.
import { spawnSync } from 'node:child_process';
import { InputError } from '../engine/errors';

/** The packages the job imports, each with the Debian package that holds it (pyarrow: PyPI only). */
export const JOB_PACKAGES: Readonly<Record<string, string>> = {
  xgboost: 'python3-xgboost',
  dask: 'python3-dask',
  distributed: 'python3-distributed',
  pandas: 'python3-pandas',
  numpy: 'python3-numpy',
};

/** Reads Parquet on the cluster side: Debian packages neither pyarrow nor fastparquet. */
export const PARQUET_PACKAGE = 'pyarrow';

const SYSTEM_PYTHON = '/usr/bin/python3';

/** The modules `python` cannot find (find_spec: nothing is imported), or null when it does not run. */
export function missingModules(python: string, modules: readonly string[]): string[] | null {
  const probe = `import importlib.util as u, json; print(json.dumps([m for m in ${JSON.stringify(modules)} if u.find_spec(m) is None]))`;
  const r = spawnSync(python, ['-c', probe], { encoding: 'utf8', timeout: 30_000 });
  if (r.error !== undefined || r.status !== 0) return null;
  try {
    return JSON.parse(r.stdout.trim()) as string[];
  } catch {
    return null;
  }
}

/** What to run to get the missing modules into `python`. */
export function installAdvice(python: string, missing: readonly string[]): string {
  const system = missing.filter((m) => m !== PARQUET_PACKAGE);
  const steps: string[] = [];
  if (system.length > 0) {
    const debian = system.map((m) => JOB_PACKAGES[m] ?? `python3-${m}`);
    steps.push(`install ${system.length > 1 ? 'them' : 'it'} with \`sudo apt-get install ${debian.join(' ')}\` (Debian/Ubuntu; elsewhere \`${python} -m pip install ${system.join(' ')}\`)`);
  }
  if (missing.includes(PARQUET_PACKAGE)) {
    steps.push(
      `for Parquet, pyarrow (not packaged by Debian) in a virtual environment that sees the system's packages: ` +
        `\`python3 -m venv --system-site-packages ~/.venvs/dte && ~/.venvs/dte/bin/pip install pyarrow\`, then --python ~/.venvs/dte/bin/python (in VS Code: the decisionTree.dask.python setting)`,
    );
  }
  return `${python} lacks the Python package${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: ${steps.join('; ')}; the cluster's workers need the same packages`;
}

/**
 * The interpreter to run the job with, checked to have `modules`: an InputError ('missing-python')
 * naming what to install otherwise. `asked` is --python (or the extension's setting).
 */
export function choosePython(asked: string | undefined, modules: readonly string[]): string {
  const candidates = asked !== undefined ? [asked] : [SYSTEM_PYTHON, 'python3'];
  let first: { python: string; missing: string[] } | null = null;
  for (const python of candidates) {
    const missing = missingModules(python, modules);
    if (missing === null) continue;
    if (missing.length === 0) return python;
    first ??= { python, missing };
  }
  if (first !== null) throw new InputError('missing-python', installAdvice(first.python, first.missing));
  throw new InputError(
    'missing-python',
    asked !== undefined
      ? `--python ${asked}: no Python interpreter runs there`
      : `no Python 3 found (${candidates.join(', ')}): install it with \`sudo apt-get install python3 python3-xgboost python3-dask python3-distributed\`, or give one with --python PATH`,
  );
}

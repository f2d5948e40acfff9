#!/usr/bin/env python3
"""bench:parquet (README "Parquet input"; figures in BENCHMARKS.md, not a test).

The Parquet reader against pandas: a generated 1,000,000-row Parquet file (20 float64 features and a
3-class text target `y`, snappy, row groups of 100,000; written once by pandas/pyarrow into
~/.cache/decision-tree-explorer/bench/, outside the repository) is profiled and trained on by

- ours: `node dist/cli.js profile FILE` and `node dist/cli.js train FILE --target y --max-depth 10`
  (exact CART, Gini);
- pandas: `pd.read_parquet(FILE)` then, for the profile, `describe()` of every column and the
  target's value counts; for the training, scikit-learn's `DecisionTreeClassifier(max_depth=10)`
  fit on the same 20 columns (exact CART, Gini).

Each run is a fresh process, measured whole by os.wait4 (user + system CPU of every thread, peak
RSS): reading, the work and the process's start. Runs alternate ours/pandas; medians of RUNS.

usage (from the repository root, after `node scripts/build.mjs`):
  /usr/bin/python3 bench/parquet_bench.py [PYTHON] [RUNS]
PYTHON (for pandas, pyarrow, scikit-learn): default ~/.cache/decision-tree-explorer/dask-venv/bin/python.
"""
import os
import statistics
import subprocess
import sys

HOME = os.path.expanduser('~')
PYTHON = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HOME, '.cache/decision-tree-explorer/dask-venv/bin/python')
RUNS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
ROWS = 1_000_000
FILE = os.path.join(HOME, '.cache/decision-tree-explorer/bench', f'parquet-{ROWS}x20-seed1.parquet')

MAKE = f'''
import os, numpy as np, pandas as pd
r = np.random.default_rng(1)
x = r.normal(size=({ROWS}, 20))
s = x[:, 0] + x[:, 1] * x[:, 2] - 0.5 * x[:, 3] + 0.5 * r.normal(size={ROWS})
df = pd.DataFrame(x, columns=[f"x{{i}}" for i in range(20)])
df["y"] = np.where(s > 0.7, "high", np.where(s > -0.7, "mid", "low"))
os.makedirs(os.path.dirname({FILE!r}), exist_ok=True)
df.to_parquet({FILE!r} + ".tmp", index=False, compression="snappy", row_group_size=100_000)
os.replace({FILE!r} + ".tmp", {FILE!r})
'''

PANDAS_PROFILE = f'''
import pandas as pd
df = pd.read_parquet({FILE!r})
d = df.describe()
v = df["y"].value_counts()
print(d.shape, len(v))
'''

PANDAS_TRAIN = f'''
import pandas as pd
from sklearn.tree import DecisionTreeClassifier
df = pd.read_parquet({FILE!r})
X = df.drop(columns="y")
t = DecisionTreeClassifier(max_depth=10, random_state=0).fit(X, df["y"])
print(t.tree_.node_count)
'''

CASES = [
    ('profile', ['node', 'dist/cli.js', 'profile', FILE], [PYTHON, '-c', PANDAS_PROFILE]),
    ('train', ['node', 'dist/cli.js', 'train', FILE, '--target', 'y', '--max-depth', '10', '--format', 'text'], [PYTHON, '-c', PANDAS_TRAIN]),
]


def measure(command):
    """(wall s, CPU s, peak RSS MiB) of one whole process."""
    import time
    t0 = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - t0
    err = child.stderr.read().decode()
    child.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f'{" ".join(command[:4])} failed:\n{err}')
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main():
    if not os.path.exists(FILE):
        print(f'writing {FILE} …', flush=True)
        subprocess.run([PYTHON, '-c', MAKE], check=True)
    print(f'{FILE}: {os.path.getsize(FILE) / 2**20:.0f} MB; load {os.getloadavg()[0]:.1f}; {RUNS} runs each, alternating', flush=True)
    print('| command | ours: CPU s | pandas: CPU s | CPU ratio | ours: peak RSS | pandas: peak RSS | ours: wall | pandas: wall |')
    print('|---|---|---|---|---|---|---|---|')
    for name, ours_cmd, theirs_cmd in CASES:
        ours, theirs = [], []
        for _ in range(RUNS):
            ours.append(measure(ours_cmd))
            theirs.append(measure(theirs_cmd))
        med = lambda runs, k: statistics.median(r[k] for r in runs)
        print(f'| {name} | {med(ours, 1):.1f} ({", ".join(f"{r[1]:.1f}" for r in ours)}) | {med(theirs, 1):.1f} ({", ".join(f"{r[1]:.1f}" for r in theirs)}) '
              f'| {med(ours, 1) / med(theirs, 1):.2f}× | {med(ours, 2):.0f} MB | {med(theirs, 2):.0f} MB | {med(ours, 0):.1f} s | {med(theirs, 0):.1f} s |', flush=True)
    print(f'load after: {os.getloadavg()[0]:.1f}')


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""bench:dask (README "When your data outgrow one machine"; figures in BENCHMARKS.md, not a test).

Writes a generated Parquet folder (ROWS rows, 10 numeric features, a 3-class target, 10 part
files) with the given Python's pyarrow, runs `node dist/cli.js train FOLDER --engine dask
--scheduler local --workers 2 --ensemble forest` and samples every process of the run (the CLI,
the job, the LocalCluster's workers) from /proc every 0.25 s: each one's peak RSS, and the wall time.

usage (from the repository root): /usr/bin/python3 bench/dask_bench.py PYTHON ROWS [TREES]
"""
import os
import subprocess
import sys
import time


def make(python, folder, rows):
    code = f'''
import os, numpy as np, pandas as pd
os.makedirs({folder!r}, exist_ok=True)
rows, parts = {rows}, 10
r = np.random.default_rng(1)
for k in range(parts):
    n = rows // parts
    x = r.normal(size=(n, 10)).astype('float32')
    s = x[:, 0] + x[:, 1] * x[:, 2] + 0.5 * r.normal(size=n)
    df = pd.DataFrame(x, columns=[f"x{{i}}" for i in range(10)])
    df["y"] = np.where(s > 0.7, "high", np.where(s > -0.7, "mid", "low"))
    df.to_parquet(os.path.join({folder!r}, f"part.{{k}}.parquet"), index=False)
'''
    subprocess.run([python, '-c', code], check=True)


def rss_kb(pid):
    try:
        with open(f'/proc/{pid}/status') as f:
            for line in f:
                if line.startswith('VmRSS:'):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def descendants(root):
    kids = {}
    for pid in os.listdir('/proc'):
        if not pid.isdigit():
            continue
        try:
            with open(f'/proc/{pid}/stat') as f:
                ppid = int(f.read().rsplit(')', 1)[1].split()[1])
        except OSError:
            continue
        kids.setdefault(ppid, []).append(int(pid))
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(kids.get(p, []))
    return out


def cmdline(pid):
    try:
        with open(f'/proc/{pid}/cmdline', 'rb') as f:
            return f.read().replace(b'\0', b' ').decode()[:90]
    except OSError:
        return '?'


def main():
    python, rows = sys.argv[1], int(sys.argv[2])
    trees = sys.argv[3] if len(sys.argv) > 3 else '100'
    folder = f'/tmp/dte-dask-bench-{rows}'
    if not os.path.isdir(folder):
        t = time.time()
        make(python, folder, rows)
        print(f'wrote {folder} in {time.time() - t:.0f} s')
    out = f'{folder}.xgb.json'
    cmd = ['node', 'dist/cli.js', 'train', folder, '--target', 'y', '--engine', 'dask', '--scheduler', 'local', '--workers', '2',
           '--python', python, '--ensemble', 'forest', '--n-trees', trees, '--out', out]
    start = time.time()
    proc = subprocess.Popen(cmd)
    peaks, names = {}, {}
    while proc.poll() is None:
        for pid in descendants(proc.pid):
            kb = rss_kb(pid)
            if kb is not None and kb > peaks.get(pid, 0):
                peaks[pid] = kb
                names.setdefault(pid, cmdline(pid))
        time.sleep(0.25)
    print(f'exit {proc.returncode}, {time.time() - start:.0f} s wall')
    for pid, kb in sorted(peaks.items(), key=lambda p: -p[1]):
        print(f'{kb / 1024:8.0f} MB  {pid}  {names[pid]}')


if __name__ == '__main__':
    main()

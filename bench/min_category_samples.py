"""--min-category-samples against scikit-learn's one-hot pipeline, fully grown trees (BENCHMARKS.md
"Many-valued categories: the --min-category-samples default").

For each FILE:TARGET[:DROP,DROP…] and fold seed, an 80/20 split of the file's records (as
written: csv module, no re-spelling) into train.csv and test.csv; then
  ours:    `train train.csv --target T --min-category-samples N --out m.json` (whole process under
           /usr/bin/time: CPU = user + system), `evaluate --model m.json test.csv --json`
  sklearn: pandas, numeric columns median-imputed, the others one-hot (handle_unknown="ignore",
           missing as its own value), DecisionTreeClassifier/Regressor(random_state=0) fully grown;
           CPU of the fit alone
DROP names columns both sides leave out (ours leaves out ID-like ones by itself: drop them for
scikit-learn, which would use them). Prints a Markdown table: mean held-out accuracy or R² over
the seeds, and mean CPU seconds.

Usage: python3 bench/min_category_samples.py --cli dist/cli.js [--values 1,5,10,20,50] [--seeds 1,2,3] FILE:TARGET[:DROP,…] …
(scikit-learn ≥ 1.2, pandas. The figures in BENCHMARKS.md are on the look-alikes of
bench/lib/lookalike-csv.ts, seed 1, and on test/fixtures/realdata.)
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.metrics import accuracy_score, r2_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor


def split(path, seed, into):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    test = np.random.default_rng(seed).random(len(body)) < 0.2
    out = {}
    for name, keep in (("train", ~test), ("test", test)):
        out[name] = os.path.join(into, f"{name}.csv")
        with open(out[name], "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(header)
            w.writerows(r for r, k in zip(body, keep) if k)
    return out


def timed(args):
    r = subprocess.run(["/usr/bin/time", "-f", "TIME %U %S", *args], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{' '.join(args)} failed:\n{r.stderr}")
    u, s = r.stderr.strip().splitlines()[-1].split()[1:3]
    return float(u) + float(s), r.stdout


def ours(cli, files, target, n, into):
    model = os.path.join(into, "m.json")
    cpu, _ = timed(["node", cli, "train", files["train"], "--target", target, "--min-category-samples", str(n), "--out", model])
    _, out = timed(["node", cli, "evaluate", "--model", model, files["test"], "--json"])
    m = json.loads(out)["metrics"]
    return (m["r2"] if m["task"] == "regression" else m["accuracy"]), cpu


def sklearn(files, target, drop):
    train = pd.read_csv(files["train"], low_memory=False)
    test = pd.read_csv(files["test"], low_memory=False)
    train, test = train[train[target].notna()], test[test[target].notna()]
    y, y_test = train.pop(target), test.pop(target)
    x_cols = [c for c in train.columns if c not in drop]
    numeric = [c for c in x_cols if train[c].dtype.kind in "biuf"]
    other = [c for c in x_cols if c not in numeric]
    for frame in (train, test):
        for c in other:
            frame[c] = frame[c].astype(object).where(frame[c].notna(), "<missing>").astype(str)
    regression = y.dtype.kind in "f" or (y.dtype.kind in "iu" and y.nunique() > 30)
    pre = ColumnTransformer([("num", SimpleImputer(strategy="median"), numeric), ("cat", OneHotEncoder(handle_unknown="ignore"), other)])
    tree = DecisionTreeRegressor(random_state=0) if regression else DecisionTreeClassifier(random_state=0)
    pipe = make_pipeline(pre, tree)
    c0 = time.process_time()
    pipe.fit(train[x_cols], y)
    cpu = time.process_time() - c0
    p = pipe.predict(test[x_cols])
    return (r2_score(y_test, p) if regression else accuracy_score(y_test.astype(str), p.astype(str))), cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--values", default="1,5,10,20,50")
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    values = [int(v) for v in a.values.split(",")]
    seeds = [int(s) for s in a.seeds.split(",")]
    print(f"| file | {' | '.join(f'ours N={v}' for v in values)} | sklearn one-hot |")
    print(f"|---|{'---:|' * (len(values) + 1)}")
    for spec in a.files:
        path, target, *rest = spec.split(":")
        drop = rest[0].split(",") if rest else []
        scores = {v: [] for v in values + ["sk"]}
        cpus = {v: [] for v in values + ["sk"]}
        for seed in seeds:
            with tempfile.TemporaryDirectory() as d:
                files = split(path, seed, d)
                for v in values:
                    s, c = ours(a.cli, files, target, v, d)
                    scores[v].append(s)
                    cpus[v].append(c)
                s, c = sklearn(files, target, set(drop))
                scores["sk"].append(s)
                cpus["sk"].append(c)
        cell = lambda k: f"{np.mean(scores[k]):.3f} ({np.mean(cpus[k]):.2f} s)"
        print(f"| {os.path.basename(path)} → {target} | {' | '.join(cell(v) for v in values)} | {cell('sk')} |", flush=True)


main()

"""scikit-learn's side of `npm run bench:forest -- --real` (bench/forest-real.ts), whole process as
a user runs it: read the CSV with pandas, numeric columns' missing values imputed with the median,
other columns OrdinalEncoder'ed (missing and unseen -> -1), then

  fit:      RandomForestRegressor(max_features=1/3) or RandomForestClassifier() (sqrt), bootstrap,
            oob_score=True, n_jobs=1 (our defaults), then joblib.dump to OUT (gzip when OUT ends .gz)
  predict:  joblib.load(OUT), the same reading and encoding, predict every row, write a CSV
  tree:     one DecisionTreeRegressor/Classifier (TREES is its max_depth, "none" fully grown),
            joblib.dump to OUT: the size of a single tree's file beside `train --out`'s

Usage: python forest_real_sklearn.py fit|predict|tree CSV TARGET TASK OUT TREES
Prints one JSON line: the phase's CPU seconds inside Python, OOB score, node count.
"""
import json
import sys
import time

import joblib
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor
from sklearn.preprocessing import OrdinalEncoder
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor


def features(path, target):
    x = pd.read_csv(path, low_memory=False)
    y = x.pop(target)
    keep = y.notna()
    x, y = x[keep], y[keep]
    out = np.empty((len(x), len(x.columns)), dtype=np.float32)
    for i, c in enumerate(x.columns):
        if x[c].dtype.kind in "biuf":
            v = x[c].astype(float)
            out[:, i] = v.fillna(v.median())
        else:
            enc = OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1, encoded_missing_value=-1)
            out[:, i] = enc.fit_transform(x[[c]].astype(object)).ravel()
    return out, y


def main():
    phase, path, target, task, out, trees = sys.argv[1:7]
    c0 = time.process_time()
    X, y = features(path, target)
    if phase == "fit":
        cls = RandomForestRegressor if task == "regression" else RandomForestClassifier
        kw = {"max_features": 1 / 3} if task == "regression" else {}
        m = cls(n_estimators=int(trees), oob_score=True, random_state=0, n_jobs=1, **kw).fit(X, y)
        joblib.dump(m, out, compress=("gzip", 3) if out.endswith(".gz") else 0)
        extra = {"oob": float(m.oob_score_), "nodes": int(sum(e.tree_.node_count for e in m.estimators_))}
    elif phase == "tree":
        cls = DecisionTreeRegressor if task == "regression" else DecisionTreeClassifier
        m = cls(max_depth=None if trees == "none" else int(trees), random_state=0).fit(X, y)
        joblib.dump(m, out, compress=("gzip", 3) if out.endswith(".gz") else 0)
        extra = {"nodes": int(m.tree_.node_count)}
    else:
        m = joblib.load(out)
        pd.DataFrame({"predicted": m.predict(X)}).to_csv(out + ".predictions.csv", index=False)
        extra = {}
    print(json.dumps({"cpu": time.process_time() - c0, **extra}))


main()

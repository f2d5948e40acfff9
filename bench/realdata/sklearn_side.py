"""scikit-learn's side of `npm run bench:realdata` (bench/realdata.ts): reads one dataset's fold
files as a new user would (pandas.read_csv defaults) and scores two usual pipelines per depth:

  onehot:  numeric -> SimpleImputer(median); other -> SimpleImputer(most_frequent) + OneHotEncoder
  native:  numeric as read, NaN kept (trees handle NaN natively since scikit-learn 1.3);
           other -> OrdinalEncoder, missing and unseen categories -> NaN

Dates stay strings (pandas does not parse them unless asked), so they are encoded like any text.
The target column is read as text without NA conversion (pandas would read the class "None" as
missing); the driver has already left out rows whose target is missing by our reader's tokens.

Usage: python sklearn_side.py JOB.json  ->  one JSON line on stdout:
  {"onehot": {"4": [fold scores], "full": [...]}, "native": {...}, "errors": [...]}
JOB.json: {"target": T, "task": "classification"|"regression", "seed": N, "folds": [{"train": F, "test": F}]}
"""
import json
import sys
import warnings

import numpy as np
import pandas as pd
import sklearn
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.metrics import accuracy_score, r2_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, OrdinalEncoder
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

DEPTHS = {"4": 4, "full": None}


def read_fold(path, target, sep=",", decimal="."):
    # The fold keeps its source's format (write.csv2: sep=";", decimal=","), as a user would read it.
    x = pd.read_csv(path, sep=sep, decimal=decimal, low_memory=False)
    y = pd.read_csv(path, sep=sep, usecols=[target], dtype=str, keep_default_na=False)[target]
    x = x.drop(columns=[target])
    return x, y


def split_columns(x):
    numeric = [c for c in x.columns if x[c].dtype.kind in "biuf"]
    other = [c for c in x.columns if c not in numeric]
    return numeric, other


def as_objects(x, columns):
    """Text columns as object arrays with np.nan for missing: what the encoders expect."""
    x = x.copy()
    for c in columns:
        x[c] = x[c].astype(object).where(x[c].notna(), np.nan)
    return x


def pipeline(kind, numeric, other, task, depth, seed):
    tree_class = DecisionTreeClassifier if task == "classification" else DecisionTreeRegressor
    tree = tree_class(max_depth=depth, random_state=seed)
    if kind == "onehot":
        pre = ColumnTransformer(
            [
                ("num", SimpleImputer(strategy="median"), numeric),
                ("cat", make_pipeline(SimpleImputer(strategy="most_frequent"), OneHotEncoder(handle_unknown="ignore")), other),
            ]
        )
    else:
        pre = ColumnTransformer(
            [
                ("num", "passthrough", numeric),
                (
                    "cat",
                    OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=np.nan, encoded_missing_value=np.nan),
                    other,
                ),
            ]
        )
    return make_pipeline(pre, tree)


def score(task, y_true, y_pred):
    if task == "classification":
        return float(accuracy_score(y_true, y_pred))
    return float(r2_score(y_true, y_pred))


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        job = json.load(f)
    target, task, seed = job["target"], job["task"], job["seed"]
    result = {"sklearn": sklearn.__version__, "onehot": {k: [] for k in DEPTHS}, "native": {k: [] for k in DEPTHS}, "errors": []}
    warnings.simplefilter("ignore")
    for fold in job["folds"]:
        fmt = (job.get("sep", ","), job.get("decimal", "."))
        x_train, y_train = read_fold(fold["train"], target, *fmt)
        x_test, y_test = read_fold(fold["test"], target, *fmt)
        if task == "regression":
            as_number = lambda y: y.str.replace(",", ".", regex=False) if fmt[1] == "," else y
            y_train, y_test = as_number(y_train).astype(float), as_number(y_test).astype(float)
        numeric, other = split_columns(x_train)
        x_train, x_test = as_objects(x_train, other), as_objects(x_test, other)
        for kind in ("onehot", "native"):
            for label, depth in DEPTHS.items():
                try:
                    model = pipeline(kind, numeric, other, task, depth, seed).fit(x_train, y_train)
                    result[kind][label].append(score(task, y_test, model.predict(x_test)))
                except Exception as err:  # a failing pipeline is a finding, not the end of the run
                    result["errors"].append(f"{kind} depth {label}: {type(err).__name__}: {err}"[:300])
                    result[kind][label].append(None)
    print(json.dumps(result))


if __name__ == "__main__":
    main()

"""The XGBoost side of `npm run bench:import` (bench/import.ts).

make OUT:            trains the 1,000-tree binary:logistic model (depth 6, 20 numeric features,
                     20,000 seeded rows) and saves it as OUT/xgb-1000.json, and writes the 100,000
                     seeded rows it is measured on as OUT/rows-100k.csv (features x0..x19, label y).
predict MODEL CSV P: XGBoost's own whole process: import, read the CSV with pandas, load the model,
                     predict; prints this process's CPU seconds since it started (getrusage, every
                     thread) and those of the predict call as JSON, then writes the probabilities to
                     P (after the timing) for bench/import.ts to compare with ours.
"""
import json
import sys


def make(out):
    import numpy as np
    import pandas as pd
    import xgboost as xgb

    rng = np.random.default_rng(42)
    p = 20
    names = [f"x{i}" for i in range(p)]

    def rows(n):
        x = rng.normal(size=(n, p))
        logit = 1.5 * x[:, 0] - x[:, 1] + np.sin(2 * x[:, 2]) + x[:, 3] * x[:, 4] + rng.normal(scale=0.5, size=n)
        return pd.DataFrame(x, columns=names), (logit > 0).astype(int)

    x, y = rows(20_000)
    model = xgb.XGBClassifier(n_estimators=1000, max_depth=6, learning_rate=0.05, tree_method="hist", random_state=0, n_jobs=2)
    model.fit(x, y)
    model.save_model(f"{out}/xgb-1000.json")
    x, y = rows(100_000)
    x["y"] = y
    x.to_csv(f"{out}/rows-100k.csv", index=False, float_format="%.17g")


def predict(model_file, csv_file, out_file):
    import resource
    import time

    import pandas as pd
    import xgboost as xgb

    data = pd.read_csv(csv_file)
    features = data.drop(columns=["y"])
    booster = xgb.Booster()
    booster.load_model(model_file)
    c0 = time.process_time()
    probabilities = booster.predict(xgb.DMatrix(features))
    predict_cpu = time.process_time() - c0
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"cpu": usage.ru_utime + usage.ru_stime, "predictCpu": predict_cpu, "maxRss": usage.ru_maxrss * 1024}))
    with open(out_file, "w") as f:
        f.write("\n".join(repr(float(v)) for v in probabilities))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2])
    else:
        predict(*sys.argv[2:5])

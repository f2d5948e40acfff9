#!/usr/bin/env python3
"""Train a tree or a random forest with XGBoost's Dask interface (README "When your data outgrow
one machine"; the CLI contract: docs/cli.md "Training on a Dask cluster").

Run by `decision-tree train DATA --engine dask` (src/cli/dask-train.ts), which passes the options
below and reads this job's stdout: one JSON object per line, each with an "event" (progress,
cluster, data, train, tick, done, error). Nothing else is written to stdout; Dask's and XGBoost's
logs go to stderr. Exit 0 after "done", 2 after "error" (bad input: the message says what and
where), 1 on an unexpected failure.

Dask reads DATA where it lives: the workers open it (a local path every worker sees, or any URL
the cluster's filesystem layer reads: s3://, gs://, hdfs://), never this process. With
--scheduler local a LocalCluster of --workers processes is started here; when this process runs
as its own process group (the CLI starts it so), an error or a cancel ends the whole group, so no
worker is left behind.
"""
import argparse
import json
import math
import os
import signal
import sys
import threading
import time
from importlib.util import find_spec

# The packages the job imports, with the Debian package that holds each (pyarrow: only on PyPI).
PACKAGES = {'xgboost': 'python3-xgboost', 'dask': 'python3-dask', 'distributed': 'python3-distributed', 'pandas': 'python3-pandas', 'numpy': 'python3-numpy'}
PARQUET_PACKAGE = 'pyarrow'

_out_lock = threading.Lock()


def emit(event, **fields):
    """One JSON line on stdout (the CLI's progress and result channel)."""
    with _out_lock:
        sys.stdout.write(json.dumps({'event': event, **fields}, allow_nan=False) + '\n')
        sys.stdout.flush()


class JobError(Exception):
    """Bad input or an unusable cluster: reported as an "error" event, exit 2."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def is_url(path):
    return '://' in path


def is_parquet(path):
    lower = path.rstrip('/').lower()
    if lower.endswith('.parquet') or lower.endswith('.parq') or lower.endswith('.pq'):
        return True
    # A folder of part files (Spark, Dask and pandas write such folders).
    return not is_url(path) and os.path.isdir(path)


def missing_packages(parquet):
    names = list(PACKAGES) + ([PARQUET_PACKAGE] if parquet else [])
    return [n for n in names if find_spec(n) is None]


def check_worker_packages(client, parquet):
    """Every worker must import what it runs: XGBoost, and pyarrow to read Parquet."""
    needed = ['xgboost', 'pandas'] + ([PARQUET_PACKAGE] if parquet else [])

    def lacks(names=tuple(needed)):
        from importlib.util import find_spec as spec
        return [n for n in names if spec(n) is None]

    for address, missing in client.run(lacks).items():
        if missing:
            raise JobError('worker-packages', f'the Dask worker {address} lacks the Python package{"s" if len(missing) > 1 else ""} {", ".join(missing)}')


def parse_args(argv):
    p = argparse.ArgumentParser(description='Train an XGBoost tree or random forest on a Dask cluster.')
    p.add_argument('--data', required=True)
    p.add_argument('--target', required=True)
    p.add_argument('--out', required=True, help='the XGBoost JSON model to write')
    p.add_argument('--scheduler', default='local', help='a scheduler address, or local')
    p.add_argument('--workers', type=int, default=2, help='with --scheduler local: worker processes')
    p.add_argument('--timeout', type=float, default=10, help='seconds to reach the scheduler')
    p.add_argument('--task', choices=['auto', 'classification', 'regression'], default='auto')
    p.add_argument('--ignore', default='')
    p.add_argument('--forest', action='store_true')
    p.add_argument('--n-trees', type=int, default=100)
    p.add_argument('--colsample-bynode', type=float, default=1.0)
    p.add_argument('--max-features', default=None, help='sqrt|log2|third|all|N|F, made a colsample_bynode share')
    p.add_argument('--subsample', type=float, default=1.0)
    p.add_argument('--max-depth', type=int, default=8, help='0: no limit (lossguide growth)')
    p.add_argument('--min-child-weight', type=float, default=0.0)
    p.add_argument('--test-size', type=float, default=0.2)
    p.add_argument('--seed', type=int, default=0)
    p.add_argument('--predictions', default=None, help="also write XGBoost's predictions on every row of DATA (CSV; brought to this process)")
    return p.parse_args(argv)


def read_data(dd, path):
    """The data as a Dask DataFrame, read by the workers where it lives."""
    if is_parquet(path):
        return dd.read_parquet(path)
    lower = path.lower()
    sep = '\t' if lower.endswith('.tsv') or lower.endswith('.tsv.gz') or lower.endswith('.tab') else ','
    compressed = lower.endswith('.gz')
    # Integers are read as floats so a missing value in a later block does not break the dtype.
    return dd.read_csv(path, sep=sep, assume_missing=True, blocksize=None if compressed else '64MB', compression='gzip' if compressed else None)


def corrupt_parquet_part(path):
    """The first part file of a local Parquet file or folder whose footer cannot be read (None if all can)."""
    if is_url(path):
        return None
    import pyarrow.parquet as pq
    files = [path] if os.path.isfile(path) else sorted(
        os.path.join(root, f) for root, _, names in os.walk(path) for f in names if not f.startswith(('.', '_')))
    for f in files:
        try:
            pq.read_metadata(f)
        except Exception as err:  # noqa: BLE001 - any reader failure names the file
            return f, str(err).splitlines()[0]
    return None


def max_features_share(spec, n_features, task):
    """Our --max-features as XGBoost's colsample_bynode (a share of the features per node)."""
    if spec is None:
        spec = 'sqrt' if task == 'classification' else 'third'
    if spec == 'all':
        return 1.0
    if spec == 'sqrt':
        count = max(1, int(math.sqrt(n_features)))
    elif spec == 'log2':
        count = max(1, int(math.log2(n_features))) if n_features > 1 else 1
    elif spec == 'third':
        count = max(1, n_features // 3)
    elif '.' in spec or 'e' in spec.lower():
        return min(1.0, float(spec))
    else:
        count = min(n_features, int(spec))
    # A hair above count/p so XGBoost's floor(share × p) draws exactly `count` features.
    return min(1.0, (count + 0.5) / n_features)


def class_text(value):
    """A class as the explorer's CSV reader names it: an integral float (Dask reads integers as floats) as an integer, 1 not 1.0."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def distinct_upto(series, cap):
    """The series' distinct values, at most cap + 1 of them (more than cap: the rest are not looked for)."""
    def part(s):
        import pandas as pd
        return pd.Series(s.dropna().unique()[: cap + 1])

    values = series.map_partitions(part, meta=(series.name, series.dtype)).compute()
    return sorted(set(values.tolist()))[: cap + 1]


class Watch:
    """Ticks while training: elapsed seconds and the workers' memory, and a worker gone → error."""

    def __init__(self, client, workers, on_lost):
        self.client = client
        self.workers = set(workers)
        self.on_lost = on_lost
        self.stopped = threading.Event()
        self.started = time.time()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        while not self.stopped.wait(1.0):
            try:
                info = self.client.scheduler_info()['workers']
            except Exception:  # noqa: BLE001 - the scheduler is gone: the training call reports it
                continue
            lost = sorted(self.workers - set(info))
            if lost:
                self.on_lost(lost)
                return
            memory = sum(w.get('metrics', {}).get('memory', 0) for w in info.values())
            emit('tick', seconds=round(time.time() - self.started, 1), workers=len(info), memory=memory)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stopped.set()


def end_group(code):
    """Ends this job, and with it every process it started (the LocalCluster's workers)."""
    import multiprocessing
    sys.stdout.flush()
    sys.stderr.flush()
    for child in multiprocessing.active_children():
        try:
            os.kill(child.pid, signal.SIGKILL)
        except OSError:
            pass
    if os.getpgrp() == os.getpid():
        # The CLI started the job as its own process group: nothing of it outlives it.
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        os.killpg(os.getpgrp(), signal.SIGTERM)
    os._exit(code)


def main(argv):
    args = parse_args(argv)
    parquet = is_parquet(args.data)
    missing = missing_packages(parquet)
    if missing:
        emit('error', code='missing-packages', missing=missing, python=sys.executable,
             message=f'{sys.executable} lacks the Python package{"s" if len(missing) > 1 else ""} {", ".join(missing)}')
        return 2

    import numpy as np
    import pandas as pd
    import dask
    import dask.dataframe as dd
    import xgboost as xgb
    from distributed import Client, LocalCluster

    # The job's stdout is the CLI's channel: Dask's and XGBoost's own output goes to stderr.
    dask.config.set({'distributed.worker.daemon': False, 'distributed.admin.tick.limit': '1h'})

    cluster = None
    emit('progress', stage='connect', message='starting a local Dask cluster' if args.scheduler == 'local' else f'connecting to the Dask scheduler {args.scheduler}')
    if args.scheduler == 'local':
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None,
                               memory_limit=0, silence_logs=40)
        address = cluster.scheduler_address
    else:
        address = args.scheduler
    try:
        client = Client(address, timeout=args.timeout)
    except (OSError, TimeoutError) as err:
        raise JobError('unreachable-scheduler', f'cannot reach the Dask scheduler at {address} within {args.timeout:g} s ({str(err).splitlines()[0]})') from None

    info = client.scheduler_info()['workers']
    if not info:
        client.wait_for_workers(1, timeout=args.timeout)
        info = client.scheduler_info()['workers']
    pids = client.run(os.getpid) if cluster is not None else {}
    emit('cluster', address=address, local=cluster is not None, workers=len(info),
         threads=sum(w.get('nthreads', 1) for w in info.values()), pids=sorted(pids.values()))
    check_worker_packages(client, parquet)

    # --- read --------------------------------------------------------------------------------
    emit('progress', stage='read', message=f'reading {args.data} on the workers')
    try:
        ddf = read_data(dd, args.data)
    except FileNotFoundError as err:
        raise JobError('unreadable-file', f'{args.data}: not found ({err})') from None
    except Exception as err:  # noqa: BLE001
        raise data_error(args.data, parquet, err) from None
    columns = list(ddf.columns)
    if args.target not in columns:
        raise JobError('unknown-column', f'{args.data}: the target "{args.target}" is not a column (columns: {", ".join(map(str, columns))})')
    ignored = [c for c in args.ignore.split(',') if c.strip()]
    unknown = [c for c in ignored if c not in columns]
    if unknown:
        raise JobError('unknown-column', f'{args.data}: --ignore {", ".join(unknown)}: not a column')
    features, notes = [], []
    strings = []
    for c in columns:
        if c == args.target or c in ignored:
            continue
        kind = ddf[c].dtype
        if pd.api.types.is_datetime64_any_dtype(kind):
            notes.append(f'column "{c}" is a date/time: left out (XGBoost reads numbers and categories)')
            continue
        if pd.api.types.is_bool_dtype(kind) or pd.api.types.is_numeric_dtype(kind):
            features.append(c)
        else:
            features.append(c)
            strings.append(c)
    if not features:
        raise JobError('no-features', f'{args.data}: no feature columns besides the target "{args.target}"')

    try:
        target_values = distinct_upto(ddf[args.target], 20)
        target_numeric = pd.api.types.is_numeric_dtype(ddf[args.target].dtype)
        task = args.task if args.task != 'auto' else ('regression' if target_numeric and len(target_values) > 20 else 'classification')
        # Category codes in sorted order (pandas' order, as the importer names them).
        categories = {c: sorted(map(str, distinct_upto(ddf[c], 10_000))) for c in strings}
    except Exception as err:  # noqa: BLE001
        raise data_error(args.data, parquet, err) from None
    for c in strings:
        ddf[c] = ddf[c].astype(str).where(ddf[c].notnull()).astype(pd.CategoricalDtype(categories[c]))
    # Rows without a target teach nothing (our trainer leaves them out too).
    ddf = ddf[ddf[args.target].notnull()]
    if task == 'classification':
        if len(target_values) > 20 and not target_numeric:
            target_values = distinct_upto(ddf[args.target], 1000)
        classes = sorted(target_values)
        if len(classes) < 2:
            raise JobError('one-class', f'{args.data}: the target "{args.target}" has one class ({classes[0] if classes else "none"})')
        code = {v: i for i, v in enumerate(classes)}
        class_names = [class_text(c) for c in classes]
        y_all = ddf[args.target].map(code, meta=(args.target, 'float64'))
    else:
        classes = class_names = None
        if not target_numeric:
            raise JobError('bad-target', f'{args.data}: the target "{args.target}" is not numeric; regression needs numbers')
        y_all = ddf[args.target].astype('float64')
    data = ddf[features].assign(__y=y_all)
    if args.test_size > 0:
        train, test = data.random_split([1 - args.test_size, args.test_size], random_state=args.seed)
    else:
        train, test = data, None

    # --- train -------------------------------------------------------------------------------
    n_features = len(features)
    params = {
        'tree_method': 'hist',
        # One round of unshrunk, unregularised trees: a tree (or a forest's trees) and not boosting.
        'eta': 1.0, 'lambda': 0.0, 'alpha': 0.0, 'gamma': 0.0,
        'min_child_weight': args.min_child_weight,
        'max_depth': args.max_depth,
        'seed': args.seed,
    }
    if args.max_depth == 0:
        params['grow_policy'] = 'lossguide'
    if args.forest:
        params.update(num_parallel_tree=args.n_trees, subsample=args.subsample,
                      colsample_bynode=max_features_share(args.max_features, n_features, task))
    if task == 'regression':
        params['objective'] = 'reg:squarederror'
    elif len(classes) == 2:
        params['objective'] = 'binary:logistic'
    else:
        params.update(objective='multi:softprob', num_class=len(classes))

    try:
        rows_train, rows_all = dask.compute(train.shape[0], data.shape[0])
    except Exception as err:  # noqa: BLE001
        raise data_error(args.data, parquet, err) from None
    emit('data', rows=int(rows_all), train_rows=int(rows_train), test_rows=int(rows_all - rows_train),
         partitions=ddf.npartitions, features=features, task=task, classes=class_names, notes=notes)
    trees = (args.n_trees if args.forest else 1) * (len(classes) if classes and len(classes) > 2 else 1)
    emit('train', round=1, rounds=1, trees=trees, workers=len(info), params=params)

    lost_workers = []

    def on_lost(lost):
        lost_workers.extend(lost)
        emit('error', code='worker-lost', message=f'the Dask worker{"s" if len(lost) > 1 else ""} {", ".join(lost)} died during training (out of memory, killed, or its host went away); nothing was written')
        end_group(2)

    started = time.time()
    with Watch(client, info.keys(), on_lost):
        try:
            dtrain = xgb.dask.DaskQuantileDMatrix(client, train[features], train['__y'], enable_categorical=bool(strings))
            booster = xgb.dask.train(client, params, dtrain, num_boost_round=1)['booster']
        except Exception as err:  # noqa: BLE001
            gone = sorted(set(info) - set(client.scheduler_info()['workers']))
            if gone or lost_workers:
                on_lost(gone or lost_workers)
            raise data_error(args.data, parquet, err) from None
    seconds = time.time() - started

    # --- held-out metrics, computed by the workers ---------------------------------------------
    metrics = None
    if test is not None:
        emit('progress', stage='evaluate', message='scoring the held-out rows on the workers')
        metrics = held_out_metrics(dask, test, features, booster, task, class_names)
    # The names the model's indices and codes stand for, read back by the importer (docs/model-format.md
    # "Models trained elsewhere"): class k is class_names[k], category code k of a column its k-th category.
    booster.set_attr(decision_tree_explorer=json.dumps({'target': args.target, 'task': task, 'classes': class_names, 'categories': categories,
                                                         'held_out': metrics, 'test_size': args.test_size, 'seed': args.seed}))
    tmp = args.out
    booster.save_model(tmp)
    if args.predictions:
        write_predictions(ddf, features, booster, task, class_names, args.target, args.predictions)
    emit('done', model=args.out, seconds=round(seconds, 3), trees=trees, task=task, metrics=metrics,
         rows=int(rows_all), train_rows=int(rows_train), workers=len(info))
    client.close()
    # Dask's threads (and ours, on stdin) would hold the interpreter's shutdown: end now.
    end_group(0)


def partition_scores(part, booster, features, task, classes):
    """Sufficient statistics of one held-out partition, from XGBoost's own predictions."""
    import numpy as np
    import pandas as pd
    y = part['__y'].to_numpy(dtype='float64')
    if len(y) == 0:
        return pd.DataFrame({'n': [0.0], 'hit': [0.0], 'sse': [0.0], 'sy': [0.0], 'syy': [0.0], 'sae': [0.0], **{f'c{k}': [0.0] for k in range(len(classes or []))}})
    p = booster.inplace_predict(part[features])
    row = {'n': [float(len(y))], 'sy': [float(y.sum())], 'syy': [float((y * y).sum())]}
    if task == 'classification':
        label = (p > 0.5).astype(int) if p.ndim == 1 else p.argmax(axis=1)
        row.update(hit=[float((label == y).sum())], sse=[0.0], sae=[0.0])
        row.update({f'c{k}': [float((y == k).sum())] for k in range(len(classes))})
    else:
        row.update(hit=[0.0], sse=[float(((p - y) ** 2).sum())], sae=[float(np.abs(p - y).sum())])
    return pd.DataFrame(row)


def held_out_metrics(dask, test, features, booster, task, classes):
    import pandas as pd
    meta = pd.DataFrame({k: pd.Series(dtype='float64') for k in ['n', 'sy', 'syy', 'hit', 'sse', 'sae'] + [f'c{k}' for k in range(len(classes or []))]})
    sums = test.map_partitions(partition_scores, booster, features, task, classes, meta=meta).sum().compute()
    n = sums['n']
    if n == 0:
        return {'rows': 0}
    if task == 'classification':
        counts = [sums[f'c{k}'] for k in range(len(classes))]
        return {'rows': int(n), 'accuracy': sums['hit'] / n, 'baseline': max(counts) / n,
                'majority': classes[counts.index(max(counts))]}
    ss_tot = sums['syy'] - sums['sy'] ** 2 / n
    return {'rows': int(n), 'r2': 1 - sums['sse'] / ss_tot if ss_tot > 0 else None, 'rmse': math.sqrt(sums['sse'] / n), 'mae': sums['sae'] / n}


def write_predictions(ddf, features, booster, task, classes, target, path):
    """XGBoost's predictions on every row, in order: predicted_<target>, and class probabilities."""
    import pandas as pd

    def part(df):
        p = booster.inplace_predict(df[features])
        if task == 'regression':
            return pd.DataFrame({f'predicted_{target}': p})
        probs = p.reshape(-1, 1) if p.ndim == 1 else p
        if p.ndim == 1:
            probs = pd.DataFrame({f'share_{classes[0]}': 1 - p, f'share_{classes[1]}': p})
        else:
            probs = pd.DataFrame({f'share_{c}': probs[:, k] for k, c in enumerate(classes)})
        return probs

    out = ddf.map_partitions(part).compute()
    out.to_csv(path, index=False, float_format='%.9g')


def data_error(path, parquet, err):
    """A reader or training failure as the message a user can act on, naming the file."""
    text = str(err).splitlines()[0] if str(err) else type(err).__name__
    if parquet:
        bad = corrupt_parquet_part(path)
        if bad is not None:
            return JobError('bad-parquet', f'{bad[0]}: not a readable Parquet file ({bad[1]})')
    return JobError('bad-data', f'{path}: {type(err).__name__}: {text}')


def watch_parent():
    """The CLI holds our stdin open: when it closes (the CLI ended or cancelled), the job ends too."""
    def run():
        try:
            while sys.stdin.buffer.read(1):
                pass
        except Exception:  # noqa: BLE001
            pass
        emit('error', code='cancelled', message='cancelled')
        end_group(130)

    threading.Thread(target=run, daemon=True).start()


if __name__ == '__main__':
    signal.signal(signal.SIGTERM, lambda *_: end_group(143))
    if os.environ.get('DTE_DASK_WATCH_STDIN') == '1':
        watch_parent()
    try:
        code = main(sys.argv[1:])
    except JobError as err:
        emit('error', code=err.code, message=str(err))
        end_group(2)
    except KeyboardInterrupt:
        end_group(130)
    sys.exit(code)

// The Dask training job's events (python/dask_train.py writes one JSON object a line; docs/cli.md
// "Training on a Dask cluster"), and each as a line for people: the CLI's stderr and the
// extension's progress notification word them alike.

/** One line of the job's stdout: `event` names it (progress, cluster, data, train, tick, done, error). */
export interface DaskEvent {
  readonly event: string;
  readonly [field: string]: unknown;
}

const count = (n: unknown): string => Number(n).toLocaleString('en-US');
const plural = (n: unknown, word: string): string => `${count(n)} ${word}${Number(n) === 1 ? '' : 's'}`;

/** A progress event as a line for people; null for the events that are not progress (done, error). */
export function daskEventText(e: DaskEvent): string | null {
  switch (e.event) {
    case 'progress':
      return String(e.message);
    case 'cluster':
      return `${e.local === true ? 'local cluster' : 'scheduler'} ${String(e.address)}: ${plural(e.workers, 'worker')}, ${plural(e.threads, 'thread')}`;
    case 'data': {
      const classes = Array.isArray(e.classes) ? ` (classes ${(e.classes as string[]).join(', ')})` : '';
      return `${count(e.rows)} rows in ${plural(e.partitions, 'partition')}, ${count(e.train_rows)} to train on, ${count(e.test_rows)} held out; ${String(e.task)}${classes}; features ${(e.features as string[]).join(', ')}`;
    }
    case 'train':
      return `growing ${plural(e.trees, 'tree')} in round ${String(e.round)} of ${String(e.rounds)} on ${plural(e.workers, 'worker')}`;
    case 'tick':
      return `training, ${Math.round(Number(e.seconds))} s, workers' memory ${Math.round(Number(e.memory) / 2 ** 20)} MB`;
    default:
      return null;
  }
}

// Worker job: a file too large to load whole (above decisionTree.sampleAboveMB) read from disk in
// chunks into a seeded reservoir of N records, then parsed as a small CSV; the extension host
// never holds the file, and the worker only the sample.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { parseCsv } from '../../engine/csv/read';
import { RecordReservoir } from '../../engine/sample/csv-reservoir';
import { columnSummaries } from './column-summary';
import type { JobProgress, LoadResult, SampleJob } from '../worker-messages';

const CHUNK = 4 << 20;

export function sampleJob(job: SampleJob, progress: (p: JobProgress) => void): LoadResult {
  const reservoir = new RecordReservoir(job.rows, job.seed);
  const fd = openSync(job.path, 'r');
  try {
    const total = fstatSync(fd).size;
    const buffer = new Uint8Array(CHUNK);
    let read = 0;
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) {
      reservoir.push(buffer.subarray(0, n));
      read += n;
      progress({ phase: 'parse', fraction: total > 0 ? Math.min(1, read / total) : 1 });
    }
  } finally {
    closeSync(fd);
  }
  const sample = reservoir.finish();
  const dataset = parseCsv(sample.bytes, { delimiter: job.delimiter, types: job.types });
  return { dataset, columns: columnSummaries(dataset), sampled: { rows: sample.sampledRecords, of: sample.totalRecords } };
}

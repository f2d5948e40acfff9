// Worker job: a file too large to load whole (above decisionTree.sampleAboveMB) read from disk in
// chunks (decompressed on the way when it is gzip) into a seeded reservoir of N records, then
// parsed as a small CSV; the extension host never holds the file, and the worker only the sample.
import { stat } from 'node:fs/promises';
import { parseCsv } from '../../engine/csv/read';
import { RecordReservoir } from '../../engine/sample/csv-reservoir';
import { csvFileChunks } from '../load-csv';
import { columnSummaries } from './column-summary';
import { readerTypes } from '../../shared/column-choice';
import type { JobProgress, LoadResult, SampleJob } from '../../shared/worker-messages';

export async function sampleJob(job: SampleJob, progress: (p: JobProgress) => void): Promise<LoadResult> {
  const reservoir = new RecordReservoir(job.rows, job.seed);
  const { size } = await stat(job.path);
  const onRead = (read: number) => progress({ phase: 'parse', fraction: size > 0 ? Math.min(1, read / size) : 1 });
  for await (const chunk of csvFileChunks(job.path, onRead)) reservoir.push(chunk);
  progress({ phase: 'parse', fraction: 1 });
  const sample = reservoir.finish();
  const dataset = parseCsv(sample.bytes, { delimiter: job.delimiter, ...readerTypes(job.types) });
  return { dataset, columns: columnSummaries(dataset), sampled: { rows: sample.sampledRecords, of: sample.totalRecords } };
}

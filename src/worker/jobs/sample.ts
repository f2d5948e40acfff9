// Worker job: a file too large to load whole (above decisionTree.sampleAboveMB) read from disk in
// chunks (decompressed on the way when it is gzip) into a seeded reservoir of N records, then
// parsed as a small CSV; the extension host never holds the file, and the worker only the sample.
// A Parquet file's footer says its row count, so its N rows are drawn first (row-picks.ts) and only
// the row groups holding some of them are decoded, a column at a time, keeping only those rows.
import { stat } from 'node:fs/promises';
import { parseCsv } from '../../engine/csv/read';
import { RecordReservoir } from '../../engine/sample/csv-reservoir';
import { pickRows } from '../../engine/sample/row-picks';
import { csvFileChunks } from '../load-csv';
import { isParquetPath, loadTableFile } from '../load-table';
import { columnSummaries } from './column-summary';
import { readerTypes } from '../../shared/column-choice';
import type { JobProgress, LoadResult, SampleJob } from '../../shared/worker-messages';

export async function sampleJob(job: SampleJob, progress: (p: JobProgress) => void): Promise<LoadResult> {
  if (await isParquetPath(job.path)) return parquetSample(job, progress);
  const reservoir = new RecordReservoir(job.rows, job.seed);
  const { size } = await stat(job.path);
  const onRead = (read: number) => progress({ phase: 'parse', fraction: size > 0 ? Math.min(1, read / size) : 1 });
  for await (const chunk of csvFileChunks(job.path, onRead)) reservoir.push(chunk);
  progress({ phase: 'parse', fraction: 1 });
  const sample = reservoir.finish();
  const dataset = parseCsv(sample.bytes, { delimiter: job.delimiter, ...readerTypes(job.types) });
  return { dataset, columns: columnSummaries(dataset), sampled: { rows: sample.sampledRecords, of: sample.totalRecords } };
}

async function parquetSample(job: SampleJob, progress: (p: JobProgress) => void): Promise<LoadResult> {
  let of = 0;
  const rowPicks = (total: number) => {
    of = total;
    return pickRows(total, job.rows, job.seed);
  };
  const dataset = await loadTableFile(job.path, { ...readerTypes(job.types), rowPicks, onFraction: (fraction) => progress({ phase: 'parse', fraction }) });
  progress({ phase: 'parse', fraction: 1 });
  return { dataset, columns: columnSummaries(dataset), sampled: { rows: dataset.rowCount, of } };
}

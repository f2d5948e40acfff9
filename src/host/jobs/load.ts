// Worker job: parse a CSV (bytes or unsaved editor text) into a Dataset, with parse progress.
import { type Dataset, isNumeric } from '../../engine/dataset';
import { parseCsv } from '../../engine/csv/read';
import { columnSummaries } from './column-summary';
import type { JobProgress, LoadJob, LoadResult } from '../worker-messages';

export function parseSource(job: LoadJob, progress: (p: JobProgress) => void): Dataset {
  const bytes = job.source.kind === 'bytes' ? job.source.bytes : new TextEncoder().encode(job.source.text);
  const total = bytes.byteLength;
  const dataset = parseCsv(bytes, {
    delimiter: job.delimiter,
    types: job.types,
    totalBytes: total,
    onProgress: (read) => progress({ phase: 'parse', fraction: total > 0 ? read / total : 1 }),
  });
  // The reader reports about every 1%, so its last report may fall just short of the end.
  progress({ phase: 'parse', fraction: 1 });
  return dataset;
}

export function loadJob(job: LoadJob, progress: (p: JobProgress) => void): LoadResult {
  const dataset = parseSource(job, progress);
  return { dataset, columns: columnSummaries(dataset) };
}

/** The column buffers, each once, so the Dataset moves to the host without a copy. */
export function datasetBuffers(dataset: Dataset): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const column of dataset.columns) {
    const buffer = isNumeric(column) ? column.values.buffer : column.codes.buffer;
    if (buffer instanceof ArrayBuffer) buffers.add(buffer);
  }
  return [...buffers];
}

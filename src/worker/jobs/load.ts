// Worker job: parse a CSV (bytes or unsaved editor text) into a Dataset, with parse progress.
// Bytes in gzip (a `.csv.gz`, known by its magic bytes) are decompressed as they are parsed; a
// Parquet file's bytes (known by theirs) go to the Parquet reader, which builds the same Dataset.
import { columnCells, type Dataset } from '../../engine/dataset';
import { parseCsv, readCsv } from '../../engine/csv/read';
import { isGzip } from '../../engine/csv/gzip-magic';
import { decompressedChunks } from '../gzip';
import { isParquet, readParquet } from '../parquet/read-parquet';
import { columnSummaries } from './column-summary';
import { readerTypes } from '../../shared/column-choice';
import type { JobProgress, LoadJob, LoadResult } from '../../shared/worker-messages';

/** Compressed input is fed to the decompressor in slices of this size. */
const SLICE_BYTES = 1 << 20;

function sourceBytes(job: LoadJob): Uint8Array {
  return job.source.kind === 'bytes' ? job.source.bytes : new TextEncoder().encode(job.source.text);
}

/**
 * Plain CSV bytes or text (the hover's documents are never compressed). `sharedMemory`: columns on
 * SharedArrayBuffers (see loadJob).
 */
export function parseSource(job: LoadJob, progress: (p: JobProgress) => void, sharedMemory = false): Dataset {
  const bytes = sourceBytes(job);
  const total = bytes.byteLength;
  const dataset = parseCsv(bytes, {
    delimiter: job.delimiter,
    ...readerTypes(job.types),
    totalBytes: total,
    sharedMemory,
    onProgress: (read) => progress({ phase: 'parse', fraction: total > 0 ? read / total : 1 }),
  });
  // The reader reports about every 1%, so its last report may fall just short of the end.
  progress({ phase: 'parse', fraction: 1 });
  return dataset;
}

/** The source's bytes as the reader takes them: decompressed when they are gzip. onRead counts the source's bytes. */
export async function* sourceChunks(job: LoadJob, onRead?: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  const bytes = sourceBytes(job);
  async function* slices(): AsyncGenerator<Uint8Array> {
    for (let at = 0; at < bytes.length; at += SLICE_BYTES) yield bytes.subarray(at, at + SLICE_BYTES);
  }
  yield* decompressedChunks(slices(), onRead);
}

/** Whether the job's bytes are a Parquet file (its magic bytes), read by the Parquet reader. */
export function isParquetSource(job: LoadJob): boolean {
  return job.source.kind === 'bytes' && isParquet(job.source.bytes);
}

/**
 * Any source: a CSV, gzip or not (progress counts compressed bytes, in steps of at least 1%), or a
 * Parquet file's bytes (README "Parquet input"; progress counts its column chunks), into the same
 * Dataset.
 */
export async function readSource(job: LoadJob, progress: (p: JobProgress) => void, sharedMemory = false): Promise<Dataset> {
  if (job.source.kind === 'bytes' && isParquet(job.source.bytes)) {
    const { buffer, byteOffset, byteLength } = job.source.bytes;
    const file = byteOffset === 0 && byteLength === buffer.byteLength && buffer instanceof ArrayBuffer ? buffer : job.source.bytes.slice().buffer;
    const dataset = await readParquet([{ name: job.fileName, file }], { ...readerTypes(job.types), sharedMemory, onFraction: (fraction) => progress({ phase: 'parse', fraction }) });
    progress({ phase: 'parse', fraction: 1 });
    return dataset;
  }
  if (!(job.source.kind === 'bytes' && isGzip(job.source.bytes))) return parseSource(job, progress, sharedMemory);
  const total = job.source.bytes.byteLength;
  let reported = 0;
  const onRead = (read: number) => {
    if (read / total < reported + 0.01) return;
    reported = read / total;
    progress({ phase: 'parse', fraction: reported });
  };
  const dataset = await readCsv(sourceChunks(job, onRead), { delimiter: job.delimiter, ...readerTypes(job.types), sharedMemory });
  progress({ phase: 'parse', fraction: 1 });
  return dataset;
}

/**
 * The file the extension keeps for training: its columns on shared memory, so that the host's copy
 * is the one every training job and a forest's pool read (posting a SharedArrayBuffer shares it)
 * instead of a copy per job and another for the pool — 168 MB each at 1M rows × 20 numbers.
 * Nothing changes a dataset's columns once read.
 */
export async function loadJob(job: LoadJob, progress: (p: JobProgress) => void): Promise<LoadResult> {
  // A browser page that is not cross-origin isolated has no SharedArrayBuffer: its columns are then
  // plain buffers, copied to each job.
  const dataset = await readSource(job, progress, typeof SharedArrayBuffer === 'function');
  return { dataset, columns: columnSummaries(dataset) };
}

/** The column buffers, each once, so the Dataset moves to the host without a copy. */
export function datasetBuffers(dataset: Dataset): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const column of dataset.columns) {
    const buffer = columnCells(column).buffer;
    if (buffer instanceof ArrayBuffer) buffers.add(buffer);
  }
  return [...buffers];
}

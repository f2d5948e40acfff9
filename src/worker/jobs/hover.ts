// Worker job behind the CSV hover: parse one version of a document, index where its records
// start, profile its columns and score every column's best split against the target.
import { recordStartLines } from '../../engine/locate/record-lines';
import { datasetBuffers, parseSource } from './load';
import type { HoverData, HoverJob, JobProgress } from '../../shared/worker-messages';
import { buildHoverData } from './hover-data';

export function hoverJob(job: HoverJob, progress: (p: JobProgress) => void): HoverData {
  const dataset = parseSource(job, progress);
  const source = job.source.kind === 'bytes' ? job.source.bytes : job.source.text;
  return buildHoverData(dataset, recordStartLines(source, dataset.delimiter), job.request);
}

/** Buffers moved back to the host: the columns and the record index. */
export function hoverBuffers(data: HoverData): ArrayBuffer[] {
  const index = data.recordStarts.buffer;
  return index instanceof ArrayBuffer ? [...datasetBuffers(data.dataset), index] : datasetBuffers(data.dataset);
}

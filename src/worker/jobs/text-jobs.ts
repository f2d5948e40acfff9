// Worker job that reads a CSV and answers with a file's content: predictions with a model (the
// CLI's CSV layout: every input record as it is plus the prediction, as bytes; a Parquet input's
// rows as the table holds them).
import { decodeModel } from '../../engine/model-columns';
import { concatBytes } from '../../engine/csv/concat-bytes';
import { modelPredictions, PredictionCsv } from '../prediction-csv';
import { predictionCsvFromTable } from '../prediction-table';
import { isParquetSource, readSource, sourceChunks } from './load';
import type { JobProgress, PredictJob, PredictResult } from '../../shared/worker-messages';

export async function predictJob(job: PredictJob, progress: (p: JobProgress) => void): Promise<PredictResult> {
  const dataset = await readSource(job, progress);
  const model = decodeModel(job.model).model;
  if (isParquetSource(job)) {
    // No records to copy as written: the CSV is made from the table.
    const bytes = new TextEncoder().encode([...predictionCsvFromTable(modelPredictions(model, dataset), dataset)].join(''));
    return { bytes, rows: dataset.rowCount };
  }
  const csv = new PredictionCsv(model, dataset);
  const parts: Uint8Array[] = [];
  for await (const chunk of sourceChunks(job)) parts.push(csv.push(chunk).slice());
  parts.push(csv.finish().slice());
  const bytes = concatBytes(parts, parts.reduce((n, p) => n + p.length, 0));
  return { bytes, rows: dataset.rowCount };
}

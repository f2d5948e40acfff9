// Worker job that reads a CSV and answers with a file's content: predictions with a model (the
// CLI's CSV layout: every input record as it is plus the prediction, as bytes; a Parquet input's
// rows as the table holds them). The model is a tree of ours, or a model trained elsewhere bound
// to the CSV as the CLI's `predict --model M [--target T]` binds it (docs/cli.md "Models trained
// elsewhere").
import { decodeModel } from '../../engine/model-columns';
import { concatBytes } from '../../engine/csv/concat-bytes';
import type { Dataset } from '../../engine/dataset';
import { bindEnsemble } from '../../engine/import/bind';
import { ensemblePredictions, modelPredictions, PredictionCsv, type GivenPredictions } from '../prediction-csv';
import { predictionCsvFromTable } from '../prediction-table';
import { isParquetSource, readSource, sourceChunks } from './load';
import { unpackEnsemble } from '../../shared/ensemble-transfer';
import type { JobProgress, PredictJob, PredictResult } from '../../shared/worker-messages';

/** The predictions on `dataset`, and what binding a model trained elsewhere to it decided. */
function predictionsOf(model: PredictJob['model'], dataset: Dataset): { given: GivenPredictions; notes: string[] } {
  if (!('ensemble' in model)) return { given: modelPredictions(decodeModel(model).model, dataset), notes: [] };
  // The target it was opened with, as --target, where this CSV has that column; else the CLI's default.
  const target = model.target !== null && dataset.columns.some((c) => c.name === model.target) ? model.target : undefined;
  const bound = bindEnsemble(unpackEnsemble(model.ensemble), dataset, target);
  return { given: ensemblePredictions(bound.ensemble, dataset), notes: bound.notes };
}

export async function predictJob(job: PredictJob, progress: (p: JobProgress) => void): Promise<PredictResult> {
  const dataset = await readSource(job, progress);
  const { given, notes } = predictionsOf(job.model, dataset);
  const done = (bytes: Uint8Array): PredictResult => ({ bytes, rows: dataset.rowCount, target: given.target, notes });
  // No records to copy as written: the CSV is made from the table.
  if (isParquetSource(job)) return done(new TextEncoder().encode([...predictionCsvFromTable(given, dataset)].join('')));
  const csv = new PredictionCsv(given, dataset);
  const parts: Uint8Array[] = [];
  for await (const chunk of sourceChunks(job)) parts.push(csv.push(chunk).slice());
  parts.push(csv.finish().slice());
  return done(concatBytes(parts, parts.reduce((n, p) => n + p.length, 0)));
}

// Worker jobs that read a CSV and answer in text: predictions with a model (the CLI's CSV
// layout), and the column profiles (the CLI's readable report).
import { decodeModel } from '../../engine/model-columns';
import { profileDataset } from '../../engine/profile';
import { formatProfile } from '../../cli/profile';
import { predictionCsvLines } from '../../cli/prediction-csv';
import { parseSource } from './load';
import type { JobProgress, LoadJob, PredictJob, PredictResult, ProfileResult } from '../worker-messages';

export function predictJob(job: PredictJob, progress: (p: JobProgress) => void): PredictResult {
  const dataset = parseSource(job, progress);
  const csv = [...predictionCsvLines(decodeModel(job.model).model, dataset)].join('\n') + '\n';
  return { csv, rows: dataset.rowCount };
}

export function profileJob(job: LoadJob, progress: (p: JobProgress) => void): ProfileResult {
  const dataset = parseSource(job, progress);
  return { text: formatProfile(job.fileName, profileDataset(dataset)) };
}

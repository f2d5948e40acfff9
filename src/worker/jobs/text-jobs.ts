// Worker jobs that read a CSV and answer with a file's content: predictions with a model (the
// CLI's CSV layout: every input record as it is plus the prediction, as bytes), and the column
// profiles (the CLI's readable report).
import { decodeModel } from '../../engine/model-columns';
import { profileDataset } from '../../engine/profile';
import { concatBytes } from '../../engine/csv/concat-bytes';
import { formatProfile } from '../profile-text';
import { PredictionCsv } from '../prediction-csv';
import { readSource, sourceChunks } from './load';
import type { JobProgress, LoadJob, PredictJob, PredictResult, ProfileResult } from '../../shared/worker-messages';

export async function predictJob(job: PredictJob, progress: (p: JobProgress) => void): Promise<PredictResult> {
  const dataset = await readSource(job, progress);
  const csv = new PredictionCsv(decodeModel(job.model).model, dataset);
  const parts: Uint8Array[] = [];
  for await (const chunk of sourceChunks(job)) parts.push(csv.push(chunk).slice());
  parts.push(csv.finish().slice());
  const bytes = concatBytes(parts, parts.reduce((n, p) => n + p.length, 0));
  return { bytes, rows: dataset.rowCount };
}

export async function profileJob(job: LoadJob, progress: (p: JobProgress) => void): Promise<ProfileResult> {
  const dataset = await readSource(job, progress);
  return { text: formatProfile(job.fileName, profileDataset(dataset)) };
}

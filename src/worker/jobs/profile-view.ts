// Worker job behind "Profile CSV Columns": read the CSV, profile every column as `profile --json`
// does, chart the numeric ones, and score each column's best split against the target with the
// file's settings and column choices (the hover's scoring, src/worker/jobs/hover-data.ts).
import { type ColumnType, type Dataset, isNumeric } from '../../engine/dataset';
import { choiceType, validChoice } from '../../shared/column-choice';
import { profileDataset } from '../../engine/profile';
import { histogram } from '../../engine/profile-histogram';
import { scoreColumns } from './hover-data';
import type { ProfileView } from '../../shared/profile-protocol';
import { readSource } from './load';
import type { ColumnTypes, JobProgress, ProfileJob, SplitRequest } from '../../shared/worker-messages';

export async function profileViewJob(job: ProfileJob, progress: (p: JobProgress) => void): Promise<ProfileView> {
  return profileView(await readSource(job, progress), job.request, job.types ?? {});
}

/** The view of a dataset read with `types`. */
export function profileView(dataset: Dataset, request: SplitRequest, types: ColumnTypes): ProfileView {
  const profile = profileDataset(dataset);
  const histograms = dataset.columns.map((c, i) => (isNumeric(c) ? histogram(c.values, profile.columns[i].distinct) : null));
  // No score curves: the view shows each column's best split only.
  const shown: Record<string, ColumnType> = {};
  for (const [name, choice] of Object.entries(types)) {
    const valid = validChoice(choice);
    if (valid !== undefined) shown[name] = choiceType(valid);
  }
  return { profile, histograms, ...scoreColumns(dataset, request, 0), types: shown };
}

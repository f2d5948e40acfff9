// The sample job in a browser: there is no disk to read a file from by position, and the host never
// asks for it there (src/host/platform.ts `samplesFromDisk`); kept so the job table is the same.
import { InputError } from '../../engine/errors';
import type { LoadResult, SampleJob } from '../../shared/worker-messages';
import type * as NodeSample from './sample';

export function sampleJob(job: SampleJob): Promise<LoadResult> {
  return Promise.reject(new InputError('unreadable-file', `${job.fileName}: sampling from disk is not available in VS Code for the Web`));
}

const _same: typeof NodeSample = { sampleJob };
void _same;

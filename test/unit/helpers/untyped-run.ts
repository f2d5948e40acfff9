// The bridge's run without the job table, for stand-in workers whose jobs are not in JobTypes.
import type { JobHandle, RunOptions, WorkerBridge } from '../../../src/host/worker-bridge';

type AnyRun = (kind: string, job: unknown, options?: RunOptions) => JobHandle<unknown>;

export function runUntyped<R = unknown>(bridge: WorkerBridge, kind: string, job: unknown, options?: RunOptions): JobHandle<R> {
  return (bridge.run as unknown as AnyRun).call(bridge, kind, job, options) as JobHandle<R>;
}

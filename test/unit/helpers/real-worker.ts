// A real engine worker for a test file (the worker bundled afresh from its source), and the
// project's CSVs loaded through it as the host loads a file: for tests that go through the worker's
// jobs rather than the engine's functions.
import { before } from 'node:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WorkerBridge } from '../../../src/host/worker-bridge';
import { nodeEngine } from '../../../src/host/node-platform';
import type { Dataset } from '../../../src/engine/dataset';
import { bundleWorker } from './worker-bundle';

export interface RealWorker {
  /** The bridge to the worker (started by the file's `before`). */
  readonly bridge: WorkerBridge;
  /** A CSV of the project (path from its root), loaded by the worker's `load` job. */
  load(file: string): Promise<Dataset>;
}

/** Starts a real worker before the file's tests; call at the top level of a test file. */
export function useRealWorker(): RealWorker {
  let bridge: WorkerBridge | undefined;
  before(async () => {
    const engineFile = await bundleWorker();
    bridge = new WorkerBridge(() => nodeEngine(engineFile));
  });
  const started = (): WorkerBridge => {
    if (bridge === undefined) throw new Error('the worker starts in the test file’s before(): use it inside a test');
    return bridge;
  };
  return {
    get bridge() {
      return started();
    },
    async load(file) {
      const bytes = WorkerBridge.ownBytes(readFileSync(path.join(process.cwd(), file)));
      return (await started().run('load', { source: { kind: 'bytes', bytes }, fileName: path.basename(file) }).result).dataset;
    },
  };
}

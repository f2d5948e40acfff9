// STAND-IN until the pool (branch wave2-pool) lands: same signature as the contract
// (/work/contracts.md "Pool"), answering only the iris sample with scikit-learn's forest saved in
// test/fixtures/forest/iris-forest-report.json, so the extension side can be built and tested.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dataset } from '../engine/dataset';
import type { ForestParams, ForestReport } from '../engine/forest/types';

export function trainForestOnPool(
  dataset: Dataset,
  params: ForestParams,
  options: { jobs: number; signal?: AbortSignal; onProgress?: (treesDone: number, nTrees: number) => void },
): Promise<ForestReport> {
  const report = JSON.parse(readFileSync(join(__dirname, '..', 'test', 'fixtures', 'forest', 'iris-forest-report.json'), 'utf8')) as ForestReport;
  if (params.target !== report.model.target || dataset.rowCount !== report.trainingRows) {
    return Promise.reject(new Error('Random forests are not in this build yet: only the iris sample has a stand-in forest.'));
  }
  const n = report.model.params.nTrees;
  for (let k = 1; k <= n; k++) options.onProgress?.(k, n);
  return Promise.resolve(report);
}

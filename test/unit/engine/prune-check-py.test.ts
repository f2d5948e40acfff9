// The fixtures' own checker (test/fixtures/parity/check.py --canonical) on the engine's pruning
// output: the cost-complexity path of the trained tree and its node count at the fixture's
// safe_alpha, next to the tree, importances and predictions.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainTree } from '../../../src/engine/tree/train';
import { toParityJson } from '../helpers/parity-json';
import { costComplexityPath, pruneCostComplexity } from '../../../src/engine/prune/cost-complexity';
import { parityExpected, parityParams, SKLEARN_CASES } from '../helpers/parity-model';

const ROOT = path.join(process.cwd(), 'test/fixtures/parity');
const dir = mkdtempSync(path.join(tmpdir(), 'dte-prune-check-'));
after(() => rmSync(dir, { recursive: true, force: true }));

for (const name of SKLEARN_CASES) {
  test(`check.py --canonical passes ${name} with the pruning path and pruned node count`, () => {
    const exp = parityExpected(name);
    const load = (file: string) => parseCsv(readFileSync(path.join(ROOT, name, file)));
    const model = trainTree(load('train.csv'), parityParams(name)).model;
    const pathOf = costComplexityPath(model);
    const engine = {
      ...toParityJson(model, load('test.csv')),
      ccpAlphas: pathOf.ccpAlphas,
      ccpImpurities: pathOf.impurities,
      prunedNodeCount: pruneCostComplexity(model, exp.pruning.safe_alpha).nodes.length,
    };
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify(engine));
    const r = spawnSync('/usr/bin/python3', [path.join(ROOT, 'check.py'), path.join(ROOT, name), file, '--canonical'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /PASS \[[^\]]+\] canonical pruning path/);
    assert.match(r.stdout, / 0 failed$/m);
  });
}

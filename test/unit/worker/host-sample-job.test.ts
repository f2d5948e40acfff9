// The worker's sample job: a large file read from disk into a seeded reservoir, parsed as a CSV of
// the sampled rows, with the sample size and the file's row count for the user.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sampleJob } from '../../../src/worker/jobs/sample';

test('samples N rows of a file in file order and says of how many', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-sample-'));
  try {
    const file = path.join(dir, 'big.csv');
    const lines = ['x,label', ...Array.from({ length: 5000 }, (_, i) => `${i},${i % 3 === 0 ? 'a' : 'b'}`)];
    writeFileSync(file, lines.join('\r\n') + '\r\n');
    const fractions: number[] = [];
    const result = await sampleJob({ path: file, rows: 300, seed: 42, fileName: 'big.csv' }, (p) => fractions.push(p.phase === 'parse' ? p.fraction : -1));
    assert.deepEqual(result.sampled, { rows: 300, of: 5000 });
    assert.equal(result.dataset.rowCount, 300);
    const x = result.dataset.columns[0];
    assert.ok(x.type === 'numeric');
    for (let r = 1; r < 300; r++) assert.ok(x.values[r] > x.values[r - 1]);
    assert.deepEqual(result.columns.map((c) => c.name), ['x', 'label']);
    assert.equal(fractions[fractions.length - 1], 1);
    const again = await sampleJob({ path: file, rows: 300, seed: 42, fileName: 'big.csv' }, () => undefined);
    assert.deepEqual(Array.from(again.dataset.columns[0].type === 'numeric' ? again.dataset.columns[0].values : []), Array.from(x.values));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

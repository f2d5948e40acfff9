// A "missing vs present" split (threshold +∞) survives every JSON the CLI prints: the model and
// the evaluate report are written with jsonText (src/engine/json-text.ts: +∞ as 1e309), which
// JSON.parse reads back as Infinity; plain JSON.stringify would print null.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { useCli } from '../helpers/cli';

const cli = useCli();

test('train --format json and evaluate --json keep a +inf threshold', () => {
  const file = path.join(cli.dir, 'presence.csv');
  const rows = ['x,y', ...Array.from({ length: 12 }, (_, i) => (i < 6 ? `${i},a` : ',b'))];
  writeFileSync(file, rows.join('\n') + '\n');
  const trained = cli.run('train', file, '--target', 'y', '--format', 'json');
  assert.equal(trained.status, 0, trained.stderr);
  assert.equal(JSON.parse(trained.stdout).nodes[0].split.threshold, Infinity);
  const report = cli.run('evaluate', file, '--target', 'y', '--json', '--permutation-repeats', '0');
  assert.equal(report.status, 0, report.stderr);
  assert.equal(JSON.parse(report.stdout).model.nodes[0].split.threshold, Infinity);
});

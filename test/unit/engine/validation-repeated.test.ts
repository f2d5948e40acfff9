// Repeated hold-out ("random sampling", course notes §8.7.1) against scikit-learn: the splits are
// ours (seeded, recorded in the fixture), and a scikit-learn tree fit on each repeat's training rows
// scores its test rows as ours does (test/fixtures/validation/make.py); the mean and population std
// follow from those scores.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Criterion } from '../../../src/engine/model';
import { buildReport } from '../../../src/engine/report';
import { holdoutSplit, targetStrata } from '../../../src/engine/validation/split';
import { isNumeric } from '../../../src/engine/dataset';

interface RepeatedCase {
  csv: string;
  target: string;
  params: { max_depth?: number; criterion?: Criterion };
  test_size: number;
  repeats: { seed: number; test_rows: number[]; figures: Record<string, number> }[];
  sss_test_class_counts?: Record<string, number>;
}

const expected = JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/validation/expected.json'), 'utf8')) as { repeated_holdout: RepeatedCase[] };
const sample = (name: string) => parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', name)));
const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);

for (const c of expected.repeated_holdout) {
  test(`repeated hold-out on ${c.csv} ${JSON.stringify(c.params)}: each repeat scores as scikit-learn's tree on the same rows`, () => {
    const data = sample(c.csv);
    const seed = c.repeats[0].seed;
    const params = { target: c.target, maxDepth: c.params.max_depth ?? null, ...(c.params.criterion ? { criterion: c.params.criterion } : {}) };
    const report = buildReport(data, { params, testSize: c.test_size, holdoutRepeats: c.repeats.length, seed, permutationRepeats: 0 });
    const r = report.metrics.repeatedHoldout;
    assert.ok(r);
    assert.deepEqual(r.seeds, c.repeats.map((x) => x.seed));
    assert.deepEqual(report.settings.validation, { kind: 'holdout', testSize: c.test_size, seed, stratified: c.sss_test_class_counts !== undefined, repeats: c.repeats.length });
    const strata = targetStrata(data, c.target);
    for (const [i, rep] of c.repeats.entries()) {
      assert.deepEqual(Array.from(holdoutSplit(strata, c.test_size, rep.seed).test), rep.test_rows, `our split of seed ${rep.seed} is the one the fixture was made with`);
      for (const [name, value] of Object.entries(rep.figures)) {
        const figure = r.figures.find((f) => f.name === name);
        assert.ok(figure, `figure ${name}`);
        close(figure.values[i], value, `${name}, seed ${rep.seed}`);
      }
    }
    // The headline score: its per-repeat values, their mean and population std.
    const scores = c.repeats.map((x) => x.figures[r.scoreName === 'accuracy' ? 'accuracy' : 'R²']);
    scores.forEach((s, i) => close(r.scores[i], s, `score ${i}`));
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    close(r.mean, mean, 'mean');
    close(r.std, Math.sqrt(scores.reduce((a, s) => a + (s - mean) ** 2, 0) / scores.length), 'std');
    // The first repeat is the hold-out of the tree shown.
    const holdout = report.metrics.holdout;
    assert.ok(holdout);
    close(holdout.task === 'classification' ? holdout.accuracy : holdout.r2, scores[0], 'the first repeat is the shown hold-out');
    if (c.sss_test_class_counts) {
      // The same proportions as StratifiedShuffleSplit's test part of that size.
      const labels = data.columns.find((col) => col.name === c.target);
      assert.ok(labels && !isNumeric(labels));
      for (const rep of c.repeats) {
        const counts: Record<string, number> = {};
        for (const row of rep.test_rows) counts[labels.categories[labels.codes[row]]] = (counts[labels.categories[labels.codes[row]]] ?? 0) + 1;
        assert.deepEqual(counts, c.sss_test_class_counts);
      }
    }
  });
}

test('repeats need a hold-out and are a whole number ≥ 1; one repeat is the plain hold-out', () => {
  const iris = sample('iris.csv');
  const params = { target: 'species', maxDepth: 3 };
  assert.throws(() => buildReport(iris, { params, holdoutRepeats: 5 }), /5 repeats need a hold-out split to repeat/);
  assert.throws(() => buildReport(iris, { params, testSize: 0.3, holdoutRepeats: 0 }), /the number of hold-out repeats must be an integer ≥ 1/);
  const once = buildReport(iris, { params, testSize: 0.3, holdoutRepeats: 1, permutationRepeats: 0 });
  assert.equal(once.metrics.repeatedHoldout, null);
  assert.deepEqual(once.settings.validation, { kind: 'holdout', testSize: 0.3, seed: 0, stratified: true });
});

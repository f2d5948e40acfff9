import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { profileColumn, profileDataset, type ColumnProfile } from '../../../src/engine/profile';

const fixture = (p: string) => path.join(process.cwd(), 'test/fixtures', p);

test('heterogeneity indices match the parity fixture for every vector', () => {
  const expected = JSON.parse(readFileSync(fixture('parity/heterogeneity_indices/expected.json'), 'utf8'));
  const keys = ['gini', 'gini_normalized', 'entropy_bits', 'entropy_nats', 'entropy_hartleys', 'entropy_normalized'] as const;
  for (const [name, vector] of Object.entries<Record<string, unknown> & { values: string[] }>(expected.vectors)) {
    const d = parseCsv('v\n' + vector.values.join('\n') + '\n', { types: { v: 'categorical' } });
    const p = profileColumn(d.columns[0]);
    assert.ok(p.heterogeneity !== null, name);
    const got = {
      gini: p.heterogeneity.gini,
      gini_normalized: p.heterogeneity.giniNormalized,
      entropy_bits: p.heterogeneity.entropyBits,
      entropy_nats: p.heterogeneity.entropyNats,
      entropy_hartleys: p.heterogeneity.entropyHartleys,
      entropy_normalized: p.heterogeneity.entropyNormalized,
    };
    for (const key of keys) {
      const want = vector[key] as number | null;
      if (want === null) assert.equal(got[key], null, `${name}.${key}`);
      else assert.ok(Math.abs((got[key] as number) - want) < 1e-12, `${name}.${key}: ${got[key]} vs ${want}`);
    }
    assert.equal(p.distinct, vector.s_distinct_values);
  }
});

test('counts, quartiles, std and value frequencies agree with pandas', () => {
  const expected = JSON.parse(readFileSync(fixture('csv/profile-mixed.expected.json'), 'utf8')).columns;
  const profile = profileDataset(parseCsv(readFileSync(fixture('csv/profile-mixed.csv'))));
  const pythonKey = (v: string | number) => (typeof v === 'string' ? v : Number.isInteger(v) ? v.toFixed(1) : String(v));
  for (const c of profile.columns) {
    const want = expected[c.name];
    assert.equal(c.count, want.count, c.name);
    assert.equal(c.missing, want.missing, c.name);
    assert.equal(c.distinct, want.distinct, c.name);
    if (want.mean !== undefined) {
      assert.ok(c.numeric !== null, c.name);
      for (const stat of ['min', 'max', 'mean', 'std', 'q1', 'median', 'q3'] as const) {
        assert.ok(Math.abs((c.numeric[stat] as number) - want[stat]) < 1e-9, `${c.name}.${stat}: ${c.numeric[stat]} vs ${want[stat]}`);
      }
    }
    const counts = Object.values<number>(want.counts).sort((a, b) => b - a);
    assert.deepEqual(c.top.map((t) => t.count), counts.slice(0, 10), c.name);
    for (const t of c.top) {
      assert.equal(want.counts[pythonKey(t.value)], t.count, `${c.name} ${t.value}`);
      assert.ok(Math.abs(t.frequency - t.count / want.count) < 1e-15);
    }
  }
});

test('types: boolean column profiled with indices; continuous numeric column without', () => {
  const profile = profileDataset(parseCsv(readFileSync(fixture('csv/profile-mixed.csv'))));
  const byName = (n: string) => profile.columns.find((c) => c.name === n) as ColumnProfile;
  assert.equal(byName('passed').type, 'boolean');
  assert.ok(byName('passed').heterogeneity !== null);
  assert.equal(byName('height').heterogeneity, null);
  assert.equal(byName('height').heterogeneityNote, 'continuous');
  // grade has 5 distinct values: indices over its value counts (86, 48, 22, 21, 14 of 191).
  const grade = byName('grade');
  const f = [86, 48, 22, 21, 14].map((c) => c / 191);
  assert.ok(Math.abs((grade.heterogeneity?.gini ?? NaN) - (1 - f.reduce((s, x) => s + x * x, 0))) < 1e-12);
});

test('the distinct-value threshold for numeric indices is configurable', () => {
  const d = parseCsv('x\n1\n2\n3\n4\n');
  assert.equal(profileColumn(d.columns[0], { maxDistinctForIndices: 3 }).heterogeneityNote, 'continuous');
  assert.ok(profileColumn(d.columns[0], { maxDistinctForIndices: 4 }).heterogeneity !== null);
});

test('a single-valued column has null normalised indices; an empty one has none', () => {
  const d = parseCsv('a,b\nx,\nx,\n');
  const a = profileColumn(d.columns[0]);
  assert.equal(a.heterogeneity?.gini, 0);
  assert.equal(a.heterogeneity?.giniNormalized, null);
  assert.equal(a.heterogeneity?.entropyNormalized, null);
  const b = profileColumn(d.columns[1]);
  assert.equal(b.count, 0);
  assert.equal(b.missing, 2);
  assert.equal(b.numeric, null);
  assert.equal(b.heterogeneityNote, 'no values');
  assert.deepEqual(b.top, []);
});

test('quartiles interpolate linearly between order statistics; std uses n - 1', () => {
  const p = profileColumn(parseCsv('x\n4\n1\n3\n2\n').columns[0]);
  // Positions (n-1)p = 0.75, 1.5, 2.25 in the sorted values 1, 2, 3, 4.
  assert.deepEqual({ q1: p.numeric?.q1, median: p.numeric?.median, q3: p.numeric?.q3 }, { q1: 1.75, median: 2.5, q3: 3.25 });
  // Deviations from the mean 2.5: ±1.5, ±0.5 → Σ² = 5 over n − 1 = 3.
  assert.ok(Math.abs((p.numeric?.std ?? NaN) - Math.sqrt(5 / 3)) < 1e-15);
});

test('top values list at most ten, most frequent first, ties in first-appearance order', () => {
  const values = 'abcdefghijkl'.split('');
  const text = 'v\n' + [...values, 'l', 'l', 'k'].join('\n') + '\n';
  const p = profileColumn(parseCsv(text).columns[0]);
  assert.deepEqual(p.top.map((t) => t.value), ['l', 'k', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  assert.deepEqual(p.top.map((t) => t.count), [3, 2, 1, 1, 1, 1, 1, 1, 1, 1]);
});

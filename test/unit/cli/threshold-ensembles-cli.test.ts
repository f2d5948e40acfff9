// predict --threshold T on a forest and on binary models trained elsewhere (docs/cli.md "Decision
// threshold"): the positive class exactly where its share is ≥ T — the library's own probability
// (XGBoost, LightGBM, onnxruntime's outputs committed beside the models), a forest's mean leaf
// share (scikit-learn's predict_proba, the share_<class> column) — and clear refusals otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useCli } from '../helpers/cli';

const cli = useCli();
const F = 'test/fixtures/imported';
const CANCER = 'test/fixtures/forest/breast_cancer.csv';

function column(csv: string, name: string): string[] {
  const [header, ...rows] = csv.trim().split('\n');
  const at = header.split(',').indexOf(name);
  assert.ok(at >= 0, `${name} in ${header}`);
  return rows.map((r) => r.split(',')[at]);
}

/** The probability of the model's second class per row, as its library computed it. */
function libraryProbability(reference: string): { classes: string[]; p: number[] } {
  const ref = JSON.parse(readFileSync(path.join(F, reference), 'utf8')) as { output?: number[]; probabilities?: number[]; classes?: string[] };
  if (ref.output) return { classes: ref.classes as string[], p: ref.output };
  // onnxruntime: rows × 2 probabilities in the model's class order (ours: the share_<class> columns).
  const probabilities = ref.probabilities as number[];
  return { classes: [], p: probabilities.filter((_, i) => i % 2 === 1) };
}

for (const [model, reference] of [
  ['xgb-cancer-logistic.json', 'xgb-cancer-logistic.expected.json'],
  ['lgb-cancer-binary.txt', 'lgb-cancer-binary.expected.json'],
  ['onnx-cancer-forest.onnx', 'onnx-cancer-forest.expected.json'],
] as const) {
  test(`predict --model ${model} --threshold: the second class exactly where the library's probability of it is ≥ T; --positive-class bounds the other`, () => {
    const { p } = libraryProbability(reference);
    const plain = cli.run('predict', '--model', path.join(F, model), CANCER);
    assert.equal(plain.status, 0, plain.stderr);
    const header = plain.stdout.split('\n')[0].split(',');
    const classes = header.filter((h) => h.startsWith('share_')).map((h) => h.slice('share_'.length));
    assert.equal(classes.length, 2);
    // Thresholds halfway between two of the library's distinct probabilities, one below 0.5 and one
    // above, so float32 rounding cannot put a row on the other side and the answers change.
    const distinct = [...new Set(p)].sort((a, b) => a - b);
    const gaps = distinct.slice(1).map((x, i) => (x - distinct[i] > 1e-4 ? (x + distinct[i]) / 2 : NaN)).filter((x) => !Number.isNaN(x));
    const below = gaps.filter((x) => x < 0.5);
    const above = gaps.filter((x) => x > 0.5);
    for (const T of [below[Math.floor(below.length / 2)], above[Math.floor(above.length / 2)]]) {
      const r = cli.run('predict', '--model', path.join(F, model), CANCER, '--threshold', String(T));
      assert.equal(r.status, 0, r.stderr);
      const want = p.map((x) => (x >= T ? classes[1] : classes[0]));
      assert.deepEqual(column(r.stdout, 'predicted_target'), want, `T ${T}`);
      assert.notDeepEqual(want, column(plain.stdout, 'predicted_target'), `T ${T} changes answers`);
    }
    const T0 = 1 - above[Math.floor(above.length / 2)];
    const other = cli.run('predict', '--model', path.join(F, model), CANCER, '--threshold', String(T0), '--positive-class', classes[0]);
    assert.equal(other.status, 0, other.stderr);
    assert.deepEqual(column(other.stdout, 'predicted_target'), p.map((x) => (1 - x >= T0 ? classes[0] : classes[1])));
  });
}

test('predict --threshold on a forest: the positive class (the rarer) exactly where its mean leaf share is ≥ T; refusals are clear', () => {
  const csv = 'test/fixtures/metrics/rare-positive.csv';
  const file = path.join(cli.dir, 'forest.json');
  const t = cli.run('train', csv, '--target', 'status', '--ensemble', 'forest', '--n-trees', '15', '--max-depth', '4', '--seed', '3', '--out', file);
  assert.equal(t.status, 0, t.stderr);
  const plain = cli.run('predict', '--model', file, csv);
  assert.equal(plain.status, 0, plain.stderr);
  const bad = column(plain.stdout, 'share_bad').map(Number);
  for (const T of [0.1, 0.3]) {
    const r = cli.run('predict', '--model', file, csv, '--threshold', String(T));
    assert.equal(r.status, 0, r.stderr);
    const want = bad.map((s) => (s >= T ? 'bad' : 'good'));
    assert.ok(want.filter((x) => x === 'bad').length > column(plain.stdout, 'predicted_status').filter((x) => x === 'bad').length, `T ${T} finds more "bad"`);
    assert.deepEqual(column(r.stdout, 'predicted_status'), want);
  }
  const ruled = cli.run('predict', '--model', file, csv, '--threshold', 'f1');
  assert.equal(ruled.status, 2);
  assert.match(ruled.stderr, /predict has none/);
  const iris = path.join(cli.dir, 'iris-forest.json');
  assert.equal(cli.run('train', 'media/samples/iris.csv', '--target', 'species', '--ensemble', 'forest', '--n-trees', '3', '--out', iris).status, 0);
  const three = cli.run('predict', '--model', iris, 'media/samples/iris.csv', '--threshold', '0.4');
  assert.equal(three.status, 2);
  assert.match(three.stderr, /two classes; "species" has 3 classes/);
});

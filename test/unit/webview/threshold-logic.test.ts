// The Metrics tab's decision threshold (webview/threshold-logic.ts) against the CLI's
// `evaluate --threshold` table on the same file: the panel reads its figures off the curve the
// worker sent, and every threshold it can stand on, every count and figure there, and the
// Youden/F1 presets must be those the CLI prints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useCli } from '../helpers/cli';
import { parseCsv } from '../../../src/engine/csv/read';
import { buildReport } from '../../../src/engine/report';
import type { ClassificationMetrics } from '../../../src/engine/metrics/types';
import { chartPosition, ThresholdPicker } from '../../../webview/threshold-logic';

const cli = useCli();
const csv = 'test/fixtures/metrics/rare-positive.csv';
const dataset = parseCsv(readFileSync(csv, 'utf8'));

interface Row {
  threshold: string;
  counts: number[];
  figures: string[];
}

/** evaluate's threshold section as printed: the row at T, then the curve's rows. */
function cliTable(stdout: string): { at: Row; curve: Row[] } {
  const lines = stdout.split('\n');
  const parse = (cells: string[]): Row => ({ threshold: cells[0], counts: cells.slice(1, 5).map(Number), figures: cells.slice(5) });
  const atLine = lines.find((l) => l.trimStart().startsWith('at the threshold')) as string;
  const start = lines.findIndex((l) => l.startsWith("metrics at each of the curve's"));
  const curve: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (line.trim() === '') break;
    curve.push(parse(line.trim().split(/\s+/)));
  }
  return { at: parse(atLine.trim().split(/\s+/).slice(3)), curve };
}

function assertRow(picker: ThresholdPicker, row: Row, what: string): void {
  const at = picker.figures();
  assert.ok(at, what);
  assert.equal(at.threshold.toFixed(4), row.threshold, `${what}: threshold`);
  assert.deepEqual([at.tp, at.fp, at.fn, at.tn], row.counts, `${what}: counts`);
  assert.deepEqual([at.accuracy, at.precision, at.recall, at.specificity, at.fpr, at.f1].map((x) => x.toFixed(4)), row.figures, `${what}: figures`);
}

test("on the out-of-fold curve the panel's thresholds, counts, figures and Youden/F1 presets are evaluate --cv 5 --threshold's", () => {
  const report = buildReport(dataset, { params: { target: 'status', maxDepth: 3 }, cvFolds: 5 });
  const pooled = report.metrics.crossValidation?.pooled as ClassificationMetrics;
  const picker = new ThresholdPicker(pooled, 0.5);
  for (const rule of ['youden', 'f1'] as const) {
    const r = cli.run('evaluate', csv, '--target', 'status', '--max-depth', '3', '--cv', '5', '--threshold', rule);
    assert.equal(r.status, 0, r.stderr);
    const table = cliTable(r.stdout);
    assert.equal(table.curve.length, picker.points.length, 'one step per distinct score');
    assert.ok(table.curve.length > 5);
    picker.threshold = picker.preset(rule);
    assertRow(picker, table.at, rule);
    // Walking the curve with the arrow keys visits every row of the table, highest threshold first, and stops at the ends.
    picker.threshold = 1.01;
    for (const [i, row] of table.curve.entries()) {
      picker.threshold = picker.step(1);
      assertRow(picker, row, `${rule}: step ${i}`);
    }
    assert.equal(picker.step(1), picker.threshold, 'the last step stays');
    picker.threshold = picker.step(-1);
    assertRow(picker, table.curve.at(-2) as Row, 'one step back');
  }
  // A click on a curve's point stands on its threshold, on the ROC and on the precision–recall chart;
  // a click just beside it too, where no other point is nearer.
  let clicked = 0;
  for (const p of picker.points) {
    for (const chart of ['roc', 'pr'] as const) {
      const { x, y } = chartPosition(chart, p);
      const others = picker.points.filter((q) => q !== p).map((q) => chartPosition(chart, q));
      if (others.some((q) => Math.hypot(q.x - x, q.y - y) < 0.02)) continue;
      assert.equal(picker.nearest(chart, x, y), p.threshold, `${chart} at ${p.threshold}`);
      assert.equal(picker.nearest(chart, x + 0.005, y - 0.005), p.threshold, `${chart} beside ${p.threshold}`);
      clicked++;
    }
  }
  assert.ok(clicked > picker.points.length, `${clicked} points clicked`);
});

test("on the hold-out rows the figures at a given threshold are evaluate --test-size 0.3 --threshold 0.1's", () => {
  const report = buildReport(dataset, { params: { target: 'status', maxDepth: 3 }, testSize: 0.3 });
  const picker = new ThresholdPicker(report.metrics.holdout as ClassificationMetrics, 0.1);
  const r = cli.run('evaluate', csv, '--target', 'status', '--max-depth', '3', '--test-size', '0.3', '--threshold', '0.1');
  assert.equal(r.status, 0, r.stderr);
  assertRow(picker, cliTable(r.stdout).at, 'at 0.1');
  // Above every score no row is positive: the ROC curve's first point (0, 0).
  picker.threshold = 1.01;
  assert.deepEqual(chartPosition('roc', picker.figures() ?? picker.points[0]), { x: 0, y: 0 });
});

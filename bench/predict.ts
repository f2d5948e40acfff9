// `npm run bench:predict`: predict, predictProba and predictLeaves on the 1M training rows of
// bench:tree's data (bench/lib/tree-data.ts) with fully grown and max_depth=10 exact CART trees,
// classification (numeric data, gini) and regression (squared error). Each tree is fitted in a
// fresh child process, which then times every call 3 times (median printed, wall and CPU seconds,
// the model's compilation included), and the two routing ways of route-rows.ts on their own so the
// choice between them can be checked. Figures are printed, never asserted.
// Options: --rows N (default 1,000,000).
import type { Criterion } from '../src/engine/model';
import { compileTree } from '../src/engine/tree/compiled-tree';
import { predict, predictLeaves, predictProba } from '../src/engine/tree/predict';
import { routeRows } from '../src/engine/tree/route-rows';
import { trainTree } from '../src/engine/tree/train';
import { type ChildReport, peakRss, runChild } from './lib/child-run';
import { median } from './lib/stats';
import { type DataKind, makeBenchData } from './lib/tree-data';

const REPEATS = 3;

interface Timing {
  wall: number;
  cpu: number;
}

interface PredictReport extends ChildReport {
  nodes: number;
  calls: Record<string, Timing>;
}

/** Median wall and CPU seconds of REPEATS calls of `work`, each after a full GC (the child runs with --expose-gc) so no call pays for the fit's garbage. */
function timed(work: () => unknown): Timing {
  const runs = Array.from({ length: REPEATS }, () => {
    (globalThis as { gc?: () => void }).gc?.();
    const cpu0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    work();
    const cpu = process.cpuUsage(cpu0);
    return { wall: Number(process.hrtime.bigint() - t0) / 1e9, cpu: (cpu.user + cpu.system) / 1e6 };
  });
  return { wall: median(runs.map((r) => r.wall)), cpu: median(runs.map((r) => r.cpu)) };
}

function child(kind: DataKind, rows: number, criterion: Criterion, depth: number | null): void {
  const { dataset } = makeBenchData(kind, rows, 42);
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const { model } = trainTree(dataset, { target: 'y', criterion, maxDepth: depth, splitter: 'exact' });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const calls: Record<string, Timing> = {
    predictLeaves: timed(() => predictLeaves(model, dataset)),
    predict: timed(() => predict(model, dataset)),
  };
  if (model.task === 'classification') calls.predictProba = timed(() => predictProba(model, dataset));
  calls['compile only'] = timed(() => compileTree(model, dataset));
  const tree = compileTree(model, dataset);
  const leaves = new Int32Array(dataset.rowCount);
  const reach = (leaf: number, row: number): void => {
    leaves[row] = leaf;
  };
  calls['route row by row'] = timed(() => routeRows(tree, dataset.rowCount, reach, false));
  calls['route node by node'] = timed(() => routeRows(tree, dataset.rowCount, reach, true));
  const report: PredictReport = { wall, cpu: (cpu.user + cpu.system) / 1e6, maxRss: peakRss(), nodes: model.nodes.length, calls };
  process.stdout.write(JSON.stringify(report) + '\n');
}

function main(): void {
  const i = process.argv.indexOf('--rows');
  const rows = i >= 0 ? Number(process.argv[i + 1]) : 1_000_000;
  console.log(`Predict on the ${rows.toLocaleString('en')} training rows, exact CART; each call's median of ${REPEATS} in one process (model compilation included). Machine shared: compare CPU seconds.`);
  console.log('| data | criterion | max_depth | nodes | call | wall s | CPU s |');
  console.log('|---|---|---|---:|---|---:|---:|');
  const cases: ReadonlyArray<{ kind: DataKind; criterion: Criterion }> = [
    { kind: 'numeric', criterion: 'gini' },
    { kind: 'regression', criterion: 'squared_error' },
  ];
  for (const { kind, criterion } of cases) {
    for (const depth of [null, 10]) {
      const r = runChild<PredictReport>(process.execPath, ['--expose-gc', __filename, '--child', kind, String(rows), criterion, depth === null ? 'none' : String(depth)]);
      for (const [call, t] of Object.entries(r.calls)) {
        console.log(`| ${kind} | ${criterion} | ${depth ?? 'None'} | ${r.nodes} | ${call} | ${t.wall.toFixed(3)} | ${t.cpu.toFixed(3)} |`);
      }
    }
  }
}

if (process.argv[2] === '--child') {
  const [kind, rows, criterion, depth] = process.argv.slice(3);
  child(kind as DataKind, Number(rows), criterion as Criterion, depth === 'none' ? null : Number(depth));
} else {
  main();
}

// bench:report — the whole "Train decision tree" job as the extension runs it: the report job in
// the real engine worker (dist/worker.js, through the host's WorkerBridge) with the extension's
// default settings (fully grown, 30% held out, permutation importance), on generated regression
// and classification data (bench/lib/tree-data.ts). Printed per size: the time of each phase of
// the report (from the worker's progress messages), and on the host's side what receiving it
// costs: the longest the host's event loop went without a turn from the job's last progress
// message until the report was in (the host keeps it as it arrives: report-transfer.ts), and the
// panel's first message made from it (panel-report.ts). Then the Rules tab's first page of the
// tree and a row path, as the panel asks for them on the host.
// Each figure is the median of RUNS runs (each in a fresh worker; the same data). Printed, never
// asserted. Run: node scripts/build.mjs && node dist/bench/report.js (REPORT_ROWS=143000,700000
// picks the sizes, REPORT_RUNS the runs).
import path from 'node:path';
import { RulePages } from '../src/panel/rules-page';
import { rowPath } from '../src/shared/row-path';
import { panelReport } from '../src/panel/panel-report';
import { DEFAULT_TRAIN_SETTINGS, reportOptions } from '../src/shared/train-settings';
import { WorkerBridge } from '../src/host/worker-bridge';
import { nodeEngine } from '../src/host/node-platform';
import { median } from './lib/stats';
import { makeBenchData, type DataKind } from './lib/tree-data';

const RUNS = Number(process.env.REPORT_RUNS ?? 3);

/** One run's figures, in ms: the report's phases and total, and the host's side. */
type Figures = Record<string, number>;

async function one(kind: DataKind, rows: number): Promise<void> {
  const { dataset } = makeBenchData(kind, rows, 11);
  const runs: Figures[] = [];
  let nodes = 0;
  let leaves = 0;
  for (let run = 0; run < RUNS; run++) {
    const r = await measure(dataset);
    runs.push(r.figures);
    [nodes, leaves] = [r.nodes, r.leaves];
  }
  const m = (key: string) => median(runs.map((r) => r[key] ?? 0));
  const seconds = (key: string) => (m(key) / 1000).toFixed(1);
  const phases = Object.keys(runs[0]).filter((k) => k.startsWith('phase:'));
  console.log(
    `${kind} ${rows.toLocaleString('en-US')} rows → ${nodes.toLocaleString('en-US')} nodes: report ${seconds('total')} s ` +
      `(${phases.map((k) => `${k.slice(6)} ${seconds(k)}`).join(', ')}; runs ${runs.map((r) => (r.total / 1000).toFixed(1)).join(', ')}); ` +
      `host: longest event-loop gap while receiving ${m('stall').toFixed(0)} ms, panel's first message made in ${m('panel').toFixed(0)} ms; ` +
      `Rules tab first page (250 of ${leaves.toLocaleString('en-US')}) ${m('page').toFixed(0)} ms; row path ${m('firstPath').toFixed(0)} ms, then ${m('nextPath').toFixed(1)} ms (tree compiled once)`,
  );
}

/** One report job and the host's work on its result. */
async function measure(dataset: ReturnType<typeof makeBenchData>['dataset']): Promise<{ figures: Figures; nodes: number; leaves: number }> {
  const bridge = new WorkerBridge(() => nodeEngine(path.join(__dirname, '..', 'worker.js')));
  const phases: [string, number][] = [];
  let phase = 'start';
  let since = performance.now();
  const started = since;
  // The host's event loop: a tick every 5 ms; the longest gap from the last progress message on.
  let lastTick = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - lastTick);
    lastTick = now;
  }, 5);
  const report = await bridge.run('report', { dataset, options: reportOptions(DEFAULT_TRAIN_SETTINGS, 'y') }, {
    onProgress: (p) => {
      const name = p.phase === 'report' ? p.step : p.phase;
      if (name === phase) return;
      const now = performance.now();
      phases.push([phase, now - since]);
      [phase, since] = [name, now];
      longest = 0;
    },
  }).result;
  const done = performance.now();
  phases.push([phase, done - since]);
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(ticker);
  const stall = longest;
  let t = performance.now();
  panelReport(report);
  const panelMs = performance.now() - t;
  t = performance.now();
  const page = new RulePages().answer(report.model, { offset: 0, limit: 250, sort: { key: 'covered', descending: true } });
  const pageMs = performance.now() - t;
  t = performance.now();
  rowPath(report.model, dataset, 0);
  const firstPathMs = performance.now() - t;
  t = performance.now();
  rowPath(report.model, dataset, 1);
  const nextPathMs = performance.now() - t;
  const figures: Figures = { total: done - started, stall, panel: panelMs, page: pageMs, firstPath: firstPathMs, nextPath: nextPathMs };
  for (const [name, ms] of phases) if (name !== 'start') figures[`phase:${name}`] = ms;
  return { figures, nodes: report.model.totalNodes, leaves: page.total };
}

async function main(): Promise<void> {
  const sizes = (process.env.REPORT_ROWS ?? '143000,700000').split(',').map(Number);
  for (const rows of sizes) for (const kind of ['regression', 'numeric'] as const) await one(kind, rows);
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

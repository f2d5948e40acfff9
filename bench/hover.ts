// `npm run bench:hover`: latency of the CSV hover on a generated 100,000-row file (8 numeric and
// 2 categorical columns — one quoted with commas inside — and a class). Cold: the worker job
// that parses the document text, indexes its records and scores every column (the hover shows
// "computing…" meanwhile), through the real dist/worker.js. Warm: one hover with that data cached
// — position → cell on the document's lines, then the markdown — on header and data cells.
// Figures are printed, never asserted.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseCsv } from '../src/engine/csv/read';
import { cellAt } from '../src/engine/locate/cell-at';
import { recordStartLines } from '../src/engine/locate/record-lines';
import { createRng, randomInt } from '../src/engine/random';
import { trainTree } from '../src/engine/tree/train';
import { rowPath } from '../src/shared/row-path';
import { packModel } from '../src/shared/report-transfer';
import { modelOf } from '../src/engine/tree-columns';
import { WorkerBridge } from '../src/host/worker-bridge';
import { nodeEngine } from '../src/host/node-platform';
import { headerHover, targetHover } from '../src/hover/column-hover';
import { buildHoverData } from '../src/worker/jobs/hover-data';
import type { HoverData } from '../src/shared/worker-messages';
import { rowHover } from '../src/hover/row-hover';
import { median, mib } from './lib/stats';
import { writeSyntheticCsv } from './lib/synthetic-csv';

const ROWS = 100_000;
const HOVERS = 400;
const URI = 'file:///bench/hover.csv';

function time<T>(run: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = run();
  return { ms: performance.now() - t0, value };
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-bench-hover-'));
  const file = path.join(dir, 'hover.csv');
  writeSyntheticCsv(file, { rows: ROWS, numeric: 8, categorical: 2, seed: 7 });
  const text = readFileSync(file, 'utf8');
  rmSync(dir, { recursive: true, force: true });
  const lines = text.split('\n');
  console.log(`hover bench: ${ROWS.toLocaleString('en-US')} rows, ${lines[0].split(',').length} columns, ${mib(Buffer.byteLength(text))}`);

  // Cold, in the worker as the extension runs it (text cloned in, typed arrays moved back).
  const bridge = new WorkerBridge(() => nodeEngine(path.join(process.cwd(), 'dist/worker.js')));
  const cold: number[] = [];
  let data: HoverData | undefined;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    data = await bridge.run('hover', { source: { kind: 'text', text }, fileName: 'hover.csv', request: { target: 'class' } }).result;
    cold.push(performance.now() - t0);
  }
  bridge.dispose();
  if (data === undefined) throw new Error('no hover data');
  console.log(`cold (worker job until the first hover can answer): median ${ms(median(cold))} of ${cold.map(ms).join(', ')}`);

  // The parts of the cold job, in this thread.
  const parse = time(() => parseCsv(text));
  const index = time(() => recordStartLines(text, ','));
  const scores = time(() => buildHoverData(parse.value, index.value, { target: 'class' }));
  console.log(`  of which: parse ${ms(parse.ms)}, record index ${ms(index.ms)}, profiles + split scores ${ms(scores.ms)}`);

  // Warm hovers with the data cached: the provider's synchronous work.
  // The tree as the host holds it: columns (src/engine/tree-columns.ts).
  const held = packModel(trainTree(data.dataset, { target: 'class', maxDepth: 8 }).model);
  const rng = createRng(11);
  const lineText = (l: number) => lines[l];
  const header: number[] = [];
  const cell: number[] = [];
  const cached = data;
  for (let i = 0; i < HOVERS; i++) {
    const onHeader = i % 2 === 0;
    const line = onHeader ? 0 : 1 + randomInt(rng, ROWS);
    const character = randomInt(rng, lines[line].length);
    const t = time(() => {
      const at = cellAt({ lineText, line, character, delimiter: ',', recordStarts: cached.recordStarts });
      if ('declined' in at) return at.declined;
      if (at.record === 0) {
        return cached.profiles[at.field].name === cached.target ? targetHover(cached, at.field, URI) : headerHover(cached, at.field, URI);
      }
      const path = rowPath(held, cached.dataset, at.record - 1);
      return rowHover(modelOf(held, path.path), path, cached.profiles[at.field].name, URI);
    });
    if (t.value.length < 20) throw new Error(`hover ${i} produced no content: ${t.value}`);
    (onHeader ? header : cell).push(t.ms);
  }
  const report = (name: string, xs: number[]) =>
    console.log(`warm ${name}: median ${ms(median(xs))}, p95 ${ms(percentile(xs, 95))}, max ${ms(Math.max(...xs))} over ${xs.length} hovers`);
  report('header hover (profile, split, rank, chart)', header);
  report('data cell hover (prediction, path)', cell);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

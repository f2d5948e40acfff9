// `npm run bench:csv`: parse throughput and memory of the CSV reader on two deterministic
// 1,000,000-row CSVs, generated once into bench/data/ and reused: a mixed file (20 numeric, 5
// categorical columns and a class column), an all-numeric one (20 measurements and an integer
// class, ~160 MB: issue 7's "1M×21 numeric CSV") and a discrete one (20 columns of few distinct
// values and a class). Each run is a fresh child process (clean peak RSS); medians of 5 runs
// (pandas' CPU time varies most between runs). When /usr/bin/python3 has pandas, pandas.read_csv is timed on the same
// file in the same run. Figures are printed, never asserted. On a busy machine wall time swells
// with waiting for a core; CPU seconds are the steadier comparison, so both are shown.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadCsvFile } from '../src/worker/load-csv';
import { isNumeric, type Dataset } from '../src/engine/dataset';
import { reportFromChild, runChild, type ChildReport, type CpuSplit } from './lib/child-run';
import { pythonTimer, pythonWith } from './lib/python';
import { median, mib } from './lib/stats';
import { writeDiscreteCsv, writeNumericCsv, writeSyntheticCsv, type SyntheticShape } from './lib/synthetic-csv';

const ROWS = 1_000_000;
const RUNS = 5;

interface BenchFile {
  label: string;
  file: string;
  columns: number;
  write: (file: string, shape: SyntheticShape) => void;
  shape: SyntheticShape;
}

const FILES: BenchFile[] = [
  {
    label: 'mixed',
    file: path.join('bench', 'data', `csv-${ROWS}x20n5c-seed1.csv`),
    columns: 26,
    write: writeSyntheticCsv,
    shape: { rows: ROWS, numeric: 20, categorical: 5, seed: 1 },
  },
  {
    label: 'numeric',
    file: path.join('bench', 'data', `csv-${ROWS}x21n-seed1.csv`),
    columns: 21,
    write: writeNumericCsv,
    shape: { rows: ROWS, numeric: 20, categorical: 0, seed: 1 },
  },
  {
    label: 'discrete',
    file: path.join('bench', 'data', `csv-${ROWS}x21d-seed1.csv`),
    columns: 21,
    write: writeDiscreteCsv,
    shape: { rows: ROWS, numeric: 20, categorical: 0, seed: 1 },
  },
];

interface OursReport extends ChildReport, CpuSplit {
  rows: number;
  columnarBytes: number;
}

/** Bytes of the typed arrays (plus dictionary strings at 2 bytes per character). */
function columnarBytes(dataset: Dataset): number {
  let bytes = 0;
  for (const c of dataset.columns) {
    if (isNumeric(c)) bytes += c.values.byteLength;
    else bytes += c.codes.byteLength + c.categories.reduce((s, v) => s + 2 * v.length, 0);
  }
  return bytes;
}

function summarise<T extends ChildReport & CpuSplit>(runs: T[]): { wall: number; cpu: number; user: number; system: number; maxRss: number } {
  const middle = (pick: (r: T) => number) => median(runs.map(pick));
  return { wall: middle((r) => r.wall), cpu: middle((r) => r.cpu), user: middle((r) => r.user), system: middle((r) => r.system), maxRss: Math.max(...runs.map((r) => r.maxRss)) };
}

/** "cpu 0.62 s (user 0.50, system 0.12)": pandas' CPU time varies mostly in its system part. */
function cpuLine(s: { cpu: number; user: number; system: number }): string {
  return `cpu ${s.cpu.toFixed(2)} s (medians: user ${s.user.toFixed(2)}, system ${s.system.toFixed(2)})`;
}

/** One file: our reader and pandas, RUNS fresh processes each; prints both and returns the summary line. */
function benchFile(b: BenchFile, python: string | null): string {
  if (!existsSync(b.file)) {
    mkdirSync(path.dirname(b.file), { recursive: true });
    process.stdout.write(`generating ${b.file} …\n`);
    b.write(b.file, b.shape);
  }
  const size = statSync(b.file).size;
  process.stdout.write(`${b.label} file: ${b.file}, ${mib(size)}, ${ROWS} rows, ${b.columns} columns; median of ${RUNS} runs, each in a fresh process\n\n`);

  const ours: OursReport[] = [];
  for (let i = 0; i < RUNS; i++) ours.push(runChild<OursReport>(process.execPath, [__filename, '--child', b.file]));
  const o = summarise(ours);
  const columnar = ours[0].columnarBytes;
  process.stdout.write(
    [
      'ours (readCsv via loadCsvFile):',
      `  wall ${o.wall.toFixed(2)} s, ${cpuLine(o)}`,
      `  ${(size / 1048576 / o.wall).toFixed(1)} MiB/s, ${Math.round(ROWS / o.wall).toLocaleString('en-US')} rows/s (per CPU second: ${(size / 1048576 / o.cpu).toFixed(1)} MiB/s)`,
      `  peak RSS ${mib(o.maxRss)}; columnar size ${mib(columnar)}; RSS/columnar ${(o.maxRss / columnar).toFixed(2)} (goal ≤ 1.5)`,
      '',
    ].join('\n'),
  );
  const rssLine = `RSS/columnar ${(o.maxRss / columnar).toFixed(2)}`;
  if (python === null) return `${b.label}: ours cpu ${o.cpu.toFixed(2)} s, ${rssLine}; pandas not available`;

  const script = pythonTimer('import pandas, sys', 'df = pandas.read_csv(sys.argv[1])');
  const pandas: Array<ChildReport & CpuSplit> = [];
  for (let i = 0; i < RUNS; i++) pandas.push(runChild<ChildReport & CpuSplit>(python, ['-c', script, b.file]));
  const p = summarise(pandas);
  const ratio = `ratio ours/pandas: wall ${(o.wall / p.wall).toFixed(2)}, cpu ${(o.cpu / p.cpu).toFixed(2)}, peak RSS ${(o.maxRss / p.maxRss).toFixed(2)}`;
  process.stdout.write(
    [
      'pandas.read_csv (C engine, default options):',
      `  wall ${p.wall.toFixed(2)} s, ${cpuLine(p)}`,
      `  ${(size / 1048576 / p.wall).toFixed(1)} MiB/s, ${Math.round(ROWS / p.wall).toLocaleString('en-US')} rows/s (per CPU second: ${(size / 1048576 / p.cpu).toFixed(1)} MiB/s)`,
      `  peak RSS ${mib(p.maxRss)}`,
      '',
      `${ratio} (goal: wall ≤ 1; issue 7: cpu ≤ 0.5)`,
      '',
      '',
    ].join('\n'),
  );
  return `${b.label}: ours cpu ${o.cpu.toFixed(2)} s vs pandas ${p.cpu.toFixed(2)} s = ${(o.cpu / p.cpu).toFixed(2)} (issue 7: ≤ 0.5; user alone ${(o.user / p.user).toFixed(2)}); ${rssLine}`;
}

async function main(): Promise<void> {
  if (process.argv[2] === '--child') {
    await reportFromChild(async () => {
      const dataset = await loadCsvFile(process.argv[3]);
      return { rows: dataset.rowCount, columnarBytes: columnarBytes(dataset) };
    });
    return;
  }
  const python = pythonWith(['pandas']);
  if (python === null) process.stdout.write('pandas: not available (/usr/bin/python3 with pandas), no comparison\n\n');
  const lines = FILES.map((b) => benchFile(b, python));
  process.stdout.write(['summary (CPU seconds, medians):', ...lines.map((l) => `  ${l}`), ''].join('\n'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});

// `npm run bench:export` (issue 14 item 7): a fully grown classification tree on a synthetic CSV
// whose labels are noise (bench/lib/synthetic-csv.ts, mixed columns: numbers with missing values,
// quoted categories), so it has about as many leaves as rows; exported to Python and JavaScript.
// Printed: the files' sizes; Python's import (first import: compiled from source, no .pyc) wall
// seconds and peak RSS; the seconds to convert every CSV row (convert_row / convertRow) and to
// predict them, in Python and in node. Every prediction is checked against the engine's predict().
// Options: --rows N (default 360,000: about 250,000 nodes, the size issue 14 names).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCsv } from '../src/engine/csv/read';
import { exportCode } from '../src/engine/export/code';
import { predict } from '../src/engine/tree/predict';
import { trainTree } from '../src/engine/tree/train';
import { peakRss } from './lib/child-run';
import { PEAK_RSS_PY, PYTHON } from './lib/python';
import { writeSyntheticCsv } from './lib/synthetic-csv';

const rowsArg = process.argv.indexOf('--rows');
const ROWS = rowsArg >= 0 ? Number(process.argv[rowsArg + 1]) : 360_000;

/** Loads the module, converts and predicts every row of the CSV, writes the predictions as JSON; prints its timings as JSON. */
const PYTHON_RUN = `import csv, importlib.util, json, sys, time
sys.dont_write_bytecode = True
module_file, csv_file, out_file = sys.argv[1:4]
def now():
    return (time.perf_counter(), time.process_time())
def since(t):
    return {"wall": time.perf_counter() - t[0], "cpu": time.process_time() - t[1]}
t = now()
spec = importlib.util.spec_from_file_location("tree", module_file)
tree = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tree)
imported = since(t)
rss_import = ${PEAK_RSS_PY}
with open(csv_file, newline="", encoding="utf-8") as f:
    rows = list(csv.DictReader(f))
t = now()
values = [tree.convert_row(r) for r in rows]
converted = since(t)
t = now()
predictions = [tree.predict(v) for v in values]
predicted = since(t)
with open(out_file, "w") as f:
    json.dump(predictions, f)
print(json.dumps({"import": imported, "importRss": rss_import, "convert": converted, "predict": predicted, "maxRss": ${PEAK_RSS_PY}}))`;

/** The fields of one CSV line (RFC 4180 quoting, no newlines inside fields: the synthetic file has none). */
function splitLine(line: string): string[] {
  const fields: string[] = [];
  const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (let m = re.exec(line); m !== null; m = re.exec(line)) {
    fields.push(m[1].startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : m[1]);
    if (m[2] === '') break;
  }
  return fields;
}

/** Wall and CPU seconds. */
interface Seconds {
  wall: number;
  cpu: number;
}

interface Timings {
  import: Seconds;
  importRss: number;
  convert: Seconds;
  predict: Seconds;
  maxRss: number;
}

/** Runs `work`, with its wall and CPU seconds. */
function timed<T>(work: () => T): [T, Seconds] {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = work();
  const cpu = process.cpuUsage(cpu0);
  return [result, { wall: (performance.now() - t0) / 1000, cpu: (cpu.user + cpu.system) / 1e6 }];
}

/** The same as PYTHON_RUN in a node child: `node bench/export.js --child-js module csv out`. */
function childJs(moduleFile: string, csvFile: string, outFile: string): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const [tree, imported] = timed(() => require(moduleFile) as { predict(row: unknown): unknown; convertRow(row: Record<string, string>): unknown });
  const importRss = peakRss();
  const [header, ...lines] = readFileSync(csvFile, 'utf8').split('\n').filter((l) => l !== '');
  const names = splitLine(header);
  const rows = lines.map((line) => {
    const fields = splitLine(line);
    return Object.fromEntries(names.map((n, i) => [n, fields[i]]));
  });
  const [values, converted] = timed(() => rows.map((r) => tree.convertRow(r)));
  const [predictions, predicted] = timed(() => values.map((v) => tree.predict(v)));
  writeFileSync(outFile, JSON.stringify(predictions));
  const timings: Timings = { import: imported, importRss, convert: converted, predict: predicted, maxRss: peakRss() };
  process.stdout.write(JSON.stringify(timings) + '\n');
}

function run(command: string, args: string[]): Timings {
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${command} failed (${r.status}):\n${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]) as Timings;
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
const s = (seconds: number): string => `${seconds.toFixed(2)} s`;
const ws = (t: Seconds): string => `${s(t.wall)} (CPU ${s(t.cpu)})`;

function main(): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-bench-export-'));
  try {
    const csvFile = path.join(dir, 'noise.csv');
    writeSyntheticCsv(csvFile, { rows: ROWS, numeric: 6, categorical: 2, seed: 11 });
    const dataset = parseCsv(readFileSync(csvFile));
    const t0 = performance.now();
    const { model } = trainTree(dataset, { target: 'class', splitter: 'exact' });
    const leaves = model.nodes.filter((n) => n.children.length === 0).length;
    const depth = model.nodes.reduce((d, n) => Math.max(d, n.depth), 0);
    console.log(`${ROWS} rows: fully grown tree of ${model.nodes.length} nodes (${leaves} leaves, depth ${depth}), trained in ${s((performance.now() - t0) / 1000)}`);
    const expected = predict(model, dataset);
    const languages = [
      { name: 'Python', format: 'python' as const, file: path.join(dir, 'tree.py'), command: PYTHON, args: ['-B', '-c', PYTHON_RUN] },
      { name: 'JavaScript', format: 'js' as const, file: path.join(dir, 'tree.js'), command: process.execPath, args: [__filename, '--child-js'] },
    ];
    let wrong = 0;
    for (const lang of languages) {
      const t1 = performance.now();
      writeFileSync(lang.file, exportCode(model, lang.format));
      const exportSeconds = (performance.now() - t1) / 1000;
      const out = path.join(dir, `${lang.format}.json`);
      const t = run(lang.command, [...lang.args, lang.file, csvFile, out]);
      const got = JSON.parse(readFileSync(out, 'utf8')) as unknown[];
      const mismatches = expected.filter((e, i) => got[i] !== e).length + Math.abs(got.length - expected.length);
      wrong += mismatches;
      console.log(
        `${lang.name}: file ${mb(statSync(lang.file).size)} (written in ${s(exportSeconds)}); import ${ws(t.import)}, peak RSS after import ${mb(t.importRss)}; ` +
          `convert ${ROWS} rows ${ws(t.convert)}, predict them ${ws(t.predict)} (${((t.predict.wall / ROWS) * 1e6).toFixed(1)} µs/row); peak RSS ${mb(t.maxRss)}; ` +
          `${mismatches === 0 ? 'every prediction equals predict()' : `${mismatches} predictions differ from predict()`}`,
      );
      if (lang.format === 'python') {
        // A second import reads the bytecode Python caches beside the module (__pycache__).
        spawnSync(PYTHON, ['-c', 'import py_compile, sys; py_compile.compile(sys.argv[1])', lang.file]);
        console.log(`Python, imported again from its cached bytecode: ${ws(run(lang.command, [...lang.args, lang.file, csvFile, out]).import)}`);
      }
    }
    if (wrong > 0) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const child = process.argv.indexOf('--child-js');
if (child >= 0) childJs(process.argv[child + 1], process.argv[child + 2], process.argv[child + 3]);
else main();

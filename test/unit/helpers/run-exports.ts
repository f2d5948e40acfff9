// Runs exported code for real: JavaScript in a Node vm, Python with /usr/bin/python3, SQL in
// SQLite (sql.js: SQLite compiled to WebAssembly, no native build). Rows go in as JSON-like objects (numbers, strings, null = missing), or
// as the strings of a CSV file through the export's own row converter.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { type Dataset, isNumeric } from '../../../src/engine/dataset';
import { sqlIdentifier } from '../../../src/engine/export/sql';

export type Row = Record<string, number | string | null>;

export function datasetRows(dataset: Dataset): Row[] {
  const rows: Row[] = [];
  for (let r = 0; r < dataset.rowCount; r++) {
    const row: Row = {};
    for (const c of dataset.columns) {
      if (isNumeric(c)) row[c.name] = Number.isNaN(c.values[r]) ? null : c.values[r];
      else row[c.name] = c.codes[r] < 0 ? null : c.categories[c.codes[r]];
    }
    rows.push(row);
  }
  return rows;
}

export function runJavaScript(code: string, rows: readonly Row[]): unknown[] {
  const predict = vm.runInNewContext(`${code}\n;predict`) as (row: Row) => unknown;
  return rows.map((r) => predict(r));
}

/** Predictions for rows of strings, each passed through convertRow. */
export function runJavaScriptOnStrings(code: string, rows: ReadonlyArray<Record<string, string>>): unknown[] {
  const { predict, convertRow } = vm.runInNewContext(`${code}\n;({ predict, convertRow })`) as Record<string, (row: unknown) => unknown>;
  return rows.map((row) => predict(convertRow(row)));
}

/** Predictions for the rows of a CSV without quoted fields, each split at commas and passed through convertRow. */
export function runJavaScriptOnCsv(code: string, csv: string): unknown[] {
  const [header, ...lines] = csv.split('\n').filter((l) => l !== '');
  const names = header.split(',');
  return runJavaScriptOnStrings(
    code,
    lines.map((line) => {
      const fields = line.split(',');
      return Object.fromEntries(names.map((n, i) => [n, fields[i]]));
    }),
  );
}

/** Runs `harness` after the exported code in /usr/bin/python3 (from a file: code can exceed a command line's limit), `input` on stdin; its JSON output. */
export function runPythonScript(code: string, harness: string, input: string): unknown {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dte-export-'));
  try {
    const file = path.join(dir, 'run.py');
    writeFileSync(file, `${code}\n\nimport csv, io, json, sys\n${harness}\n`);
    const r = spawnSync('/usr/bin/python3', ['-B', file], { input, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, PYTHONIOENCODING: 'utf-8' } });
    if (r.status !== 0) throw new Error(`python failed: ${r.stderr}`);
    return JSON.parse(r.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function runPython(code: string, rows: readonly Row[]): unknown[] {
  return runPythonScript(code, 'print(json.dumps([predict(r) for r in json.load(sys.stdin)]))', JSON.stringify(rows)) as unknown[];
}

/** Predictions for the rows of a CSV read by csv.DictReader, each passed through convert_row. */
export function runPythonOnCsv(code: string, csv: string): unknown[] {
  return runPythonScript(code, "print(json.dumps([predict(convert_row(r)) for r in csv.DictReader(io.StringIO(sys.stdin.read(), newline=''))]))", csv) as unknown[];
}

let sqlite: Promise<SqlJsStatic> | undefined;

export async function runSql(code: string, dataset: Dataset, rows: readonly Row[]): Promise<unknown[]> {
  const SQL = await (sqlite ??= initSqlJs());
  const db = new SQL.Database();
  try {
    const cols = dataset.columns.map((c) => `${sqlIdentifier(c.name)} ${isNumeric(c) ? 'REAL' : 'TEXT'}`);
    db.run(`CREATE TABLE "data" (${cols.join(', ')})`);
    const insert = db.prepare(`INSERT INTO "data" VALUES (${dataset.columns.map(() => '?').join(', ')})`);
    for (const row of rows) insert.run(dataset.columns.map((c) => row[c.name]));
    insert.free();
    const [result] = db.exec(code);
    return (result?.values ?? []).map((r) => r[0]);
  } finally {
    db.close();
  }
}

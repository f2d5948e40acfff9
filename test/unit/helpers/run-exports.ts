// Runs exported code for real: JavaScript in a Node vm, Python with /usr/bin/python3, SQL in
// SQLite (better-sqlite3). Rows go in as JSON-like objects (numbers, strings, null = missing).
import { spawnSync } from 'node:child_process';
import vm from 'node:vm';
import Database from 'better-sqlite3';
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

export function runPython(code: string, rows: readonly Row[]): unknown[] {
  const harness = `${code}\n\nimport json, sys\nrows = json.load(sys.stdin)\nprint(json.dumps([predict(r) for r in rows]))\n`;
  const r = spawnSync('/usr/bin/python3', ['-c', harness], { input: JSON.stringify(rows), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

export function runSql(code: string, dataset: Dataset, rows: readonly Row[]): unknown[] {
  const db = new Database(':memory:');
  try {
    const cols = dataset.columns.map((c) => `${sqlIdentifier(c.name)} ${isNumeric(c) ? 'REAL' : 'TEXT'}`);
    db.exec(`CREATE TABLE "data" (${cols.join(', ')})`);
    const insert = db.prepare(`INSERT INTO "data" VALUES (${dataset.columns.map(() => '?').join(', ')})`);
    for (const row of rows) insert.run(...dataset.columns.map((c) => row[c.name]));
    return db
      .prepare(code)
      .raw()
      .all()
      .map((r) => (r as unknown[])[0]);
  } finally {
    db.close();
  }
}

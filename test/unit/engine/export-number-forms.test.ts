// The exports' convert_row / convertRow read numbers as the reader does (README "Numbers in other
// forms"): on the rows of the number-forms fixtures, as strings from the file, the exported code
// agrees with predict() — infinities, "$16,100", "13.99%", "35,000", and a ; file's decimal commas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { exportCode } from '../../../src/engine/export/code';
import { predict } from '../../../src/engine/tree/predict';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainTree } from '../../../src/engine/tree/train';
import { runJavaScriptOnStrings, runPythonScript } from '../helpers/run-exports';

const DIR = path.join(process.cwd(), 'test/fixtures/csv/number-forms');

/** The records of a fixture (quotes only around whole fields, no delimiter inside a number's quotes but money.csv's commas) keyed by header. */
function records(text: string, delimiter: string): Array<Record<string, string>> {
  const split = (line: string): string[] => (line.match(new RegExp(`("[^"]*"|[^${delimiter}]*)(${delimiter}|$)`, 'g')) ?? []).slice(0, -1).map((f) => f.replace(new RegExp(`${delimiter}$`), '').replace(/^"(.*)"$/, '$1'));
  const [header, ...lines] = text.trim().split('\n');
  const names = split(header);
  return lines.map((l) => Object.fromEntries(split(l).map((v, i) => [names[i], v])));
}

for (const [file, target, delimiter] of [['money.csv', 'grade', ','], ['inf.csv', 'y', ','], ['csv2.csv', 'status', ';']] as const) {
  test(`${file}: Python and JavaScript exports read its numbers as predict does`, () => {
    const text = readFileSync(path.join(DIR, file), 'utf8');
    const data = parseCsv(text);
    const { model } = trainTree(data, { target });
    const expected = predict(model, data);
    const rows = records(text, delimiter);
    assert.equal(rows.length, data.rowCount);
    assert.deepEqual(runJavaScriptOnStrings(exportCode(model, 'js'), rows), expected, 'JavaScript');
    const python = runPythonScript(exportCode(model, 'python'), `print(json.dumps([predict(convert_row(r)) for r in csv.DictReader(io.StringIO(sys.stdin.read(), newline=''), delimiter=${JSON.stringify(delimiter)})]))`, text);
    assert.deepEqual(python, expected, 'Python');
    if (file === 'csv2.csv') assert.ok(model.features.some((f) => f.decimal === ','));
  });
}

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { buildReport } from '../../../src/engine/report';
import type { TreeReport } from '../../../src/engine/report-types';
import type { Rule } from '../../../src/engine/rules/types';
import { RulePages } from '../../../src/panel/rules-page';
import { RULE_SORT_KEYS, type RulesPageRequest, type RuleSort } from '../../../src/shared/protocol';
import type { TreeColumns } from '../../../src/engine/model-columns';
import { packModel } from '../../../src/shared/report-transfer';

const sample = (name: string) => parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', name)));
// A fully grown regression tree (hundreds of rules) and a classification tree with several classes.
const diabetes = buildReport(sample('diabetes.csv'), { params: { target: 'disease_progression' }, simplify: false, permutationRepeats: 0 });
const iris = buildReport(sample('iris.csv'), { params: { target: 'species' }, simplify: false, permutationRepeats: 0 });

const request = (sort: RuleSort, offset: number, limit: number): RulesPageRequest => ({ offset, limit, sort });
/** Each report's tree as the host holds it: one set of columns per report. */
const held = new Map<TreeReport, TreeColumns<Float64Array>>();
const columns = (report: TreeReport) => held.get(report) ?? held.set(report, packModel(report.model)).get(report)!;

/** Every page of `limit` rules, in order: the indices the Rules tab would number. */
function allPages(pages: RulePages, report: TreeReport, sort: RuleSort, limit: number): number[] {
  const { rules } = report;
  const seen: number[] = [];
  for (let offset = 0; offset < rules.length; offset += limit) {
    const page = pages.answer(columns(report), request(sort, offset, limit));
    assert.equal(page.offset, offset);
    assert.equal(page.total, rules.length);
    assert.equal(page.rows.length, Math.min(limit, rules.length - offset));
    for (const row of page.rows) assert.deepEqual(row.rule, rules[row.index]);
    seen.push(...page.rows.map((r) => r.index));
  }
  return seen;
}

function value(key: RuleSort['key'], rules: Rule[], i: number): number | string {
  const r = rules[i];
  return key === 'order' ? i : key === 'conditions' ? r.conditions.length : key === 'prediction' ? r.prediction : key === 'covered' ? r.covered : (r.mse ?? r.accuracy)!;
}

test('pages of every sort cover each rule once, in the sorted order, ties in the report order', () => {
  for (const report of [diabetes, iris]) {
    const { rules } = report;
    const pages = new RulePages();
    for (const key of RULE_SORT_KEYS) {
      for (const descending of [false, true]) {
        const order = allPages(pages, report, { key, descending }, 97);
        assert.deepEqual([...order].sort((a, b) => a - b), rules.map((_r, i) => i), `${key}: each rule once`);
        for (let k = 1; k < order.length; k++) {
          const [a, b] = [value(key, rules, order[k - 1]), value(key, rules, order[k])];
          const d = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en');
          assert.ok((descending ? -d : d) < 0 || (d === 0 && order[k - 1] < order[k]), `${report.model.target} ${key} ${descending}: ${a} then ${b}`);
        }
      }
    }
  }
  assert.ok(diabetes.rules.length > 250, 'the regression tree has more than a page of rules');
});

test('the report order is coverage, largest first; a page past the end is empty', () => {
  const pages = new RulePages();
  const rules = diabetes.rules;
  assert.deepEqual(allPages(pages, diabetes, { key: 'order', descending: false }, 250), rules.map((_r, i) => i));
  assert.deepEqual(allPages(pages, diabetes, { key: 'order', descending: true }, 250), rules.map((_r, i) => rules.length - 1 - i));
  const past = pages.answer(columns(diabetes), request({ key: 'covered', descending: true }, rules.length + 5, 10));
  assert.deepEqual(past.rows, []);
  assert.equal(past.total, rules.length);
});

test('a new report is sorted afresh, not served from the order kept for the last one', () => {
  const pages = new RulePages();
  const sort: RuleSort = { key: 'prediction', descending: false };
  const first = pages.answer(columns(diabetes), request(sort, 0, 5));
  const second = pages.answer(columns(iris), request(sort, 0, 500));
  assert.equal(second.total, iris.rules.length);
  second.rows.forEach((r) => assert.deepEqual(r.rule, iris.rules[r.index]));
  first.rows.forEach((r) => assert.deepEqual(r.rule, diabetes.rules[r.index]));
});

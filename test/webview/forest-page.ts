// The forest view as a plain page for headless Chromium (forest-check.mjs): the panel's HTML and
// Content-Security-Policy with the real dist/forest.js and media/forest.css (+ panel.css), the
// tree panel's host stand-in (panel-page.ts), and every request answered by the forest host's own
// code (src/panel/forest-requests.ts) on the iris sample and scikit-learn's forest of it.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { parseCsv } from '../../src/engine/csv/read';
import { forestFromObject } from '../../src/engine/forest/model-json';
import type { ForestReport } from '../../src/engine/forest/types';
import { trainForest } from '../../src/engine/forest/train';
import { forestWithThreshold } from '../../src/engine/forest/predict';
import { pointAt, type ThresholdPoint } from '../../src/engine/metrics/threshold';
import type { ClassificationMetrics } from '../../src/engine/metrics/types';
import { panelHtml } from '../../src/panel/html';
import { ForestAnswers, wireForestReport } from '../../src/panel/forest-requests';
import { DEFAULT_FOREST_SETTINGS } from '../../src/shared/forest-settings';
import { MEMBER_JOBS } from '../../src/worker/jobs/forest-alternatives';
import type { ForestRequestMessage, ForestRequestTypes, ToForestView } from '../../src/shared/forest-protocol';
import { answerRequest } from '../../src/shared/panel-requests';
import { HOST, NONCE } from './panel-page';

export function writeForestPage(dir: string): string {
  const root = process.cwd();
  const html = panelHtml({ cspSource: 'file:', nonce: NONCE, scriptUri: 'forest.js', styleUri: 'forest.css', title: 'forest' });
  const index = path.join(dir, 'forest.html');
  writeFileSync(path.join(dir, 'forest-host.js'), `window.__answerAll = true;\n${HOST}`);
  writeFileSync(index, html.replace('<script nonce', `<script nonce="${NONCE}" src="forest-host.js"></script>\n<script nonce`));
  copyFileSync(path.join(root, 'dist/forest.js'), path.join(dir, 'forest.js'));
  copyFileSync(path.join(root, 'media/forest.css'), path.join(dir, 'forest.css'));
  copyFileSync(path.join(root, 'media/panel.css'), path.join(dir, 'panel.css'));
  return index;
}

/** Answers the page's requests as the forest view's host does; returns the `show` it would post. */
export async function serveForest(page: Page): Promise<ToForestView> {
  const root = process.cwd();
  const raw = JSON.parse(readFileSync(path.join(root, 'test/fixtures/forest/iris-forest-report.json'), 'utf8')) as ForestReport & { model: Record<string, unknown> };
  // The file holds the trees as model JSON nodes; in memory a forest's trees are packed.
  const report: ForestReport = { ...raw, model: forestFromObject(raw.model) };
  const dataset = parseCsv(readFileSync(path.join(root, 'media/samples/iris.csv')));
  const recipe = { target: 'species', settings: { ...DEFAULT_FOREST_SETTINGS, nTrees: 50 } };
  // A node's alternatives and chart as the worker makes them (its jobs' own functions), on this forest's parameters.
  const answers = new ForestAnswers({ report, dataset, params: report.model.params, recipe }, async (kind, job) => MEMBER_JOBS[kind](job) as never);
  await page.exposeFunction('__answer', async (m: ForestRequestMessage) => {
    let answer: ToForestView | undefined;
    await answerRequest<ForestRequestTypes>(m, answers.handlers, (reply) => (answer = reply));
    return answer;
  });
  return { type: 'show', report: wireForestReport(report), fileName: 'iris.csv', documentUri: 'file:///data/iris.csv', recipe };
}

/**
 * A binary forest for the threshold checks: 15 trees of depth 4 on rare-positive.csv (seed 3, as
 * test/fixtures/metrics/forest-threshold.py's), deciding at `threshold` on the share of "bad" (as
 * `train --ensemble … --threshold`); its `show`, and the figures at the threshold on its OOB rows.
 */
export async function serveBinaryForest(page: Page, threshold: number): Promise<{ show: ToForestView; at: ThresholdPoint }> {
  const root = process.cwd();
  const dataset = parseCsv(readFileSync(path.join(root, 'test/fixtures/metrics/rare-positive.csv')));
  const params = { target: 'status', ensemble: 'forest' as const, nTrees: 15, maxDepth: 4, seed: 3 };
  const trained = trainForest(dataset, params);
  const report: ForestReport = { ...trained, model: forestWithThreshold(trained.model, { positiveClass: 'bad', value: threshold }) };
  const recipe = { target: 'status', settings: { ...DEFAULT_FOREST_SETTINGS, nTrees: 15, seed: 3 } };
  const answers = new ForestAnswers({ report, dataset, params: report.model.params, recipe }, async (kind, job) => MEMBER_JOBS[kind](job) as never);
  await page.exposeFunction('__answer', async (m: ForestRequestMessage) => {
    let answer: ToForestView | undefined;
    await answerRequest<ForestRequestTypes>(m, answers.handlers, (reply) => (answer = reply));
    return answer;
  });
  const at = pointAt(report.oob.metrics as ClassificationMetrics, threshold) as ThresholdPoint;
  return { show: { type: 'show', report: wireForestReport(report), fileName: 'rare-positive.csv', documentUri: 'file:///data/rare-positive.csv', recipe }, at };
}

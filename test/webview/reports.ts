// Reports for the webview check (check.mjs): real engine output on the sample data, plus the
// panel's HTML, bundled by esbuild and run in Node before the browser starts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../src/engine/csv/read';
import type { Dataset } from '../../src/engine/dataset';
import { computeImportances } from '../../src/engine/importance/importances';
import type { TrainParams } from '../../src/engine/model';
import { costComplexityPath } from '../../src/engine/prune/cost-complexity';
import { REPORT_FORMAT, REPORT_VERSION, type TreeReport } from '../../src/engine/report-types';
import { extractRules } from '../../src/engine/rules/extract';
import { trainTree } from '../../src/engine/tree/train';
import { evaluateModel } from '../../src/engine/validation/evaluate';
import { panelHtml } from '../../src/panel/html';

function shape(model: TreeReport['model']): TreeReport['final'] {
  return {
    nodes: model.nodes.length,
    leaves: model.nodes.filter((n) => n.children.length === 0).length,
    depth: Math.max(...model.nodes.map((n) => n.depth)),
  };
}

/** A TreeReport put together from the engine's parts (the report call itself is the Insight engineer's). */
function report(dataset: Dataset, params: TrainParams): TreeReport {
  const { model, trainingRows, droppedMissingTarget } = trainTree(dataset, params);
  const s = shape(model);
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    settings: {
      params: model.params,
      prune: 'none',
      ccpAlpha: 0,
      ccpAlphaSource: 'given',
      pessimisticEpsilon: 0.5,
      simplify: false,
      validation: { kind: 'none' },
      seed: 0,
      permutationRepeats: 3,
    },
    model,
    grown: s,
    final: s,
    trainingRows,
    droppedMissingTarget,
    rules: extractRules(model),
    importances: computeImportances(model, { dataset, set: 'training', repeats: 3, seed: 0 }),
    metrics: { training: evaluateModel(model, dataset), holdout: null, crossValidation: null },
    pruningPath: costComplexityPath(model),
    alphaSelection: null,
    warnings: [],
  };
}

function sample(name: string): Dataset {
  return parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', name)));
}

/** The hostile names of issue 5 as a header and as category values. */
const HOSTILE_CSV = [
  '"""]-->x[<img src=x onerror=alert(1)>",%%{init: {\'securityLevel\':\'loose\'}}%%,`tick` <script>alert(2)</script>,label',
  ...Array.from({ length: 40 }, (_, i) => {
    const a = i % 4 === 0 ? '"<b>bold</b>"' : i % 4 === 1 ? '🌳 emoji' : i % 4 === 2 ? 'שלום עולם' : '"a ""quoted"" | [x]"';
    const label = i % 3 === 0 ? '"]-->y[<img src=1 onerror=alert(3)>' : i % 3 === 1 ? 'مرحبا' : '<script>alert(4)</script>';
    return `${a},${i % 7},${(i * 37) % 11},"${label.replace(/"/g, '""')}"`;
  }),
].join('\n');

export function build(cspSource: string, nonce: string): { html: string; reports: Record<string, TreeReport> } {
  return {
    html: panelHtml({ cspSource, nonce, scriptUri: 'webview.js', styleUri: 'panel.css', title: 'iris.csv' }),
    reports: {
      iris: report(sample('iris.csv'), { target: 'species' }),
      diabetes: report(sample('diabetes.csv'), { target: 'disease_progression', maxDepth: 6 }),
      bike: report(sample('bike_or_car.csv'), { target: 'go_by_car' }),
      hostile: report(parseCsv(HOSTILE_CSV), { target: 'label' }),
    },
  };
}

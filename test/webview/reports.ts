// Reports for the webview check (check.mjs): real engine output on the sample data, bundled by
// esbuild and run in Node before the browser starts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../src/engine/csv/read';
import type { Dataset } from '../../src/engine/dataset';
import type { TrainParams, TreeEdit } from '../../src/engine/model';
import { bestSplitsAt, type NodeSplit } from '../../src/engine/node-alternatives';
import { splitDistributionAt, type SplitDistribution } from '../../src/engine/split-distribution';
import { buildReport } from '../../src/engine/report';
import type { ReportOptions, TreeReport } from '../../src/engine/report-types';
import { makeBenchData } from '../../bench/lib/tree-data';
import { profileView } from '../../src/worker/jobs/profile-view';
import type { ProfileView } from '../../src/shared/profile-protocol';
import type { NodeCalculation } from '../../src/engine/explain/types';
import { calculationJob } from '../../src/worker/jobs/calculation';
import { packModel } from '../../src/shared/report-transfer';
import { deepTreeCsv } from './deep-tree-csv.cjs';
import { pruningCalculationJob } from '../../src/worker/jobs/pruning-rule-calculation';
import { ruleCalculations, type RuleCalculation } from '../../src/engine/explain/rule-calculation';
import type { PruningCalculation } from '../../src/engine/explain/pruning-calculation';

/** The drawer's pruning and rule calculations of a report, as the worker's jobs make them. */
export interface LearnCalculations {
  pruning: PruningCalculation;
  rules: Record<number, RuleCalculation>;
}

function learnCalculations(dataset: Dataset, r: TreeReport): LearnCalculations {
  return {
    pruning: pruningCalculationJob({ dataset, model: packModel(r.model), settings: r.settings }),
    rules: Object.fromEntries(ruleCalculations(r.model).map((c) => [c.leaf, c])),
  };
}

/** The report the panel shows (src/engine/report.ts), after `edits` when given, as the worker's edit job makes it. */
function report(dataset: Dataset, params: TrainParams, options: Omit<ReportOptions, 'params'> = {}, edits: TreeEdit[] = []): TreeReport {
  return buildReport(dataset, { params, ...options }, edits);
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

/** The column profile view's data, as the worker's profile job makes it. */
export function profileViews(): Record<string, ProfileView> {
  return {
    iris: profileView(sample('iris.csv'), { target: 'species', ignore: ['sepal_width_cm'] }, {}),
    hostile: profileView(parseCsv(HOSTILE_CSV), {}, {}),
  };
}

/** Every node's calculation as the worker's job makes it (src/worker/jobs/calculation.ts), in bits. */
function calculations(dataset: Dataset, r: TreeReport, fileName: string): Record<number, NodeCalculation> {
  const nodes = r.model.nodes.map((n) => n.id);
  const { calculations: list } = calculationJob({ dataset, model: packModel(r.model), settings: r.settings, nodes, unit: 'bits', fileName });
  return Object.fromEntries(list.map((c) => [c.nodeId, c]));
}

export function build(): {
  reports: Record<string, TreeReport>;
  /** The calculation drawer's answers by report name and node. */
  calculations: Record<string, Record<number, NodeCalculation>>;
  /** The pruning and rule calculations by report name. */
  learn: Record<string, LearnCalculations>;
  irisAlternatives: Record<number, NodeSplit[]>;
  irisDistributions: Record<number, SplitDistribution | null>;
  playDistribution: SplitDistribution | null;
} {
  const iris = sample('iris.csv');
  const irisReport = report(iris, { target: 'species' }, { simplify: false });
  const irisAlternatives: Record<number, NodeSplit[]> = {};
  const irisDistributions: Record<number, SplitDistribution | null> = {};
  for (const n of irisReport.model.nodes) if (n.split) irisAlternatives[n.id] = bestSplitsAt(iris, irisReport.model, irisReport.settings, n.id);
  for (const n of irisReport.model.nodes) if (n.split) irisDistributions[n.id] = splitDistributionAt(iris, irisReport.model, irisReport.settings, n.id);
  const irisCv = report(iris, { target: 'species' }, { cvFolds: 5, seed: 42 });
  const irisHoldout = report(iris, { target: 'species' }, { testSize: 0.3, seed: 1, ccpAlpha: 0.01 });
  const play = sample('play_tennis.csv');
  const playReport = report(play, { target: 'play', algorithm: 'id3' });
  const hostileReport = report(parseCsv(HOSTILE_CSV), { target: 'label' });
  return {
    learn: { iris: learnCalculations(iris, irisReport), play: learnCalculations(play, playReport), irisHoldout: learnCalculations(iris, irisHoldout) },
    calculations: { iris: calculations(iris, irisReport, 'iris.csv'), play: calculations(play, playReport, 'play_tennis.csv'), hostile: calculations(parseCsv(HOSTILE_CSV), hostileReport, 'hostile.csv') },
    irisAlternatives,
    irisDistributions,
    playDistribution: splitDistributionAt(play, playReport.model, playReport.settings, 0),
    reports: {
      iris: irisReport,
      irisHoldout,
      // The panel's default: the tree on all rows, measured by 5-fold CV of the same settings.
      irisCv,
      // irisCv with its node 2 snipped: the Metrics tab shows the CV of the edited structure.
      irisCvEdited: report(iris, { target: 'species' }, { cvFolds: 5, seed: 42 }, [{ op: 'snip', node: 2 }]),
      // Depth 3 leaves sibling leaves that predict alike, which simplify merges (9 → 7 nodes here).
      irisDepth3: report(sample('iris.csv'), { target: 'species', maxDepth: 3 }),
      diabetes: report(sample('diabetes.csv'), { target: 'disease_progression', maxDepth: 6 }),
      diabetesFull: report(sample('diabetes.csv'), { target: 'disease_progression' }, { simplify: false, permutationRepeats: 0 }),
      bike: report(sample('bike_or_car.csv'), { target: 'go_by_car' }, { testSize: 0.25, seed: 3 }),
      // ccp_alpha chosen by CV: the Metrics tab shows its same-fold score and the nested estimate.
      irisAlphaCv: report(sample('iris.csv'), { target: 'species' }, { ccpAlpha: 'cv', cvFolds: 3, permutationRepeats: 0 }),
      // Leave-one-out, and the hold-out drawn 10 times: the Metrics tab's pooled score and spread.
      irisLoo: report(sample('iris.csv'), { target: 'species', maxDepth: 3 }, { leaveOneOut: true, seed: 42, permutationRepeats: 0 }),
      irisDraws: report(sample('iris.csv'), { target: 'species', maxDepth: 3 }, { testSize: 0.3, holdoutRepeats: 10, seed: 42, permutationRepeats: 0 }),
      hostile: hostileReport,
      play: playReport,
      // A full tree of depth 6 (127 nodes): wider than any panel at 11 px, deeper than the default fold.
      deep127: report(parseCsv(deepTreeCsv(10_000)), { target: 'label', maxDepth: 6 }, { simplify: false, permutationRepeats: 0 }),
      // Too big to go to the webview whole (src/shared/tree-slices.ts): fully grown regression.
      huge: report(makeBenchData('regression', 12_000, 5).dataset, { target: 'y' }, { simplify: false, permutationRepeats: 0 }),
    },
  };
}

// One assembly (docs/architecture.md "A training, from the right-click to the drawn tree"): the
// panel's report, the edit job's, a pinned tree's (the report job with edits) and the CLI's
// `train` → `edit` → `evaluate --model` all come out of src/engine/report.ts, so for the same data,
// settings and edits they agree — checked through the real worker and the CLI in a child process,
// and against the hold-out rows drawn again here, by hand, from the seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_TRAIN_SETTINGS, reportOptions, type TrainSettings } from '../../../src/shared/train-settings';
import { decodeModel } from '../../../src/engine/model-columns';
import { parseTreeFile } from '../../../src/engine/forest/tree-model-file';
import type { TreeEdit, TreeModel } from '../../../src/engine/model';
import type { Metrics } from '../../../src/engine/metrics/types';
import { buildReportBody } from '../../../src/engine/report';
import { evaluateModel } from '../../../src/engine/validation/evaluate';
import { holdoutSplit, targetStrata } from '../../../src/engine/validation/split';
import { subsetDataset } from '../../../src/engine/validation/subset';
import type { PackedReport } from '../../../src/shared/report-transfer';
import { useRealWorker } from '../helpers/real-worker';
import { useCli } from '../helpers/cli';

const cli = useCli();
const worker = useRealWorker();
const load = worker.load;

const IRIS = 'media/samples/iris.csv';


/** The first decision node below the root, and one of its children that is a decision node too. */
function nodesToEdit(model: TreeModel): { snip: number; deeper: number } {
  const inner = model.nodes.filter((n) => n.children.length > 0 && n.id !== 0);
  assert.ok(inner.length >= 2, 'the tree has decision nodes to edit');
  return { snip: inner[inner.length - 1].id, deeper: inner[0].id };
}

const decoded = (r: PackedReport) => ({ ...r, model: decodeModel(r.model).model });
/** What edits change, to compare reports made on two paths. */
const edited = (r: ReturnType<typeof decoded>) => ({ nodes: r.model.nodes, edits: r.model.edits, final: r.final, importances: r.importances, metrics: r.metrics });

async function panelAndEdits(settings: TrainSettings, editsOf: (model: TreeModel) => TreeEdit[]) {
  const dataset = await load(IRIS);
  const options = reportOptions(settings, 'species');
  const trained = await worker.bridge.run('report', { dataset, options }).result;
  const edits = editsOf(decodeModel(trained.model).model);
  const byEditJob = decoded((await worker.bridge.run('editReport', { dataset, report: trained, edits }).result).report);
  const byReportJob = decoded(await worker.bridge.run('report', { dataset, options, edits }).result);
  return { dataset, options, trained: decoded(trained), edits, byEditJob, byReportJob };
}

test('cross-validated panel settings: the edit job, a pinned tree and the CLI train → edit → evaluate --model give one edited tree and one score', async () => {
  const settings: TrainSettings = { ...DEFAULT_TRAIN_SETTINGS, maxDepth: 4 };
  const { dataset, options, trained, edits, byEditJob, byReportJob } = await panelAndEdits(settings, (m) => [{ op: 'snip', node: nodesToEdit(m).snip }]);
  assert.ok(byEditJob.model.nodes.length < trained.model.nodes.length, 'the snip took nodes away');
  assert.deepEqual(edited(byReportJob), edited(byEditJob), 'the report job with edits = the edit job on the report as trained');
  assert.deepEqual(byEditJob.settings, trained.settings, 'edits change no setting');
  assert.deepEqual(byEditJob.pruningPath, trained.pruningPath, 'nor the grown tree\'s pruning path');
  const engine = buildReportBody(dataset, options, edits);
  assert.deepEqual(engine.model.nodes, byEditJob.model.nodes, 'the engine in this thread gives the same tree');
  // The edited tree's CV is its structure's (leaves refitted per fold), not the trained tree's.
  assert.equal(byEditJob.metrics.crossValidation?.structure, true);

  // The CLI: the same tree trained, the same snip, the same training metrics.
  const train = cli.run('train', IRIS, '--target', 'species', '--max-depth', '4', '--out', path.join(cli.dir, 'm.json'));
  assert.equal(train.status, 0, train.stderr);
  const edit = cli.run('edit', '--model', path.join(cli.dir, 'm.json'), IRIS, '--snip', String(edits[0].node), '--out', path.join(cli.dir, 'e.json'));
  assert.equal(edit.status, 0, edit.stderr);
  const cliModel = parseTreeFile(readFileSync(path.join(cli.dir, 'e.json'), 'utf8'));
  assert.deepEqual(cliModel.nodes.map((n) => [n.id, n.split ?? null, n.children]), byEditJob.model.nodes.map((n) => [n.id, n.split ?? null, n.children]), 'CLI edit = the panel\'s edited tree');
  const evaluated = cli.run('evaluate', '--model', path.join(cli.dir, 'e.json'), IRIS, '--json');
  assert.equal(evaluated.status, 0, evaluated.stderr);
  const { metrics } = JSON.parse(evaluated.stdout) as { metrics: Metrics };
  assert.deepEqual(metrics, byEditJob.metrics.training, 'evaluate --model = the edited report\'s training metrics (all rows train under CV)');
});

test('a hold-out split: edits are replayed on the training part drawn again from the seed, and scored on the held-out part', async () => {
  const settings: TrainSettings = { ...DEFAULT_TRAIN_SETTINGS, validation: 'holdout', holdOutFraction: 0.3, seed: 7 };
  const { dataset, trained, byEditJob, byReportJob } = await panelAndEdits(settings, (m) => [{ op: 'snip', node: nodesToEdit(m).deeper }]);
  assert.equal(trained.trainingRows, 105);
  assert.deepEqual(edited(byReportJob), edited(byEditJob));
  // By hand: the seed's split of iris, 105 rows to train and 45 to test.
  const split = holdoutSplit(targetStrata(dataset, 'species', 'classification', true), 0.3, 7);
  const model = byEditJob.model;
  assert.deepEqual(byEditJob.metrics.training, evaluateModel(model, subsetDataset(dataset, split.train)));
  assert.deepEqual(byEditJob.metrics.holdout, evaluateModel(model, subsetDataset(dataset, split.test)));
  assert.equal(byEditJob.metrics.holdout?.rows, 45);
  assert.equal(model.nodes[0].samples, 105, 'the edited tree still holds the training part only');
});

test('no edits: the report job gives the trained report, and nothing is re-assembled', async () => {
  const dataset = await load(IRIS);
  const options = reportOptions({ ...DEFAULT_TRAIN_SETTINGS, maxDepth: 3 }, 'species');
  const a = decoded(await worker.bridge.run('report', { dataset, options }).result);
  const b = decoded(await worker.bridge.run('report', { dataset, options, edits: [] }).result);
  assert.deepEqual(b, a);
});

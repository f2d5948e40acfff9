// A tree ensemble trained elsewhere (src/engine/import/, docs/model-format.md "Models trained
// elsewhere") as it crosses a thread boundary and as the forest view shows it (docs/architecture.md
// "Models trained elsewhere in the extension"): each tree as columns (model-columns.ts), marked
// `importedFrom` its library and carrying its splits' gains, so the tree view labels its nodes by
// what the library stored (cover, gain, leaf value) and the host reads slices and row paths in
// place, as it does a forest's trees; and the page's report: what the model is, per-tree summaries,
// importances, and the metrics on the chosen CSV.
import { linkText, type ImportedEnsemble } from '../engine/import/ensemble';
import { ensembleImportances, type EnsembleImportance } from '../engine/import/importances';
import type { Dataset } from '../engine/dataset';
import type { Metrics } from '../engine/metrics/types';
import { decodeModel, encodeModel, type TreeColumns } from '../engine/model-columns';
import type { ModelNode, Task, TreeModel } from '../engine/model';

export const LIBRARY_NAMES: Record<ImportedEnsemble['library'], string> = { xgboost: 'XGBoost', lightgbm: 'LightGBM', onnx: 'ONNX' };

export interface WireEnsembleTree {
  model: TreeColumns<number[]>;
  output: number | null;
  sourceId: Int32Array;
}

/** The ensemble with its trees as columns (structured-clone data). */
export type WireEnsemble = Omit<ImportedEnsemble, 'trees'> & { trees: WireEnsembleTree[] };

/** A tree as the views show it: its library named, each split's stored gain on its node. */
function viewModel(e: ImportedEnsemble, index: number): TreeModel {
  const tree = e.trees[index];
  const nodes = tree.model.nodes.map((n, id): ModelNode => (Number.isNaN(tree.gain[id]) ? n : { ...n, gain: tree.gain[id] }));
  return { ...tree.model, importedFrom: LIBRARY_NAMES[e.library], nodes };
}

export function packEnsemble(e: ImportedEnsemble): WireEnsemble {
  return { ...e, trees: e.trees.map((t, i) => ({ model: encodeModel(viewModel(e, i)), output: t.output, sourceId: t.sourceId })) };
}

/** The ensemble again, as the engine's predictions and contributions read it. */
export function unpackEnsemble(w: WireEnsemble): ImportedEnsemble {
  return {
    ...w,
    trees: w.trees.map((t) => {
      const { model } = decodeModel(t.model);
      return { model, output: t.output, sourceId: t.sourceId, gain: Float64Array.from(model.nodes, (n) => n.gain ?? NaN) };
    }),
  };
}

/** A model read by the worker, with the CSV it was bound to (null: none chosen): what the host keeps of it. */
export interface ImportedModel {
  ensemble: WireEnsemble;
  report: EnsembleReport;
  dataset: Dataset | null;
  /** The CSV's URI (text), as a view restored after a reload reads it again. */
  csvUri: string | null;
}

/** One tree, for the picker. */
export interface EnsembleTreeSummary {
  index: number;
  /** The output (class) the tree adds to; null: every class. */
  output: number | null;
  depth: number;
  leaves: number;
  nodes: number;
  /** The sum of its splits' gains; NaN where the file stores none (ONNX). */
  gain: number;
}

/** The CSV the model is shown with. */
export interface EnsembleData {
  fileName: string;
  rows: number;
  /** The target column, when the CSV has one: the metrics are measured against it. */
  target: string | null;
  /** On every row of the CSV; null without a target. */
  metrics: Metrics | null;
}

/** What the forest view shows of an imported model besides its trees (which it asks for one at a time). */
export interface EnsembleReport {
  /** The model file's name. */
  fileName: string;
  library: string;
  description: string;
  task: Task;
  target: string;
  classes?: string[];
  classNames: ImportedEnsemble['classNames'];
  features: string[];
  /** The link stated plainly: "the sum of 100 trees' leaf values, then the logistic function …". */
  link: string;
  outputs: number;
  trees: EnsembleTreeSummary[];
  importances: EnsembleImportance[];
  /** What binding to the CSV decided (feature, class and category names), or that there is no CSV. */
  notes: string[];
  data: EnsembleData | null;
}

function treeSummary(e: ImportedEnsemble, index: number): EnsembleTreeSummary {
  const { model, output, gain } = e.trees[index];
  let depth = 0;
  let leaves = 0;
  let total = 0;
  for (const n of model.nodes) {
    depth = Math.max(depth, n.depth);
    if (n.children.length === 0) leaves++;
  }
  for (const g of gain) if (!Number.isNaN(g)) total += g;
  const stored = gain.some((g) => !Number.isNaN(g));
  return { index, output, depth, leaves, nodes: model.nodes.length, gain: stored ? total : NaN };
}

export function ensembleReport(e: ImportedEnsemble, fileName: string, notes: string[], data: EnsembleData | null): EnsembleReport {
  return {
    fileName,
    library: LIBRARY_NAMES[e.library],
    description: e.description,
    task: e.task,
    target: e.target,
    ...(e.classes === undefined ? {} : { classes: e.classes }),
    classNames: e.classNames,
    features: e.features.map((f) => f.name),
    link: linkText(e),
    outputs: e.outputs,
    trees: e.trees.map((_, i) => treeSummary(e, i)),
    importances: ensembleImportances(e),
    notes,
    data,
  };
}

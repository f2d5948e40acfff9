// The messages between the extension host and the engine worker (src/worker/node-port.ts). Everything is
// structured-clone data: typed arrays travel as such, errors as plain records rebuilt on arrival.
import type { ColumnType, Dataset } from '../engine/dataset';
import type { ColumnTypes } from './column-choice';
import type { ReportOptions, ReportPhase, ReportSettings } from '../engine/report-types';
import type { CodeFormat } from '../engine/export/code';
import type { NodeSplit } from '../engine/node-alternatives';
import type { Algorithm, Criterion, ModelSplit, TreeEdit } from '../engine/model';
import type { HandStep } from '../engine/edit/by-hand';
import type { HandCandidates } from '../engine/explain/hand-candidates';
import type { TreeSummary } from '../engine/edit/preview';
import type { ColumnProfile } from '../engine/profile';
import type { SplitsReport } from '../engine/splits/types';
import type { SplitDistribution } from '../engine/split-distribution';
import type { PackedReport } from './report-transfer';
import type { TreeColumns } from '../engine/model-columns';
import type { ProfileView } from './profile-protocol';
import type { ForestModel, ForestParams, ForestReport } from '../engine/forest/types';
import type { EntropyUnit } from '../engine/impurity';
import type { NodeCalculation } from '../engine/explain/types';
import type { RowContributions } from '../engine/import/contributions';
import type { EnsembleReport, WireEnsemble } from './ensemble-transfer';
import type { PruningCalculation } from '../engine/explain/pruning-calculation';
import type { RuleCalculation } from '../engine/explain/rule-calculation';
import type { TreeDiff } from './tree-diff';

/** CSV content: the file's bytes, or the text of an editor with unsaved edits. */
export type CsvSource = { kind: 'bytes'; bytes: Uint8Array } | { kind: 'text'; text: string };

export interface LoadJob {
  source: CsvSource;
  /** Shown in error messages ("iris.csv: line 12 has …"). */
  fileName: string;
  /** Forced delimiter (a `.tsv` means tab); sniffed when absent. */
  delimiter?: string;
  /** Column types chosen for the file ("Set Column Type…"); detected when absent. */
  types?: ColumnTypes;
}

/** Per-column type choices by header name (column-choice.ts: a type, numeric:coerce, or ordinal with its order). */
export type { ColumnTypes };

/** What the target QuickPick shows for one column. */
export interface ColumnSummary {
  name: string;
  type: ColumnType;
  distinct: number;
  missing: number;
}

export interface LoadResult {
  dataset: Dataset;
  columns: ColumnSummary[];
  /** Set when the dataset is a random sample of the file's records (see SampleJob). */
  sampled?: { rows: number; of: number };
}

/** Load a seeded random sample of `rows` records of a large local file, read by the worker. */
export interface SampleJob {
  path: string;
  rows: number;
  seed: number;
  fileName: string;
  delimiter?: string;
  types?: ColumnTypes;
}

/** Train and explain: the dataset travels back to a fresh worker, so the file is parsed once. */
export interface ReportJob {
  dataset: Dataset;
  options: Omit<ReportOptions, 'signal' | 'onProgress' | 'onNodesGrown'>;
  /** The user's edits of the tree as trained, applied in order (a pinned tree's recipe); none when absent. */
  edits?: TreeEdit[];
}

/** The best splits at one node of a shown tree, on the rows that trained it. */
export interface AlternativesJob {
  dataset: Dataset;
  model: TreeColumns<Float64Array>;
  settings: ReportSettings;
  nodeId: number;
}

/** The worked arithmetic of nodes of a shown tree (src/engine/explain/): for the panel's drawer and its Markdown export. */
export interface CalculationJob extends Omit<AlternativesJob, 'nodeId'> {
  /** The nodes to work out; null: every decision node, as `explain` does. */
  nodes: number[] | null;
  /** True: the path from the root down to `nodes[0]` (as `explain --path`). */
  path?: boolean;
  unit: EntropyUnit;
  /** Columns whose best split is worked out whatever its rank (CalculationOptions `columns`, src/engine/explain/node-calculation.ts). */
  columns?: string[];
  /** The CSV's name, for the Markdown's title. */
  fileName: string;
}

/** Both prunings of a shown tree's settings worked out on its tree as grown, or on the edited tree as shown (src/worker/jobs/pruning-rule-calculation.ts). */
export type PruningCalculationJob = Omit<AlternativesJob, 'nodeId'>;

/** The calculation of the rule of one leaf of a shown tree. */
export interface RuleCalculationJob {
  model: TreeColumns<Float64Array>;
  leaf: number;
}

export interface CalculationResult {
  calculations: NodeCalculation[];
  /** The same Markdown as the CLI's `explain` for those nodes. */
  markdown: string;
}

/** The report of a tree after edits (docs/formulas.md "Edited trees"): `report` as trained, `edits` applied in order. */
export interface EditReportJob {
  dataset: Dataset;
  report: PackedReport;
  edits: TreeEdit[];
}

export interface EditReportResult {
  report: PackedReport;
  /** Leaves made by a snip, whose subtree a `restore` puts back (the wire model does not carry the kept subtrees). */
  restorable: number[];
}

/** One action of a tree grown by hand (README "Learn mode"; src/engine/edit/by-hand.ts). */
export type HandAction =
  | { kind: 'start' }
  /** The steps the job carries, replayed as they are (a panel restored after a reload). */
  | { kind: 'resume' }
  | { kind: 'undo' }
  /** "Next": the algorithm's choice at open leaf `node`. */
  | { kind: 'algorithm'; node: number }
  | { kind: 'split'; node: number; split: ModelSplit }
  | { kind: 'leaf'; node: number }
  /** "Finish": the algorithm grows every open leaf whole. */
  | { kind: 'finish' };

/** A tree grown by hand: the report as trained (the algorithm's tree), the steps so far, and the next action. */
export interface GrowByHandJob {
  dataset: Dataset;
  report: PackedReport;
  steps: HandStep[];
  action: HandAction;
}

export interface GrowByHandResult {
  steps: HandStep[];
  /** The report of the tree grown by hand: the trained report with the steps' edits (edited-report.ts). */
  report: PackedReport;
  /** Its leaves still to decide, by id. */
  open: number[];
  /** On `start` and `resume`: the algorithm's tree scored as the tree grown by hand will be (edited-report.ts `scoredAsEdited`). */
  algorithmMetrics?: PackedReport['metrics'];
}

/** What one more edit of the tree shown would change, before it is applied. */
export interface PreviewEditJob {
  dataset: Dataset;
  report: PackedReport;
  edits: TreeEdit[];
  edit: TreeEdit;
}

/** The tree's scores and size before and after the edit (src/engine/edit/preview.ts). */
export interface EditPreview {
  before: TreeSummary;
  after: TreeSummary;
  /** Folds of the CV of both structures (leaves refitted per fold). */
  folds: number;
}

/** Train a forest on a pool of `jobs` threads (src/worker/forest-pool.ts); progress counts trees. */
export interface ForestJob {
  dataset: Dataset;
  params: ForestParams;
  /** Pool size, ≥ 1 (the host resolves "every core"). */
  jobs: number;
}

/** The alternatives (or the split chart) at a node of tree `index` of a forest trained on `dataset` with `params` (engine/forest/member-alternatives.ts). */
export interface MemberAlternativesJob {
  dataset: Dataset;
  params: ForestParams;
  index: number;
  /** That tree, as the forest view's host holds it (memberColumns'). */
  tree: TreeColumns;
  nodeId: number;
}

/** The forest view's node jobs: both run on a `MemberAlternativesJob`. */
export type MemberJobKind = 'memberAlternatives' | 'memberSplitDistribution';

/** A model trained elsewhere as its view shows it, and the target column it was opened with (the CLI's --target when the CSV has it). */
export interface ImportedPredictor {
  ensemble: WireEnsemble;
  target: string | null;
}

/** Predict every row of another CSV with a trained tree, or with a model trained elsewhere. */
export interface PredictJob extends LoadJob {
  model: TreeColumns<Float64Array> | ImportedPredictor;
}

/** The text of one export of a trained tree. */
export interface ExportJob {
  model: TreeColumns<Float64Array>;
  format: 'model' | 'mermaid' | 'text' | CodeFormat;
}

export interface ExportResult {
  content: string;
}

/** A tree or forest of ours as an ONNX model (src/engine/export/onnx.ts); a forest travels as its packed trees. */
export type OnnxJob = { kind: 'tree'; model: TreeColumns<Float64Array> } | { kind: 'forest'; model: ForestModel };

export interface OnnxResult {
  /** The ONNX file's bytes. */
  bytes: Uint8Array;
}

export interface PredictResult {
  /** The input's records as they are plus the prediction column: the CSV file's bytes (UTF-8). */
  bytes: Uint8Array;
  rows: number;
  /** The predicted target's name (the predicted_<target> column's). */
  target: string;
  /** What binding a model trained elsewhere to the CSV decided (class and feature names), as the CLI says on stderr. */
  notes: string[];
}

/** The CSV hover's data for one document version, computed by the worker's hover job. */
export interface HoverJob extends LoadJob {
  request: SplitRequest;
}

/** The column profile view's data: the file read as `LoadJob` says, scored as `request` says. */
export interface ProfileJob extends LoadJob {
  request: SplitRequest;
}

/** How the split scores are computed: the target and the tree settings that apply to the file. */
export interface SplitRequest {
  /** Remembered target; the last column when absent or no longer a column. */
  target?: string;
  algorithm?: Algorithm;
  criterion?: Criterion;
  minSamplesLeaf?: number;
  /** Columns the user keeps even when ID-like or constant (names the file may no longer have). */
  keep?: string[];
  /** Columns the user left out of training (file-choices.ts; names the file may no longer have). */
  ignore?: string[];
  /** The file's chosen column types (file-choices.ts), read by the hover job's parse. */
  types?: ColumnTypes;
  minCategorySamples?: number;
}

/** What the CSV hover knows about one version of a document: the parsed data set, where each
 * record starts (to map positions to cells), every column's profile and, against the current
 * target, every column's best split. */
export interface HoverData {
  dataset: Dataset;
  /** 0-based line on which each record starts (the header is record 0). */
  recordStarts: Int32Array;
  profiles: ColumnProfile[];
  target: string;
  /** Null when the target cannot be split on (see `note`). */
  splits: SplitsReport | null;
  /** Why there are no split scores, or which settings had to be replaced; null when all is well. */
  note: string | null;
  /** Columns the user chose to ignore for this file: not scored. */
  ignored: string[];
}

/** Read a model trained elsewhere (src/worker/jobs/import-model.ts), bound to a CSV when one was chosen. */
export interface ImportModelJob {
  /** The model file's bytes. */
  bytes: Uint8Array;
  /** Named in every message about it. */
  fileName: string;
  /** The CSV to bind it to and measure it on; `target` as the CLI's --target (absent: the one column that is not a feature). */
  data?: { dataset: Dataset; fileName: string; target?: string };
}

export interface ImportModelResult {
  ensemble: WireEnsemble;
  report: EnsembleReport;
}

/** What each tree of an imported model adds to one row's prediction. */
export interface EnsembleRowJob {
  ensemble: WireEnsemble;
  dataset: Dataset;
  row: number;
}

/** Every job the worker runs: its input and its result. */
/** Two trees of one file, compared by place (tree-diff.ts): the panel's pinned tree (`a`) and the tree shown (`b`). */
export interface DiffTreesJob {
  a: TreeColumns<Float64Array>;
  b: TreeColumns<Float64Array>;
}

export interface JobTypes {
  diffTrees: { job: DiffTreesJob; result: TreeDiff };
  load: { job: LoadJob; result: LoadResult };
  sample: { job: SampleJob; result: LoadResult };
  report: { job: ReportJob; result: PackedReport };
  alternatives: { job: AlternativesJob; result: NodeSplit[] };
  /** The worked calculation of nodes (src/worker/jobs/calculation.ts). */
  calculation: { job: CalculationJob; result: CalculationResult };
  /** Pruning steps and a rule's FOIL gains, worked out (src/worker/jobs/pruning-rule-calculation.ts). */
  pruningCalculation: { job: PruningCalculationJob; result: PruningCalculation };
  ruleCalculation: { job: RuleCalculationJob; result: RuleCalculation };
  /** The report of the tree after edits, and the preview of one more (src/worker/jobs/edit.ts). */
  editReport: { job: EditReportJob; result: EditReportResult };
  previewEdit: { job: PreviewEditJob; result: EditPreview };
  /** One step of growing a tree by hand, and the candidates at an open leaf (src/worker/jobs/by-hand.ts). */
  growByHand: { job: GrowByHandJob; result: GrowByHandResult };
  handCandidates: { job: AlternativesJob; result: HandCandidates };
  /** The split feature's distribution per class at one node (same input as `alternatives`). */
  splitDistribution: { job: AlternativesJob; result: SplitDistribution | null };
  predict: { job: PredictJob; result: PredictResult };
  export: { job: ExportJob; result: ExportResult };
  /** A tree or forest as ONNX (src/worker/jobs/export.ts). */
  onnx: { job: OnnxJob; result: OnnxResult };
  /** The column profile view's data (src/worker/jobs/profile-view.ts). */
  profile: { job: ProfileJob; result: ProfileView };
  /** The CSV hover's data for one document version (src/worker/jobs/hover.ts). */
  hover: { job: HoverJob; result: HoverData };
  /** A bagging or random forest with its OOB evaluation (src/worker/jobs/forest.ts). */
  forest: { job: ForestJob; result: ForestReport };
  /** The alternatives at a node of one tree of a forest, for the forest view (read-only). */
  memberAlternatives: { job: MemberAlternativesJob; result: NodeSplit[] };
  /** The split feature's distribution at that node, among the rows the tree drew. */
  memberSplitDistribution: { job: MemberAlternativesJob; result: SplitDistribution | null };
  /** A model trained elsewhere, read and bound to a CSV (src/worker/jobs/import-model.ts). */
  importModel: { job: ImportModelJob; result: ImportModelResult };
  /** A row's per-tree contributions in such a model. */
  ensembleRow: { job: EnsembleRowJob; result: RowContributions };
}

export type JobKind = keyof JobTypes;

/** Progress the worker reports while it works. */
export type JobProgress =
  | { phase: 'parse'; fraction: number }
  | { phase: 'train'; nodesGrown: number }
  | { phase: 'report'; step: ReportPhase; fraction: number }
  | { phase: 'forest'; treesDone: number; nTrees: number }
  | { phase: 'import'; step: 'read' | 'bind' | 'evaluate' | 'summary'; fraction: number };

/** A failure as it crosses the thread boundary (InputError fields kept so the host can rebuild it). */
export interface WireError {
  name: string;
  message: string;
  code?: string;
  line?: number;
  column?: number;
  stack?: string;
}

export interface ToWorker {
  id: number;
  kind: string;
  job: unknown;
}

export type FromWorker =
  | { id: number; type: 'progress'; progress: JobProgress }
  | { id: number; type: 'done'; result: unknown }
  | { id: number; type: 'failed'; error: WireError };

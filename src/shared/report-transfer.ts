// The report's transfer form: how it goes from the engine worker to the extension host, and on to
// the panel. Copying a message costs per object, and the host's thread is blocked while it is
// copied in: a fully grown 200k-node tree's report took 2.1 s there, 3.2 s of it (measured apart)
// for its 100,000 rules and 0.4 s for its node objects. So the tree travels as columns
// (src/engine/model-columns.ts) and the rules not at all: the worker does not make them
// (buildReportBody); the Rules tab reads a page of them off the tree on the host
// (src/panel/rules-page.ts) and a rules export writes them in a worker. The host keeps the report
// as it arrives and reads the tree's columns in place (src/engine/tree-columns.ts); the panel gets
// the same form with plain arrays, a big tree's nodes in part (src/panel/panel-report.ts).
import { encodeModel, type NodeColumns, type TreeColumns } from '../engine/model-columns';
import type { TreeModel } from '../engine/model';
import type { PruningPath } from '../engine/prune/types';
import type { TreeReport } from '../engine/report-types';

/** The report but its rules, with the tree's columns and the pruning path as arrays of kind `A`. */
export type PackedReport<A extends ArrayLike<number> = Float64Array> = Omit<TreeReport, 'rules' | 'model' | 'pruningPath'> & {
  model: TreeColumns<A>;
  pruningPath: { [K in keyof PruningPath]: A };
};

/** In the worker: the report (a whole one's rules are left out) as it crosses to the host. */
export function packReport(report: Omit<TreeReport, 'rules'> & { rules?: unknown }): PackedReport {
  const { model, pruningPath, rules: _rules, ...rest } = report;
  const path = Object.fromEntries(Object.entries(pruningPath).map(([k, v]) => [k, Float64Array.from(v as number[])])) as PackedReport['pruningPath'];
  return { ...rest, pruningPath: path, model: packModel(model) };
}

/** A tree as jobs that need one are sent it: typed arrays, moved to the host, not copied (a typed array is one block). */
export function packModel(model: TreeModel): TreeColumns<Float64Array> {
  const wire = encodeModel(model);
  // Branches and snipped subtrees are few and not numbers: they travel as they are.
  const { branches, snipped, ...columns } = wire.nodes;
  const typed = Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, Float64Array.from(v)])) as Omit<NodeColumns<Float64Array>, 'branches' | 'snipped'>;
  return { ...wire, nodes: { ...typed, branches, ...(snipped === undefined ? {} : { snipped }) } };
}

/** The buffers of a packed report, to move with it. */
export function packedBuffers(packed: PackedReport): ArrayBuffer[] {
  const { branches: _branches, snipped: _snipped, ...columns } = packed.model.nodes;
  return [...Object.values(columns), ...Object.values(packed.pruningPath)].map((a) => a.buffer as ArrayBuffer);
}

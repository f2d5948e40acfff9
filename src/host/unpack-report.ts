// The host's side of the report transfer (src/shared/report-transfer.ts): the report decoded a
// batch of nodes at a time, so the extension host's other work runs in between.
import { addNodes, emptyTree } from '../engine/model-columns';
import type { PruningPath } from '../engine/prune/types';
import type { ReportBody } from '../engine/report';
import type { PackedModel, PackedReport } from '../shared/report-transfer';

/** Nodes decoded between two turns of the host's event loop (~20 ms of work). */
const DECODE_BATCH = 20_000;

/**
 * On the host: the report, and the tree's columns, kept to send the tree to later jobs without
 * encoding it again. The nodes are decoded a batch at a time, letting the host's other work run
 * in between.
 */
export async function unpackReport(packed: PackedReport): Promise<{ report: ReportBody; packedModel: PackedModel }> {
  const { model: packedModel, pruningPath: path, ...rest } = packed;
  const pruningPath = Object.fromEntries(Object.entries(path).map(([k, v]) => [k, Array.from(v)])) as unknown as PruningPath;
  const tree = emptyTree(packedModel);
  for (let from = 0; from < packedModel.nodes.id.length; from += DECODE_BATCH) {
    if (from > 0) await new Promise((resolve) => setImmediate(resolve));
    addNodes(tree, packedModel.nodes, from, Math.min(packedModel.nodes.id.length, from + DECODE_BATCH));
  }
  return { report: { ...rest, pruningPath, model: tree.model }, packedModel };
}

// The stable partition both the node's sample index and the small-node orders use when a node
// splits: entries whose bin of the split feature is on the left side (side[bin] = 1) move to the
// front in their order, the others follow in theirs.

/** Below this many entries the right side is copied back element by element. */
const SHORT_COPY = 128;

/**
 * Stably partitions order[from, to) by side[bins[i·F + feature]] of each entry i, using `spare`
 * (at least to − from long) for the right side; returns where the right side begins.
 */
export function partitionBySide(order: Int32Array, from: number, to: number, bins: Uint8Array, F: number, feature: number, side: Uint8Array, spare: Int32Array): number {
  let l = from;
  let r = 0;
  for (let p = from; p < to; p++) {
    const i = order[p];
    const g = side[bins[i * F + feature]];
    order[l] = i;
    spare[r] = i;
    l += g;
    r += 1 - g;
  }
  // A small node's copy by hand: set() would allocate a subarray view per feature and node.
  if (r < SHORT_COPY) for (let j = 0; j < r; j++) order[l + j] = spare[j];
  else order.set(spare.subarray(0, r), l);
  return l;
}

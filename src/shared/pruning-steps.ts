// The pruning path as the panel's ccp-α slider gets it. A fully grown tree's path has a step per
// pruned subtree, hundreds of thousands of them: more than a slider can tell apart, and megabytes
// in the first message and in every save of the webview's state (26 MiB at 980k nodes). At most
// MAX_SLIDER_STEPS are kept, evenly spaced in log(node count): the small trees at the end of the
// path, where each step matters, keep every step. The first and last steps and the step of the
// tree shown are always kept.
import type { PruningPath } from '../engine/prune/types';

export const MAX_SLIDER_STEPS = 1000;

/** Index on the path of the largest alpha not above `alpha`. */
export function pathIndex(alphas: readonly number[], alpha: number): number {
  let i = 0;
  while (i + 1 < alphas.length && alphas[i + 1] <= alpha * (1 + 1e-9)) i++;
  return i;
}

export function sliderSteps(path: PruningPath, shownAlpha: number): PruningPath {
  const n = path.ccpAlphas.length;
  if (n <= MAX_SLIDER_STEPS) return path;
  const shown = pathIndex(path.ccpAlphas, shownAlpha);
  const counts = path.nodeCounts;
  const ratio = Math.pow(counts[0] / Math.max(1, counts[n - 1]), 1 / (MAX_SLIDER_STEPS - 3));
  const kept: number[] = [];
  let last = Infinity;
  for (let i = 0; i < n; i++) {
    if (i === 0 || i === n - 1 || i === shown || counts[i] * ratio <= last) {
      kept.push(i);
      last = counts[i];
    }
  }
  const pick = (xs: number[]) => kept.map((i) => xs[i]);
  return { ccpAlphas: pick(path.ccpAlphas), impurities: pick(path.impurities), nodeCounts: pick(counts), leafCounts: pick(path.leafCounts) };
}

// What drawing a diagram costs in this panel, learned from its own draws, so "Show all" can say
// how long the whole tree would take before it starts (Mermaid's layout blocks the page).
import { t } from './l10n';

/**
 * Milliseconds per drawn node before this panel has drawn anything big: bench:render's browser
 * figure for a large diagram on the project's 2-core machine (BENCHMARKS.md).
 */
const DEFAULT_MS_PER_NODE = 12;
/** Below this, a draw is mostly Mermaid's fixed start-up cost and says little about the rate. */
const MIN_SAMPLE_NODES = 100;

export class DrawCost {
  private msPerNode = DEFAULT_MS_PER_NODE;
  private sampleNodes = 0;

  /** A draw of `nodes` diagram nodes took `ms`; the largest draw so far sets the rate. */
  record(nodes: number, ms: number): void {
    if (nodes < MIN_SAMPLE_NODES || nodes < this.sampleNodes || !(ms > 0)) return;
    this.msPerNode = ms / nodes;
    this.sampleNodes = nodes;
  }

  /** Expected milliseconds to draw `nodes` nodes. */
  estimateMs(nodes: number): number {
    return nodes * this.msPerNode;
  }
}

/** "about 3 s", "about 2 min": a duration as a person would say it. */
export function roughDuration(ms: number): string {
  const s = ms / 1000;
  if (s < 1) return t('under a second');
  if (s < 90) return t('about {0} s', Math.round(s));
  if (s < 5400) return t('about {0} min', Math.round(s / 60));
  return t('about {0} h', Math.round(s / 3600));
}

// The suite's result as Markdown: one row per dataset, ours against scikit-learn's better pipeline
// at depth 4 and fully grown, then what our CLI printed.
import type { Task } from './datasets';
import type { Depth, Pipeline } from './sklearn';

export interface DatasetResult {
  name: string;
  rows: number;
  columns: number;
  task: Task;
  target: string;
  /** Mean fold score per depth; a string says why there is none. */
  ours: Record<Depth, number | string>;
  /** The better pipeline's score, and the other's (null where it failed). */
  sklearn: Record<Depth, { score: number; pipeline: Pipeline; other: number | null } | string>;
  notes: string[];
  /** Our CLI's stderr, deduplicated. */
  messages: string[];
}

/** Goal: within 1 point of accuracy, 0.02 of R². */
export function tolerance(task: Task): number {
  return task === 'classification' ? 0.01 : 0.02;
}

/** Mean of the fold scores, or a reason when some fold has none. */
export function meanScore(scores: ReadonlyArray<number | null>): number | string {
  const failed = scores.filter((s) => s === null).length;
  if (failed > 0) return `failed on ${failed}/${scores.length} folds`;
  return (scores as number[]).reduce((a, b) => a + b, 0) / scores.length;
}

const fmt = (x: number) => x.toFixed(3);
const signed = (x: number) => (x >= 0 ? '+' : '−') + Math.abs(x).toFixed(3);

function delta(r: DatasetResult, depth: Depth): { text: string; miss: boolean } {
  const ours = r.ours[depth];
  const theirs = r.sklearn[depth];
  if (typeof ours !== 'number' || typeof theirs !== 'object') return { text: '—', miss: true };
  const d = ours - theirs.score;
  const miss = d < -tolerance(r.task) - 1e-12;
  return { text: `${signed(d)}${miss ? ' ✗' : ''}`, miss };
}

export function markdownTable(results: readonly DatasetResult[]): string {
  const out = [
    '| dataset | rows × cols | task: target | ours d4 | sklearn d4 | Δ d4 | ours full | sklearn full | Δ full | note |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const cell = (depth: Depth) => {
      const o = r.ours[depth];
      const s = r.sklearn[depth];
      return [typeof o === 'number' ? fmt(o) : o, typeof s === 'object' ? `${fmt(s.score)} (${s.pipeline}; other ${s.other === null ? 'failed' : fmt(s.other)})` : s, delta(r, depth).text];
    };
    const kind = r.task === 'classification' ? 'acc' : 'R²';
    out.push(`| ${r.name} | ${r.rows} × ${r.columns} | ${kind}: ${r.target} | ${[...cell('4'), ...cell('full')].join(' | ')} | ${r.notes.join('; ').replace(/\|/g, '\\|')} |`);
  }
  return out.join('\n');
}

export function messagesSection(results: readonly DatasetResult[]): string {
  const out: string[] = [];
  for (const r of results) {
    if (r.messages.length === 0) continue;
    out.push(`- **${r.name}**:`);
    for (const m of r.messages) out.push(`  - \`${m.replace(/`/g, "'")}\``);
  }
  return out.length === 0 ? 'Our CLI printed nothing on stderr.' : out.join('\n');
}

/** How many datasets miss the goal at either depth. */
export function misses(results: readonly DatasetResult[]): string[] {
  return results.filter((r) => delta(r, '4').miss || delta(r, 'full').miss).map((r) => r.name);
}

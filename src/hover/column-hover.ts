// Hover markdown for a header cell: the column's profile and heterogeneity, and against the
// current target its best split (threshold or category sets), information gain, gain ratio, Gini
// decrease or variance reduction, its rank among the columns, a chart of the score along the
// thresholds and links to train or set the target. On the target itself: the class distribution
// with its entropy and Gini. Every piece of file text passes through mdText.
import type { ColumnProfile } from '../engine/profile';
import type { ColumnSplit, SplitsReport } from '../engine/splits/types';
import { splitText } from '../shared/render/split-text';
import { formatNumber } from '../shared/render/tree-labels';
import { HOVER_COMMANDS } from './hover-commands';
import type { HoverData } from '../shared/worker-messages';
import { commandUri, mdText, ordinal, score } from './markdown-text';
import { scoreChartUri } from './score-chart';
import { measureOf } from '../host/measure-names';
import { formatNumber as localNumber, labelNumber, t } from '../host/l10n';
import { typeName } from '../shared/terms';

const ALGORITHM_NAME = { cart: 'CART', id3: 'ID3', c45: 'C4.5' } as const;

function profileLines(p: ColumnProfile): string[] {
  const counts = `${typeName(p.type)} · ${t`${localNumber(p.count)} values · ${localNumber(p.missing)} missing · ${localNumber(p.distinct)} distinct`}`;
  const h = p.heterogeneity;
  const indices =
    h === null
      ? t`Heterogeneity: n/a (${p.heterogeneityNote ?? t('no values')})`
      : t`Heterogeneity: Gini ${score(h.gini)} (normalised ${score(h.giniNormalized)}) · entropy ${score(h.entropyBits)} bits (normalised ${score(h.entropyNormalized)})`;
  return [counts, '', indices];
}

/** The split as the tree would write it: `≤ 20.995`, `{a, b} | c` (category names escaped). */
function splitPhrase(s: ColumnSplit): string {
  return splitText(s, (name) => mdText(name, 80), labelNumber());
}

function rankLine(report: SplitsReport, s: ColumnSplit): string {
  const measure = measureOf(report.criterion);
  const head = t`Rank **${ordinal(s.rank)} of ${report.splits.length}** by ${measure}`;
  if (report.root?.feature === s.feature) {
    // C4.5's choice needs its reason (the average-gain guard); elsewhere rank 1 says it all.
    return report.algorithm === 'c45' ? t`${head} — the tree's first question: ${mdText(report.root.reason, 200)}.` : t`${head} — the tree's first question.`;
  }
  const better = report.splits.filter((o) => o.rank < s.rank).map((o) => `*${mdText(o.feature)}*`);
  const named = better.length === 1 ? better[0] : better.length === 2 ? t`${better[0]} and ${better[1]}` : t`${better.slice(0, 2).join(', ')} and ${better.length - 2} more`;
  const line = better.length === 0 ? `${head}.` : better.length === 1 ? t`${head} — ${named} scores higher.` : t`${head} — ${named} score higher.`;
  // C4.5 may pass over a better gain ratio whose gain is below the average.
  const root = report.splits.find((o) => o.feature === report.root?.feature);
  if (report.root === null || root === undefined || root.rank < s.rank) return line;
  return t`${line} Yet the tree asks *${mdText(root.feature)}* first: ${mdText(report.root.reason, 200)}.`;
}

function scoreLine(report: SplitsReport, s: ColumnSplit): string {
  if (report.task === 'regression') return t`Variance reduction **${score(s.varianceReduction)}**`;
  return t`Information gain **${score(s.informationGain)}** · gain ratio **${score(s.gainRatio)}** · Gini decrease **${score(s.giniDecrease)}**`;
}

/**
 * The header's actions: first a tree for the current target (what the scores above are for), then
 * making the hovered column the target. The first action used to train with the hovered *feature*
 * as the target, the opposite of what one reading its split score wants.
 */
function links(uri: string, column: string, target: string): string {
  const train = commandUri(HOVER_COMMANDS.trainWithTarget, [uri, target]);
  const set = commandUri(HOVER_COMMANDS.setTarget, [uri, column]);
  return t`[Train a tree for ${mdText(target, 40)}](${train}) · [Set ${mdText(column, 40)} as target](${set})`;
}

/** Hover of the header cell of column `index` (not the target). */
export function headerHover(data: HoverData, index: number, uri: string): string {
  const profile = data.profiles[index];
  const name = profile.name;
  const out = [t`**${mdText(name)}** — column ${index + 1} of ${data.profiles.length}`, '', ...profileLines(profile), '', '---', ''];
  const report = data.splits;
  const s = report?.splits.find((c) => c.feature === name);
  const leftOut = report?.leftOut.find((c) => c.column === name);
  if (data.ignored.includes(name)) {
    out.push(t('Ignored for training (your choice for this file, in **Profile CSV Columns**): no split score.'));
  } else if (report === null) {
    out.push(t`No split scores against target *${mdText(data.target)}*: ${mdText(data.note ?? t('unknown reason'), 200)}`);
  } else if (leftOut !== undefined) {
    // Not scored: the tree never sees it (README "Left-out columns").
    const why = leftOut.reason === 'id-like' ? t('an ID-like column') : t('a constant column');
    out.push(t`Left out of training as ${why} (${mdText(leftOut.detail, 120)}): no split score. Train, then **Keep** in the message that follows to use it.`);
  } else if (s === undefined) {
    out.push(t`Against target *${mdText(data.target)}*: this column cannot split the rows (constant, missing, or every category rarer than \`decisionTree.minCategorySamples\`).`);
  } else {
    const settings = `${ALGORITHM_NAME[report.algorithm]}, ${measureOf(report.criterion)}`;
    out.push(t`**Best split** for target *${mdText(data.target)}* (${settings}): *${mdText(name)}* ${splitPhrase(s)}`, '');
    out.push(scoreLine(report, s), '', rankLine(report, s));
    // Learn mode: how that score is made, worked out in the tree panel (README "Learn mode").
    out.push('', t`[Show the calculation at the root](${commandUri(HOVER_COMMANDS.showCalculation, [uri, name, data.target])})`);
    if (s.missing > 0) out.push('', t`${localNumber(s.missing)} rows have no value here.`);
    if (s.curve !== undefined && s.curve.length > 0) {
      out.push('', t`![${measureOf(report.criterion)} by threshold](${scoreChartUri(s.curve, s.threshold, s.valueType === 'date')})`);
    }
    if (data.note !== null) out.push('', `*${mdText(data.note, 200)}*`);
  }
  out.push('', links(uri, name, data.target));
  return out.join('\n');
}

/** Hover of the target column's header: class distribution, entropy and Gini (or the spread). */
export function targetHover(data: HoverData, index: number, uri: string): string {
  const p = data.profiles[index];
  const task = data.splits?.task;
  const out = [t`**${mdText(p.name)}** — the target column`, '', ...profileLines(p).slice(0, 1), ''];
  if (task === 'regression' && p.numeric !== null) {
    const n = p.numeric;
    const num = (x: number) => localNumber(Number(formatNumber(x)), { maximumFractionDigits: 20, useGrouping: false });
    out.push(t`Numeric target: mean ${num(n.mean)} · std ${n.std === null ? t('n/a') : num(n.std)} · min ${num(n.min)} · max ${num(n.max)}`);
  } else {
    out.push(t('| class | rows | share |'), '|---|---:|---:|');
    for (const top of p.top) out.push(`| ${mdText(String(top.value), 40)} | ${localNumber(top.count)} | ${localNumber(top.frequency * 100, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}% |`);
    if (p.distinct > p.top.length) out.push(t`| … ${p.distinct - p.top.length} more | | |`);
    const h = p.heterogeneity;
    if (h !== null) out.push('', t`Entropy **${score(h.entropyBits)} bits** (normalised ${score(h.entropyNormalized)}) · Gini **${score(h.gini)}** (normalised ${score(h.giniNormalized)})`);
  }
  if (data.note !== null) out.push('', `*${mdText(data.note, 200)}*`);
  out.push('', t`[Train a tree for ${mdText(p.name, 40)}](${commandUri(HOVER_COMMANDS.trainWithTarget, [uri, p.name])})`);
  return out.join('\n');
}

/** While the scores of this version are being computed. */
export function computingHover(column: string | undefined): string {
  return `${column === undefined ? '' : `**${mdText(column)}** — `}${t('computing split scores… (hover again in a moment)')}`;
}

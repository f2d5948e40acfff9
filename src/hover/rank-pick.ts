// "Rank Columns by Split Score": every column's best split and scores in a QuickPick, sorted by
// the tree's criterion; the title bar buttons re-sort by another measure. The title states the
// question a tree with these settings asks first, and why.
import * as vscode from 'vscode';
import type { ColumnSplit, SplitsReport } from '../engine/splits/types';
import { splitText } from '../shared/render/split-text';
import { literal } from '../host/target-items';
import { measureNames, measureOf } from '../host/measure-names';
import { score } from './markdown-text';
import { labelNumber, t } from '../host/l10n';

type Measure = 'score' | 'informationGain' | 'gainRatio' | 'giniDecrease';

const fixed = (x: number | null) => score(x);

interface RankItem extends vscode.QuickPickItem {
  split?: ColumnSplit;
}

function items(report: SplitsReport, measure: Measure): RankItem[] {
  const value = (s: ColumnSplit) => (measure === 'score' ? s.score : (s[measure] ?? -Infinity));
  const sorted = [...report.splits].sort((a, b) => value(b) - value(a) || a.rank - b.rank);
  const ranked: RankItem[] = sorted.map((s, i) => {
    const names = measureNames();
    const scores =
      report.task === 'regression'
        ? `${names.varianceReduction} ${fixed(s.varianceReduction)}`
        : `${names.informationGain} ${fixed(s.informationGain)} · ${names.gainRatio} ${fixed(s.gainRatio)} · ${names.giniDecrease} ${fixed(s.giniDecrease)}`;
    const root = report.root?.feature === s.feature ? ` — ${t`the tree's first question: ${report.root.reason}`}` : '';
    return { label: `${i + 1}. ${literal(s.feature)}`, description: literal(splitText(s, undefined, labelNumber())), detail: literal(scores + root), split: s };
  });
  // Left-out columns last, unranked, with the reason instead of a score.
  const leftOut = report.leftOut.map((c) => ({ label: `– ${literal(c.column)}`, description: c.reason === 'id-like' ? t('left out: ID-like') : t('left out: constant'), detail: literal(c.detail) }));
  return [...ranked, ...leftOut];
}

export async function showRanking(report: SplitsReport, fileName: string): Promise<void> {
  const pick = vscode.window.createQuickPick<RankItem>();
  const root = report.splits.find((s) => s.feature === report.root?.feature);
  pick.title = root === undefined ? t`${fileName}: no column can split on target ${report.target}` : t`${fileName}: the tree asks first "${root.feature} ${splitText(root, undefined, labelNumber())}"`;
  const measures: Measure[] = report.task === 'regression' ? ['score'] : ['score', 'informationGain', 'gainRatio', 'giniDecrease'];
  let current: Measure = 'score';
  const show = () => {
    const name = current === 'score' ? measureOf(report.criterion) : measureNames()[current];
    pick.placeholder = t`Target ${report.target}: ${report.splits.length} columns sorted by ${name} (the button re-sorts)`;
    pick.items = items(report, current);
  };
  pick.buttons = measures.length > 1 ? [{ iconPath: new vscode.ThemeIcon('list-ordered'), tooltip: t('Sort by the next measure') }] : [];
  pick.onDidTriggerButton(() => {
    current = measures[(measures.indexOf(current) + 1) % measures.length];
    show();
  });
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  show();
  await new Promise<void>((resolve) => {
    pick.onDidHide(() => resolve());
    pick.onDidAccept(() => pick.hide());
    pick.show();
  });
  pick.dispose();
}

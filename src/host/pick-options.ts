// "Train Decision Tree with Options…": algorithm and criterion, max depth, min samples per leaf,
// pruning and hold-out, one prompt each, starting from the current values. Escape cancels all.
import * as vscode from 'vscode';
import type { Algorithm, Criterion, PruneMethod } from '../engine/model';
import { allCriteria } from '../engine/tree/criteria';
import { entering, settingProblem, type TrainSettings } from '../shared/train-settings';
import { t } from './l10n';
import { criterionName, measureOf, taskName } from './measure-names';

interface AlgorithmItem extends vscode.QuickPickItem {
  algorithm: Algorithm;
  criterion: Criterion | 'auto';
}

/** CART with its criterion chosen from the target, then each criterion CART grows with (criteria.ts), then ID3 and C4.5. */
const algorithmItems = (): AlgorithmItem[] => [
  { label: /* l10n-ignore */ 'CART', description: t('criterion chosen from the target (Gini, or squared error for a numeric target)'), algorithm: 'cart', criterion: 'auto' },
  ...allCriteria()
    .filter((c) => c.algorithms.includes('cart'))
    .map((c): AlgorithmItem => ({ label: /* l10n-ignore */ `CART · ${criterionName(c.name)}`, description: `${taskName(c.task)}, ${measureOf(c.name)}`, algorithm: 'cart', criterion: c.name })),
  { label: /* l10n-ignore */ 'ID3', description: t('information gain, one branch per category'), algorithm: 'id3', criterion: 'auto' },
  { label: /* l10n-ignore */ 'C4.5', description: t('gain ratio, one branch per category'), algorithm: 'c45', criterion: 'auto' },
];

interface PruneItem extends vscode.QuickPickItem {
  prune: PruneMethod | 'auto';
}

const pruning = (): PruneItem[] => [
  { label: t('Default for the algorithm'), description: t('C4.5: pessimistic (it prunes by design); CART, ID3: none'), prune: 'auto' },
  { label: t('No pruning'), prune: 'none' },
  { label: t('Cost-complexity'), description: t('prune subtrees whose effective α is at most a value you give'), prune: 'cost-complexity' },
  { label: t('Pessimistic'), description: t("C4.5's pessimistic error estimate"), prune: 'pessimistic' },
];

const STEPS = 5;

/** Current choice first, so that Enter keeps it. */
export function currentFirst<T extends vscode.QuickPickItem>(items: T[], isCurrent: (item: T) => boolean): T[] {
  const at = items.findIndex(isCurrent);
  return at <= 0 ? items : [items[at], ...items.slice(0, at), ...items.slice(at + 1)];
}

/**
 * Asks for one setting's number, checked by the setting's own rule; an empty answer is `empty`
 * (NaN, rejected; or null, a limit's "none"). Undefined when cancelled.
 */
async function askNumber<T extends number | null>(key: keyof TrainSettings, step: number, prompt: string, current: T, empty: T): Promise<T | undefined> {
  const read = (text: string): T => (text.trim() === '' ? empty : (Number(text) as T));
  const text = await vscode.window.showInputBox({
    title: t`Decision Tree options (${step}/${STEPS})`,
    prompt,
    value: current === null ? '' : String(current),
    ignoreFocusOut: true,
    validateInput: (value) => {
      const problem = settingProblem(key, read(value));
      return problem === undefined ? undefined : t`The value ${problem}.`;
    },
  });
  return text === undefined ? undefined : (entering(key, read(text)) as T);
}

export async function pickOptions(start: TrainSettings): Promise<TrainSettings | undefined> {
  const settings = { ...start };
  const algorithm = await vscode.window.showQuickPick(
    currentFirst(algorithmItems(), (i) => i.algorithm === start.algorithm && i.criterion === start.criterion),
    { title: t`Decision Tree options (${1}/${STEPS})`, placeHolder: t('Algorithm and split criterion'), ignoreFocusOut: true },
  );
  if (algorithm === undefined) return undefined;
  settings.algorithm = algorithm.algorithm;
  settings.criterion = algorithm.criterion;

  const maxDepth = await askNumber<number | null>('maxDepth', 2, t('Maximum depth (empty = grow fully)'), settings.maxDepth, null);
  if (maxDepth === undefined) return undefined;
  settings.maxDepth = maxDepth;

  const minSamplesLeaf = await askNumber('minSamplesLeaf', 3, t('Minimum training rows per leaf'), settings.minSamplesLeaf, Number.NaN);
  if (minSamplesLeaf === undefined) return undefined;
  settings.minSamplesLeaf = minSamplesLeaf;

  const prune = await vscode.window.showQuickPick(
    currentFirst(pruning(), (i) => i.prune === start.prune),
    { title: t`Decision Tree options (${4}/${STEPS})`, placeHolder: t('Pruning'), ignoreFocusOut: true },
  );
  if (prune === undefined) return undefined;
  settings.prune = prune.prune;
  if (prune.prune === 'cost-complexity') {
    const alpha = await askNumber('ccpAlpha', 4, t('Complexity parameter α (≥ 0): subtrees with effective α ≤ this are pruned'), settings.ccpAlpha, Number.NaN);
    if (alpha === undefined) return undefined;
    settings.ccpAlpha = alpha;
  }

  // 0 keeps the tree on all rows and measures it by k-fold CV (or leave-one-out, when that is the
  // setting); a share holds those rows out of training.
  const onAllRows = settings.validation === 'leave-one-out' ? t('leave-one-out cross-validation') : t`${settings.cvFolds}-fold cross-validation`;
  const current = settings.validation === 'holdout' ? settings.holdOutFraction : 0;
  const holdOut = await askNumber('holdOutFraction', 5, t`Share of rows held out to measure the tree, which trains on the rest (0 to 0.9; 0 = train on all rows, measure by ${onAllRows})`, current, Number.NaN);
  if (holdOut === undefined) return undefined;
  settings.validation = holdOut > 0 ? 'holdout' : settings.validation === 'leave-one-out' ? 'leave-one-out' : 'cv';
  if (holdOut > 0) settings.holdOutFraction = holdOut;
  return settings;
}

// "Train Random Forest with Options…": the number of trees, the features tried per split and the
// voting, one prompt each, starting from the file's last answers or `decisionTree.forest.*`
// (forest-trainer.ts), the current choice first so that Enter keeps it. Escape cancels all.
import * as vscode from 'vscode';
import type { MaxFeatures, Voting } from '../engine/forest/types';
import { forestSettingProblem, type ForestSettings } from '../shared/forest-settings';
import { currentFirst } from './pick-options';
import { t } from './l10n';

const STEPS = 3;

interface FeaturesItem extends vscode.QuickPickItem {
  maxFeatures: MaxFeatures | 'default';
}

const featureItems = (): FeaturesItem[] => [
  { label: t('Default'), description: t('√p for classification, p/3 for regression (the course notes’ m)'), maxFeatures: 'default' },
  { label: '√p', description: t('sqrt: scikit-learn’s classification default'), maxFeatures: 'sqrt' },
  { label: 'p/3', description: /* l10n-ignore */ 'third', maxFeatures: 'third' },
  { label: /* l10n-ignore */ 'log₂ p', description: /* l10n-ignore */ 'log2', maxFeatures: 'log2' },
  { label: t('All features'), description: t('bagging of CART trees (scikit-learn’s regression default)'), maxFeatures: 'all' },
];

interface VotingItem extends vscode.QuickPickItem {
  voting: Voting;
}

const votings = (): VotingItem[] => [
  { label: t('Soft voting'), description: t('mean of the trees’ class shares (scikit-learn)'), voting: 'soft' },
  { label: t('Hard voting'), description: t('majority of the trees’ labels (the course notes); classification only'), voting: 'hard' },
];

export async function pickForestOptions(start: ForestSettings): Promise<ForestSettings | undefined> {
  const text = await vscode.window.showInputBox({
    title: t`Random forest options (${1}/${STEPS})`,
    prompt: t('Number of trees'),
    value: String(start.nTrees),
    ignoreFocusOut: true,
    validateInput: (value) => {
      const problem = forestSettingProblem('nTrees', Number(value));
      return problem === undefined ? undefined : t`The number of trees ${problem}.`;
    },
  });
  if (text === undefined) return undefined;
  const features = await vscode.window.showQuickPick(
    // A count or fraction (settings.json) is offered as it is, first.
    typeof start.maxFeatures === 'number'
      ? [{ label: String(start.maxFeatures), description: start.maxFeatures < 1 ? t('this share of the features') : t('this many features'), maxFeatures: start.maxFeatures }, ...featureItems()]
      : currentFirst(featureItems(), (item) => item.maxFeatures === start.maxFeatures),
    { title: t`Random forest options (${2}/${STEPS})`, placeHolder: t('Features tried at each split'), ignoreFocusOut: true },
  );
  if (features === undefined) return undefined;
  const voting = await vscode.window.showQuickPick(
    currentFirst(votings(), (item) => item.voting === start.voting),
    { title: t`Random forest options (${3}/${STEPS})`, placeHolder: t('How the trees vote'), ignoreFocusOut: true },
  );
  if (voting === undefined) return undefined;
  return { ...start, nTrees: Number(text), maxFeatures: features.maxFeatures, voting: voting.voting };
}

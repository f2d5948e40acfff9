// "Train Random Forest with Options…": the number of trees, the features tried per split and the
// voting, one prompt each, starting from the file's last answers or `decisionTree.forest.*`
// (forest-trainer.ts), the current choice first so that Enter keeps it. Escape cancels all.
import * as vscode from 'vscode';
import type { MaxFeatures, Voting } from '../engine/forest/types';
import { forestSettingProblem, type ForestSettings } from '../shared/forest-settings';
import { currentFirst } from './pick-options';

const STEPS = 3;

interface FeaturesItem extends vscode.QuickPickItem {
  maxFeatures: MaxFeatures | 'default';
}

const FEATURES: FeaturesItem[] = [
  { label: 'Default', description: '√p for classification, p/3 for regression (the course notes’ m)', maxFeatures: 'default' },
  { label: '√p', description: 'sqrt: scikit-learn’s classification default', maxFeatures: 'sqrt' },
  { label: 'p/3', description: 'third', maxFeatures: 'third' },
  { label: 'log₂ p', description: 'log2', maxFeatures: 'log2' },
  { label: 'All features', description: 'bagging of CART trees (scikit-learn’s regression default)', maxFeatures: 'all' },
];

interface VotingItem extends vscode.QuickPickItem {
  voting: Voting;
}

const VOTING: VotingItem[] = [
  { label: 'Soft voting', description: 'mean of the trees’ class shares (scikit-learn)', voting: 'soft' },
  { label: 'Hard voting', description: 'majority of the trees’ labels (the course notes); classification only', voting: 'hard' },
];

export async function pickForestOptions(start: ForestSettings): Promise<ForestSettings | undefined> {
  const text = await vscode.window.showInputBox({
    title: `Random forest options (1/${STEPS})`,
    prompt: 'Number of trees',
    value: String(start.nTrees),
    ignoreFocusOut: true,
    validateInput: (value) => {
      const problem = forestSettingProblem('nTrees', Number(value));
      return problem === undefined ? undefined : `The number of trees ${problem}.`;
    },
  });
  if (text === undefined) return undefined;
  const features = await vscode.window.showQuickPick(
    // A count or fraction (settings.json) is offered as it is, first.
    typeof start.maxFeatures === 'number'
      ? [{ label: String(start.maxFeatures), description: start.maxFeatures < 1 ? 'this share of the features' : 'this many features', maxFeatures: start.maxFeatures }, ...FEATURES]
      : currentFirst(FEATURES, (item) => item.maxFeatures === start.maxFeatures),
    { title: `Random forest options (2/${STEPS})`, placeHolder: 'Features tried at each split', ignoreFocusOut: true },
  );
  if (features === undefined) return undefined;
  const voting = await vscode.window.showQuickPick(
    currentFirst(VOTING, (item) => item.voting === start.voting),
    { title: `Random forest options (3/${STEPS})`, placeHolder: 'How the trees vote', ignoreFocusOut: true },
  );
  if (voting === undefined) return undefined;
  return { ...start, nTrees: Number(text), maxFeatures: features.maxFeatures, voting: voting.voting };
}

// "Open Sample Dataset": the small CSVs shipped in media/samples/, opened in an editor, ready to
// train on.
import * as vscode from 'vscode';
import { t } from './l10n';

interface Sample extends vscode.QuickPickItem {
  file: string;
}

/** The samples, their labels the file names (never translated). */
export const samples = (): readonly Sample[] => [
  { label: /* l10n-ignore */ 'iris', description: t('150 flowers, 4 measurements → species (3 classes)'), file: 'iris.csv' },
  { label: /* l10n-ignore */ 'play_tennis', description: t("Quinlan's 14 days of weather → play (ID3's textbook example)"), file: 'play_tennis.csv' },
  { label: /* l10n-ignore */ 'bike_or_car', description: t('16 trips → go by car? (course example)'), file: 'bike_or_car.csv' },
  { label: /* l10n-ignore */ 'guess_who', description: t('24 "Guess who?" characters, 5 yes/no features → woman (the Finnish notes\' best question: beard, gain 0.44)'), file: 'guess_who.csv' },
  { label: /* l10n-ignore */ 'diabetes', description: t('442 patients, 10 measurements → disease progression (regression)'), file: 'diabetes.csv' },
];

export async function openSample(extensionUri: vscode.Uri): Promise<void> {
  const picked = await vscode.window.showQuickPick(samples(), { title: t('Decision Tree: open a sample dataset'), matchOnDescription: true });
  if (picked === undefined) return;
  const uri = vscode.Uri.joinPath(extensionUri, 'media', 'samples', picked.file);
  await vscode.window.showTextDocument(uri, { preview: false });
}

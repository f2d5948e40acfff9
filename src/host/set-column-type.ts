// "Decision Tree: Set Column Type…": pick a column of the CSV, then its type (for ordinal, the
// order of its categories: column-type-flow.ts); remembered per file like the target
// (file-choices.ts) and used by every read of that file in the worker: training, the hover's
// scores and profile, Rank Columns, Profile CSV Columns.
import * as vscode from 'vscode';
import { isNumeric } from '../engine/dataset';
import type { LoadResult } from '../shared/worker-messages';
import { choiceText } from '../shared/column-choice';
import { fileNameOf, prepareLoad } from './csv-source';
import { columnItems } from './column-type-items';
import { chooseColumnType, type TypeFlowUi } from './column-type-flow';
import { readChoices, rememberChoices, withColumnType, type ChoiceStore } from './file-choices';
import { withJobProgress } from './job-progress';
import type { WorkerBridge } from './worker-bridge';
import { t } from './l10n';

/** The flow's questions as VS Code asks them. */
const windowUi: TypeFlowUi = {
  pick: async (items, title) => vscode.window.showQuickPick(items, { title, ignoreFocusOut: true }),
  input: async (box) =>
    vscode.window.showInputBox({
      title: box.title,
      prompt: box.prompt,
      value: box.value,
      ignoreFocusOut: true,
      validateInput: (text) => {
        const m = box.check(text);
        return m === undefined ? undefined : { message: m.message, severity: m.severity === 'error' ? vscode.InputBoxValidationSeverity.Error : vscode.InputBoxValidationSeverity.Warning };
      },
    }),
};

export async function setColumnType(uri: vscode.Uri, bridge: WorkerBridge, state: ChoiceStore): Promise<void> {
  const fileName = fileNameOf(uri);
  const load = async (types?: Record<string, 'categorical'>): Promise<LoadResult> => {
    const { job, transfer } = await prepareLoad(uri, types);
    return withJobProgress(t`Decision Tree: reading ${job.fileName}`, (onProgress) => bridge.run('load', job, { key: uri.toString(), onProgress, transfer }));
  };
  // Read without the file's choices: the columns as detected, and an old choice cannot fail the read.
  const { dataset, columns } = await load();
  const choices = readChoices(state, uri.toString());
  const column = await vscode.window.showQuickPick(columnItems(columns, choices.types), { title: t`Decision Tree: column of ${fileName} to type`, matchOnDescription: true, ignoreFocusOut: true });
  if (column === undefined) return;
  const detected = columns.find((c) => c.name === column.column)?.type ?? 'categorical';
  const answer = await chooseColumnType(windowUi, {
    label: column.label,
    detected,
    current: choices.types?.[column.column],
    // Categories as written: a column read as numbers or dates is read again as text for them.
    categories: async () => {
      const found = dataset.columns.find((c) => c.name === column.column);
      if (found !== undefined && !isNumeric(found)) return found.categories;
      const again = (await load({ [column.column]: 'categorical' })).dataset.columns.find((c) => c.name === column.column);
      return again === undefined || isNumeric(again) ? [] : again.categories;
    },
  });
  if (answer === undefined) return;
  const names = columns.map((c) => c.name);
  await rememberChoices(state, uri.toString(), { types: withColumnType(choices, names, column.column, answer.choice) });
  const read = answer.choice === undefined ? t`detected (${detected})` : choiceText(answer.choice);
  const note = answer.note === undefined ? '' : ` ${t`Note: ${answer.note}.`}`;
  void vscode.window.showInformationMessage(t`Decision Tree: column ${column.label} of ${fileName} is read as ${read}; train again to use it.` + note);
}

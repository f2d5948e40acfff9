// "Decision Tree: Set Column Type…": pick a column of the CSV, then its type; remembered per file
// like the target (file-choices.ts) and used by every read of that file in the worker: training,
// the hover's scores and profile, Rank Columns, Profile CSV Columns.
import * as vscode from 'vscode';
import { fileNameOf, prepareLoad } from './csv-source';
import { columnItems, typeItems } from './column-type-items';
import { readChoices, rememberChoices, withColumnType, type ChoiceStore } from './file-choices';
import { withJobProgress } from './job-progress';
import type { WorkerBridge } from './worker-bridge';

export async function setColumnType(uri: vscode.Uri, bridge: WorkerBridge, state: ChoiceStore): Promise<void> {
  // Read without the file's choices: the columns as detected, and an old choice cannot fail the read.
  const { job, transfer } = await prepareLoad(uri);
  const { columns } = await withJobProgress(`Decision Tree: reading ${job.fileName}`, (onProgress) =>
    bridge.run('load', job, { key: uri.toString(), onProgress, transfer }),
  );
  const choices = readChoices(state, uri.toString());
  const fileName = fileNameOf(uri);
  const column = await vscode.window.showQuickPick(columnItems(columns, choices.types), { title: `Decision Tree: column of ${fileName} to type`, matchOnDescription: true, ignoreFocusOut: true });
  if (column === undefined) return;
  const detected = columns.find((c) => c.name === column.column)?.type ?? 'categorical';
  const picked = await vscode.window.showQuickPick(typeItems(detected, choices.types?.[column.column]), { title: `Decision Tree: type of column ${column.label}`, ignoreFocusOut: true });
  if (picked === undefined) return;
  const names = columns.map((c) => c.name);
  await rememberChoices(state, uri.toString(), { types: withColumnType(choices, names, column.column, picked.type) });
  void vscode.window.showInformationMessage(`Decision Tree: column ${column.label} of ${fileName} is read as ${picked.type ?? `detected (${detected})`}; train again to use it.`);
}

// After a training that left out ID-like or constant columns: one information message naming
// them, with a button that keeps them for this file (remembered like the target, file-choices.ts)
// and trains again. The remembered columns become the engine's `keep` (README "Left-out columns").
import * as vscode from 'vscode';
import { leftOutText, type LeftOutColumn } from '../engine/tree/left-out';
import { readChoices, rememberChoices, type ChoiceStore } from './file-choices';

/** Columns named in the message at most; the rest are counted. */
const NAMED = 5;
/** Up to this many left-out columns get a button each; more get one "Keep All". */
const BUTTONS = 3;

interface KeepItem extends vscode.MessageItem {
  columns: string[];
}

/** The columns remembered as kept (workspace state is untrusted: anything but names is dropped). */
export function rememberedKeep(store: ChoiceStore, fileKey: string): string[] {
  const keep: unknown = readChoices(store, fileKey).keep;
  return Array.isArray(keep) ? keep.filter((name): name is string => typeof name === 'string') : [];
}

/** The remembered kept columns that the file still has (an unknown one would be an error). */
export function keptColumns(store: ChoiceStore, fileKey: string, columnNames: readonly string[]): string[] {
  return rememberedKeep(store, fileKey).filter((name) => columnNames.includes(name));
}

export function leftOutMessage(fileName: string, leftOut: readonly LeftOutColumn[]): string {
  const named = leftOut.slice(0, NAMED).map(leftOutText);
  const more = leftOut.length > NAMED ? ` and ${leftOut.length - NAMED} more` : '';
  return `Decision Tree: ${fileName}: left out of training ${named.join(', ')}${more}.`;
}

function keepItems(leftOut: readonly LeftOutColumn[]): KeepItem[] {
  if (leftOut.length > BUTTONS) return [{ title: `Keep All ${leftOut.length}`, columns: leftOut.map((c) => c.column) }];
  return leftOut.map((c) => ({ title: `Keep ${c.column}`, columns: [c.column] }));
}

/** Shows the message; on a "Keep …" remembers the columns for the file and resolves true (the caller retrains). */
export async function offerKeep(store: ChoiceStore, fileKey: string, fileName: string, leftOut: readonly LeftOutColumn[]): Promise<boolean> {
  const picked = await vscode.window.showInformationMessage(leftOutMessage(fileName, leftOut), ...keepItems(leftOut));
  if (picked === undefined) return false;
  await rememberChoices(store, fileKey, { keep: [...new Set([...rememberedKeep(store, fileKey), ...picked.columns])] });
  return true;
}

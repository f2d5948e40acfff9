// After a training that left out ID-like or constant columns: one information message naming
// them, with a one-click "Ignore" (remembered, not asked again) and buttons that keep them for
// this file (remembered like the target, file-choices.ts) and train again. The remembered columns become the engine's `keep` (README "Left-out columns").
import * as vscode from 'vscode';
import type { LeftOutColumn } from '../engine/model';
import { leftOutText } from '../engine/tree/left-out';
import { readChoices, rememberChoices, rememberedNames, type ChoiceStore } from './file-choices';
import { t } from './l10n';

/** Columns named in the message at most; the rest are counted. */
const NAMED = 5;
/** Up to this many left-out columns get a button each; more get one "Keep All". */
const BUTTONS = 3;

interface KeepItem extends vscode.MessageItem {
  columns: string[];
  /** "Ignore": remember the columns as ignored (the tree stays as it is; the message is not shown again). */
  ignore?: true;
}

/** The columns remembered as kept (workspace state is untrusted: anything but names is dropped). */
export function rememberedKeep(store: ChoiceStore, fileKey: string): string[] {
  return rememberedNames(readChoices(store, fileKey), 'keep');
}

export function leftOutMessage(fileName: string, leftOut: readonly LeftOutColumn[]): string {
  const named = leftOut.slice(0, NAMED).map(leftOutText);
  const list = named.join(', ');
  return leftOut.length > NAMED
    ? t`Decision Tree: ${fileName}: left out of training ${list} and ${leftOut.length - NAMED} more.`
    : t`Decision Tree: ${fileName}: left out of training ${list}.`;
}

function keepItems(leftOut: readonly LeftOutColumn[]): KeepItem[] {
  const all = leftOut.map((c) => c.column);
  const ignore: KeepItem = { title: leftOut.length === 1 ? t('Ignore') : t('Ignore All'), columns: all, ignore: true };
  if (leftOut.length > BUTTONS) return [{ title: t`Keep All ${leftOut.length}`, columns: all }, ignore];
  return [...leftOut.map((c) => ({ title: t`Keep ${c.column}`, columns: [c.column] })), ignore];
}

/**
 * Shows the message. "Ignore" remembers the columns as ignored for the file (what the training
 * did, now a choice: not asked again); "Keep …" remembers them as kept and resolves true (the
 * caller retrains).
 */
export async function offerKeep(store: ChoiceStore, fileKey: string, fileName: string, leftOut: readonly LeftOutColumn[]): Promise<boolean> {
  const picked = await vscode.window.showInformationMessage(leftOutMessage(fileName, leftOut), ...keepItems(leftOut));
  if (picked === undefined) return false;
  const choices = readChoices(store, fileKey);
  const ignored = rememberedNames(choices, 'ignore');
  if (picked.ignore) {
    await rememberChoices(store, fileKey, { ignore: [...new Set([...ignored, ...picked.columns])] });
    return false;
  }
  await rememberChoices(store, fileKey, {
    keep: [...new Set([...rememberedKeep(store, fileKey), ...picked.columns])],
    ignore: ignored.filter((name) => !picked.columns.includes(name)),
  });
  return true;
}

// The questions of "Set Column Type…" once the column is picked (set-column-type.ts asks for the
// column and remembers the answer): its type, then for ordinal the order of its categories in a box
// prefilled as found (ordinal-order.ts). Written against a small UI interface, not vscode.window,
// so the flow is tested without a window.
import type { ColumnType } from '../engine/dataset';
import { choiceType, type ColumnChoice } from '../shared/column-choice';
import { typeItems, type TypeItem } from './column-type-items';
import { checkOrder, orderText, unorderable } from './ordinal-order';
import { t } from './l10n';

/** What an input box's check says of a text: refused (error) or accepted with a remark (warning). */
export interface BoxMessage {
  message: string;
  severity: 'error' | 'warning';
}

/** The two questions the flow asks; set-column-type.ts answers them with vscode.window. */
export interface TypeFlowUi {
  pick(items: TypeItem[], title: string): Promise<TypeItem | undefined>;
  input(box: { title: string; prompt: string; value: string; check(text: string): BoxMessage | undefined }): Promise<string | undefined>;
}

export interface TypeFlowColumn {
  /** As shown (literal: codicon syntax escaped). */
  label: string;
  /** Its type as the reader detects it without a choice. */
  detected: ColumnType;
  /** The file's current choice for it, if any. */
  current: ColumnChoice | undefined;
  /** Its categories as written in the file, in the order found (asked only for ordinal). */
  categories(): Promise<readonly string[]>;
}

/** The answer: `choice` undefined means detected again; `note` a remark for the user. */
export interface TypeFlowAnswer {
  choice: ColumnChoice | undefined;
  note?: string;
}

/** The column's new type, or undefined when a question was dismissed. */
export async function chooseColumnType(ui: TypeFlowUi, column: TypeFlowColumn): Promise<TypeFlowAnswer | undefined> {
  const picked = await ui.pick(typeItems(column.detected, column.current), t`Decision Tree: type of column ${column.label}`);
  if (picked === undefined) return undefined;
  if (picked.asksOrder !== true) return { choice: picked.choice };
  const found = await column.categories();
  const cannot = unorderable(found);
  if (cannot !== undefined) return { choice: 'ordinal', note: cannot };
  const current = column.current !== undefined && choiceType(column.current) === 'ordinal' && typeof column.current !== 'string' && 'order' in column.current ? column.current.order : null;
  const text = await ui.input({
    title: t`Decision Tree: order of the categories of ${column.label}`,
    prompt: t('Lowest first, separated by commas (the categories as found are filled in). Empty: numbers by value, else code-point order.'),
    value: orderText(current ?? found),
    check: (typed) => {
      const c = checkOrder(typed, found);
      if (c.problem !== undefined) return { message: c.problem, severity: 'error' };
      return c.warning === undefined ? undefined : { message: c.warning, severity: 'warning' };
    },
  });
  if (text === undefined) return undefined;
  const { order, problem } = checkOrder(text, found);
  // The box refuses a text with a problem; checked again so a caller without the box's check cannot store one.
  if (problem !== undefined) throw new Error(problem);
  return { choice: order === null || order === undefined ? 'ordinal' : { type: 'ordinal', order } };
}

// What the hover says at a cell, decided without vscode: the header's split scores, the target's
// distribution, a data row's prediction and path, "computing…" while the document is scored, or
// a polite refusal where the position cannot be mapped. Undefined: no hover at all.
import type { CellLocation } from '../engine/locate/cell-at';
import type { TreeColumns } from '../engine/model-columns';
import { modelOf } from '../engine/tree-columns';
import { rowPath } from '../shared/row-path';
import { computingHover, headerHover, targetHover } from './column-hover';
import type { HoverData } from '../shared/worker-messages';
import { mdText } from './markdown-text';
import { rowHover } from './row-hover';
import { t } from '../host/l10n';

export interface HoverInput {
  cell: CellLocation;
  /** The document's data when ready; `error` when it could not be read. */
  data?: HoverData;
  error?: string;
  /** The tree trained for the file, if any, as the host holds it. */
  model?: TreeColumns;
  uri: string;
}

export function hoverContent({ cell, data, error, model, uri }: HoverInput): string | undefined {
  if ('declined' in cell) {
    if (cell.declined === 'blank line') return undefined;
    return data === undefined && error === undefined ? computingHover(undefined) : `*${t`Decision Tree: no cell here — ${mdText(cell.declined, 200)}`}*`;
  }
  if (data === undefined) {
    // Data cells have something to say only once a tree is trained for the file.
    if (cell.record !== 0 && model === undefined) return undefined;
    return error === undefined ? computingHover(undefined) : t`Decision Tree cannot read this file: ${mdText(error, 300)}`;
  }
  const profile = data.profiles[cell.field];
  if (profile === undefined) return undefined;
  if (cell.record === 0) return profile.name === data.target ? targetHover(data, cell.field, uri) : headerHover(data, cell.field, uri);
  const row = cell.record - 1;
  if (model === undefined || row >= data.dataset.rowCount) return undefined;
  try {
    const path = rowPath(model, data.dataset, row);
    return rowHover(modelOf(model, path.path), path, profile.name, uri);
  } catch {
    // The edited file no longer fits the trained tree (a column it uses is gone): no row hover.
    return undefined;
  }
}

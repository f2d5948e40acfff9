// The CSV hover: maps the position to its cell, then shows the header's split scores, the
// target's distribution, or a data row's prediction and path. Markdown with HTML off, trusting
// only the hover's own commands; file text is escaped where the markdown is built.
import * as vscode from 'vscode';
import { sniffDelimiter } from '../engine/csv/sniff';
import { cellAt } from '../engine/locate/cell-at';
import { delimiterFor } from '../host/csv-source';
import { rowPath } from '../host/row-path';
import type { TrainedFiles } from '../host/trained-files';
import { computingHover, headerHover, targetHover } from './column-hover';
import type { HoverCache } from './hover-cache';
import { TRUSTED_HOVER_COMMANDS } from './hover-commands';
import { mdText } from './markdown-text';
import { rowHover } from './row-hover';

/** Lines read to sniff the delimiter before the document has been parsed. */
const SNIFF_LINES = 50;

export function hoverMarkdown(text: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(text);
  md.supportHtml = false;
  md.isTrusted = { enabledCommands: [...TRUSTED_HOVER_COMMANDS] };
  return md;
}

function guessDelimiter(document: vscode.TextDocument): string {
  const known = delimiterFor(document.uri, document.languageId);
  if (known !== undefined) return known;
  const end = Math.min(document.lineCount, SNIFF_LINES);
  const head = document.getText(new vscode.Range(0, 0, end, 0));
  return sniffDelimiter(new TextEncoder().encode(head), end === document.lineCount);
}

export class CsvHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly cache: HoverCache,
    private readonly trained: TrainedFiles,
  ) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const { data, error } = this.cache.peek(document);
    const cell = cellAt({
      lineText: (line) => document.lineAt(line).text,
      line: position.line,
      character: position.character,
      delimiter: data?.dataset.delimiter ?? guessDelimiter(document),
      recordStarts: data?.recordStarts ?? null,
    });
    if ('declined' in cell) {
      if (cell.declined === 'blank line') return undefined;
      return new vscode.Hover(hoverMarkdown(data === undefined && error === undefined ? computingHover(undefined) : `*Decision Tree: no cell here — ${mdText(cell.declined, 200)}*`));
    }
    const uri = document.uri.toString();
    if (data === undefined) {
      // Data cells have something to say only once a tree is trained for the file.
      if (cell.record !== 0 && this.trained.get(document.uri) === undefined) return undefined;
      return new vscode.Hover(hoverMarkdown(error === undefined ? computingHover(undefined) : `Decision Tree cannot read this file: ${mdText(error, 300)}`));
    }
    const profile = data.profiles[cell.field];
    if (profile === undefined) return undefined;
    if (cell.record === 0) {
      const text = profile.name === data.target ? targetHover(data, cell.field, uri) : headerHover(data, cell.field, uri);
      return new vscode.Hover(hoverMarkdown(text));
    }
    const file = this.trained.get(document.uri);
    const row = cell.record - 1;
    if (file === undefined || row >= data.dataset.rowCount) return undefined;
    try {
      return new vscode.Hover(hoverMarkdown(rowHover(file.report.model, rowPath(file.report.model, data.dataset, row), profile.name, uri)));
    } catch {
      // The edited file no longer fits the trained tree (a column it uses is gone): no row hover.
      return undefined;
    }
  }
}

// The CSV hover: maps the position to its cell (hover-content.ts decides what to say there).
// Markdown with HTML off, trusting only the hover's own commands; file text is escaped where the
// markdown is built.
import * as vscode from 'vscode';
import { sniffDelimiter } from '../engine/csv/sniff';
import { cellAt } from '../engine/locate/cell-at';
import { delimiterFor } from '../host/csv-source';
import type { TrainedFiles } from '../host/trained-files';
import type { HoverCache } from './hover-cache';
import { TRUSTED_HOVER_COMMANDS } from './hover-commands';
import { hoverContent } from './hover-content';

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
    const text = hoverContent({ cell, data, error, model: this.trained.get(document.uri)?.report.model, uri: document.uri.toString() });
    return text === undefined ? undefined : new vscode.Hover(hoverMarkdown(text));
  }
}

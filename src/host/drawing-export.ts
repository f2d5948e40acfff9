// "Export as SVG / PNG" from the tree panel: the webview makes the file's content from the drawing
// it shows (webview/drawing-export.ts); here the user says where it goes, and nothing is written
// unasked.
import * as vscode from 'vscode';
import { base64ToBytes } from './base64';
import { saveBeside } from './save-beside';
import { t } from './l10n';

const formats = (): Record<'svg' | 'png', { suffix: string; title: string; filters: Record<string, string[]> }> => ({
  svg: { suffix: '.tree.svg', title: t('Export Tree Drawing as SVG'), filters: { [t('SVG image')]: ['svg'] } },
  png: { suffix: '.tree.png', title: t('Export Tree Drawing as PNG'), filters: { [t('PNG image')]: ['png'] } },
});

/** Asks where to save the drawing of `csv`'s tree (default: beside the CSV), writes it, opens it. */
export async function saveDrawing(csv: vscode.Uri, format: 'svg' | 'png', data: string): Promise<boolean> {
  const { suffix, title, filters } = formats()[format];
  const content = format === 'png' ? base64ToBytes(data) : data;
  return saveBeside({ csv, suffix, title, filters, content, openAs: 'viewer' });
}

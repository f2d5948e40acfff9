// No user-visible English of the vscode side or of a translated page bypasses t() (docs/architecture.md
// "Languages"): scripts/l10n-extract.mjs --check passes on the real tree, and fails, naming file,
// line and text, on a tree where a notification, a QuickPick's placeholder, a progress title, the
// status bar or a hover is given a literal string, or a page draws one (an element's text, a
// button, a field's label, a title or aria-label, the banner); a name marked /* l10n-ignore */ and
// a t() call pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const EXTRACT = path.join(process.cwd(), 'scripts/l10n-extract.mjs');

function check(root: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [EXTRACT, '--check', '--root', root], { encoding: 'utf8' });
  return { status: r.status, output: r.stdout + r.stderr };
}

function tree(file: string, text: string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'dte-l10n-'));
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
  return root;
}

const HEADER = "import * as vscode from 'vscode';\nimport { t } from './l10n';\n";

test('the real tree: every user-visible string of the host goes through t()', () => {
  const { status, output } = check(process.cwd());
  assert.equal(status, 0, output);
});

test('a literal string at a user-visible sink fails the check, named by file, line and text', () => {
  const cases: [string, string][] = [
    ["void vscode.window.showInformationMessage('Decision Tree: trained.');", 'Decision Tree: trained.'],
    ["void vscode.window.showErrorMessage(t('fine'), 'Show Details');", 'Show Details'],
    ['const n = 3;\nvoid vscode.window.showWarningMessage(`${n} settings were invalid`);', '{0} settings were invalid'],
    ["void vscode.window.showQuickPick([], { title: t('fine'), placeHolder: 'The column to predict' });", 'The column to predict'],
    ["void vscode.window.withProgress({ location: 15, title: 'Decision Tree: training' }, async () => undefined);", 'Decision Tree: training'],
    ["const item = vscode.window.createStatusBarItem();\nitem.tooltip = 'Click to change it.';", 'Click to change it.'],
    ["const md = new vscode.MarkdownString('**Best split**');", '**Best split**'],
    ["const pick = vscode.window.createQuickPick();\npick.placeholder = 'Sorted by ' + 'gain';", 'Sorted by '],
    ["declare const notifier: { failure(a: string, b: string, e: unknown): void };\nnotifier.failure('train a tree on', 'x.csv', 1);", 'train a tree on'],
  ];
  for (const [code, text] of cases) {
    const { status, output } = check(tree('src/host/x.ts', HEADER + code));
    assert.equal(status, 1, code);
    assert.match(output, new RegExp(`src/host/x\\.ts:\\d+: ${JSON.stringify(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), code);
  }
});

test('t() calls, names marked /* l10n-ignore */, codicons and non-text pass', () => {
  const code = [
    "void vscode.window.showInformationMessage(t('Decision Tree: trained.'));",
    'const n = 3;\nvoid vscode.window.showWarningMessage(t`${n} settings were invalid`);',
    "void vscode.window.showQuickPick([{ label: /* l10n-ignore */ 'CART', description: t('binary splits') }, { label: '$(check)' }]);",
    "const item = vscode.window.createStatusBarItem();\nitem.text = `$(target) ${n}`;",
  ].join('\n');
  const { status, output } = check(tree('src/hover/y.ts', HEADER.replace('./l10n', '../host/l10n') + code));
  assert.equal(status, 0, output);
});

test('a t() whose message is not a literal is refused: the bundles could not hold it', () => {
  const { status, output } = check(tree('src/host/z.ts', `${HEADER}const m = 'x';\nvoid vscode.window.showInformationMessage(t(m));`));
  assert.equal(status, 1);
  assert.match(output, /src\/host\/z\.ts:4: t\(\) needs a literal message/);
});

const PAGE_HEADER = "import { el, replaceChildren } from './dom';\nimport { button, dropdown } from './toolkit';\nimport { t } from './l10n';\ndeclare const box: HTMLElement;\ndeclare function showBanner(kind: string, text: string): void;\n";

test('a page that draws a literal string fails the check, named by file, line and text', () => {
  const cases: [string, string][] = [
    ["el('h3', {}, 'Rule to this node');", 'Rule to this node'],
    ["el('span', { class: 'x', title: 'Stop highlighting this row' });", 'Stop highlighting this row'],
    ["el('div', { 'aria-label': 'Class distribution' });", 'Class distribution'],
    ["button(t('Undo'), () => undefined, { title: 'Undo the last edit' });", 'Undo the last edit'],
    ["button('Retrain', () => undefined);", 'Retrain'],
    ["dropdown('Measure', [], 'mdi', () => undefined);", 'Measure'],
    ['const n = 3;\nreplaceChildren(box, `${n} rules, one per leaf`);', '{0} rules, one per leaf'],
    ["box.textContent = 'No rows reach this node.';", 'No rows reach this node.'],
    ["box.setAttribute('aria-label', 'Decision tree diagram');", 'Decision tree diagram'],
    ["showBanner('busy', 'Retraining…');", 'Retraining…'],
    ["el('td', { 'data-label': 'Coverage' });", 'Coverage'],
  ];
  for (const [code, text] of cases) {
    const { status, output } = check(tree('webview/main.ts', PAGE_HEADER + code));
    assert.equal(status, 1, code);
    assert.match(output, new RegExp(`webview/main\\.ts:\\d+: ${JSON.stringify(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} reaches the user without t\\(\\) \\(webview/l10n\\.ts\\)`), code);
  }
});

test('a page\'s t() calls, names marked /* l10n-ignore */, values posted to the host and class names pass', () => {
  const code = [
    "el('h3', { class: 'rule-heading' }, t('Rule to this node'));",
    "button(t('Retrain'), () => undefined, { title: t('Train again') });",
    // A dropdown's value (its third argument) is posted to the host: the engine's name, not a label.
    "dropdown(t('Criterion'), [{ value: 'auto', label: t('auto') }], 'auto', () => undefined);",
    "el('td', {}, /* l10n-ignore */ 'MSE');",
    "box.dataset.figure = 'accuracy';",
  ].join('\n');
  const { status, output } = check(tree('webview/rules-view.ts', PAGE_HEADER + code));
  assert.equal(status, 0, output);
});

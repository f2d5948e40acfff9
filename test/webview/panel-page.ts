// The tree panel as a plain page for headless Chromium: the panel's own HTML and
// Content-Security-Policy (src/panel/html.ts) with the real dist/webview.js and media/panel.css,
// plus a stand-in for the VS Code host loaded under the same nonce. Shared by the webview check
// (check.mjs) and the browser part of bench:render. Rules pages and the nodes of a big tree are
// answered by the panel host's own code (src/panel/rules-page.ts, tree-slices.ts) once `serveHost`
// is set up for the page. The state is kept as VS Code keeps it: serialised to JSON on each save.
import { copyFileSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { TreeModel } from '../../src/engine/model';
import type { TreeReport } from '../../src/engine/report-types';
import { packModel, packReport } from '../../src/shared/report-transfer';
import { panelHtml } from '../../src/panel/html';
import { panelReport as hostPanelReport } from '../../src/panel/panel-report';
import { RulePages } from '../../src/panel/rules-page';
import { branchSlice as hostBranchSlice, subtreeSlice } from '../../src/shared/tree-slices';
import type { PanelSettings, RequestMessage, ToWebview } from '../../src/shared/protocol';
import { comparisonOf } from '../../src/panel/comparison';
import { diffTreesJob } from '../../src/worker/jobs/diff';
import { answerRequest } from '../../src/shared/panel-requests';
import type { NodeCalculation } from '../../src/engine/explain/types';
import type { PruningCalculation } from '../../src/engine/explain/pruning-calculation';
import type { RuleCalculation } from '../../src/engine/explain/rule-calculation';
import type { PageLanguage } from '../../src/shared/page-language';

/** What the panel host posts of an engine report, and of the branch down to a node. */
export const panelReport = (report: TreeReport) => hostPanelReport(packReport(report));
export const branchSlice = (model: TreeModel, nodeId: number) => hostBranchSlice(packModel(model), nodeId);
/** What the panel host posts after `show` while `pinned` is pinned (src/panel/comparison.ts, the diff by the worker's job). */
export const comparison = (pinned: TreeReport, settings: PanelSettings, current: TreeReport) =>
  comparisonOf({ report: packReport(pinned), settings }, packReport(current), async (a, b) => diffTreesJob({ a, b }));

export const NONCE = 'TestNonce0123456789abc==';

// acquireVsCodeApi records what the webview posts (window.__posted) and keeps its state (a page
// whose requests are all answered by `__answer` sets window.__answerAll);
// __applyTheme restyles the page as VS Code does on a theme change (the body's class, then every
// --vscode-* variable on <html>), without reloading it. The theme is the page's #hash.
export const HOST = `
window.__posted = [];
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
let saved = window.__savedState;
const post = (m) => {
  window.__posted.push(JSON.parse(JSON.stringify(m)));
  if (m.type === 'request' && (window.__answerAll || m.kind === 'rulesPage' || m.kind === 'nodes' || m.kind === 'calculation' || m.kind === 'pruningCalculation' || m.kind === 'ruleCalculation') && window.__answer) void window.__answer(m).then((reply) => window.postMessage(reply, '*'));
};
window.acquireVsCodeApi = () => ({ postMessage: post, getState: () => saved, setState: (s) => { saved = JSON.parse(JSON.stringify(s)); } });
const common = { '--vscode-font-family': 'sans-serif', '--vscode-font-size': '13px', '--vscode-editor-font-size': '14px' };
const themes = {
  hc: ['vscode-high-contrast', { '--vscode-editor-background': '#000000', '--vscode-editor-foreground': '#ffffff', '--vscode-foreground': '#ffffff', '--vscode-panel-border': '#6fc3df', '--vscode-contrastBorder': '#6fc3df', '--vscode-focusBorder': '#f38518', '--vscode-descriptionForeground': '#ffffff', '--vscode-editorWidget-border': '#6fc3df', '--vscode-charts-blue': '#3794ff' }],
  dark: ['vscode-dark', { '--vscode-editor-background': '#1e1e1e', '--vscode-editor-foreground': '#d4d4d4', '--vscode-foreground': '#cccccc', '--vscode-panel-border': '#80808059', '--vscode-focusBorder': '#007fd4', '--vscode-descriptionForeground': '#ccccccb3', '--vscode-editorWidget-border': '#454545', '--vscode-charts-blue': '#3794ff', '--vscode-button-background': '#0e639c', '--vscode-textCodeBlock-background': '#0a0a0a66', '--vscode-inputValidation-errorBackground': '#5a1d1d', '--vscode-inputValidation-errorBorder': '#be1100' }],
  // VS Code's default dark theme since 1.78, with its real values.
  darkModern: ['vscode-dark', { '--vscode-editor-background': '#1f1f1f', '--vscode-editor-foreground': '#cccccc', '--vscode-foreground': '#cccccc', '--vscode-panel-border': '#2b2b2b', '--vscode-focusBorder': '#0078d4', '--vscode-descriptionForeground': '#9d9d9d', '--vscode-editorWidget-border': '#313131', '--vscode-charts-blue': '#3794ff', '--vscode-button-background': '#0078d4' }],
  // Theme colours need not be opaque hex: a variable-only change, with rgb()/rgba() values.
  rgbaDark: ['vscode-dark', { '--vscode-editor-background': 'rgb(31, 31, 31)', '--vscode-editor-foreground': 'rgba(204, 204, 204, 0.85)', '--vscode-foreground': '#cccccc', '--vscode-panel-border': '#2b2b2b', '--vscode-focusBorder': '#0078d4', '--vscode-editorWidget-border': '#31313180' }],
  light: ['vscode-light', { '--vscode-editor-background': '#ffffff', '--vscode-editor-foreground': '#000000', '--vscode-foreground': '#616161', '--vscode-panel-border': '#80808059', '--vscode-focusBorder': '#0090f1', '--vscode-descriptionForeground': '#717171', '--vscode-editorWidget-border': '#c8c8c8', '--vscode-charts-blue': '#1a85ff', '--vscode-button-background': '#007acc' }],
};
window.__applyTheme = (name) => {
  const [kind, vars] = themes[name];
  document.body.classList.remove('vscode-light', 'vscode-dark', 'vscode-high-contrast', 'vscode-high-contrast-light');
  document.body.classList.add(kind);
  const style = document.documentElement.style;
  for (let i = style.length - 1; i >= 0; i--) style.removeProperty(style[i]);
  for (const [k, v] of Object.entries({ ...common, ...vars })) style.setProperty(k, v);
};
window.__applyTheme(location.hash.slice(1) || 'dark');
document.body.style.cssText = '';
`;

/**
 * Writes index.html, host.js, webview.js and panel.css into `dir` (run `npm run build` first for
 * dist/webview.js); returns the index.html path to open as file://…#theme. `language` (a bundle of
 * l10n/) puts the host's language block in the page, as the extension does (index-it.html).
 */
export function writePanelPage(dir: string, language?: PageLanguage): string {
  const root = process.cwd();
  const html = panelHtml({ cspSource: 'file:', nonce: NONCE, scriptUri: 'webview.js', styleUri: 'panel.css', extraStyleUris: ['katex/katex.min.css'], title: 'panel', language });
  // KaTeX's sheet and fonts as scripts/build.mjs puts them in dist/katex.
  cpSync(path.join(root, 'dist/katex'), path.join(dir, 'katex'), { recursive: true });
  const index = path.join(dir, `index${language ? `-${language.language}` : ''}.html`);
  writeFileSync(path.join(dir, 'host.js'), HOST);
  writeFileSync(index, html.replace('<script nonce', `<script nonce="${NONCE}" src="host.js"></script>\n<script nonce`));
  copyFileSync(path.join(root, 'dist/webview.js'), path.join(dir, 'webview.js'));
  copyFileSync(path.join(root, 'media/panel.css'), path.join(dir, 'panel.css'));
  return index;
}

/** The column profile view's page beside the panel's (same HTML, policy and host stand-in): profile.html. */
/** The profile page; `language` (a bundle of l10n/) puts the host's language block in it, as the extension does. */
export function writeProfilePage(dir: string, language?: PageLanguage): string {
  const root = process.cwd();
  const html = panelHtml({ cspSource: 'file:', nonce: NONCE, scriptUri: 'profile.js', styleUri: 'profile.css', title: 'profile', language });
  const index = path.join(dir, `profile${language ? `-${language.language}` : ''}.html`);
  writeFileSync(path.join(dir, 'host.js'), HOST);
  writeFileSync(index, html.replace('<script nonce', `<script nonce="${NONCE}" src="host.js"></script>\n<script nonce`));
  copyFileSync(path.join(root, 'dist/profile.js'), path.join(dir, 'profile.js'));
  copyFileSync(path.join(root, 'media/profile.css'), path.join(dir, 'profile.css'));
  return index;
}

/** What the extension puts in a page for `language`: its tag and its bundle from l10n/. */
export function bundledLanguage(language: 'it' | 'fi'): PageLanguage {
  return { language, bundle: JSON.parse(readFileSync(path.join(process.cwd(), `l10n/bundle.l10n.${language}.json`), 'utf8')) as Record<string, string> };
}

/**
 * Answers the page's `rulesPage` and `nodes` requests as the panel host does, from the report
 * `current()` gives (its tree packed once, as the host holds it).
 */
export interface LearnAnswers {
  calculate?: (nodeId: number) => NodeCalculation;
  pruning?: () => PruningCalculation;
  rule?: (leaf: number) => RuleCalculation;
}

export async function serveHost(page: Page, current: () => TreeReport, learn: LearnAnswers = {}): Promise<void> {
  const pages = new RulePages();
  const held = new WeakMap<TreeReport, ReturnType<typeof packModel>>();
  const tree = () => {
    const report = current();
    return held.get(report) ?? held.set(report, packModel(report.model)).get(report)!;
  };
  const notServed = () => {
    throw new Error('not served by this stand-in');
  };
  await page.exposeFunction('__answer', async (m: RequestMessage) => {
    let answer: ToWebview | undefined;
    await answerRequest(m, {
      rulesPage: (request) => pages.answer(tree(), request),
      nodes: ({ nodeId, scope, totalNodes }) => {
        const model = tree();
        if (totalNodes !== model.totalNodes || nodeId >= model.totalNodes) throw new Error('not this tree');
        return scope === 'subtree' ? subtreeSlice(model, nodeId) : hostBranchSlice(model, nodeId);
      },
      alternatives: notServed,
      splitDistribution: notServed,
      rowPath: notServed,
      previewEdit: notServed,
      // The calculation drawer's, when the check hands in the worker job's answers (reports.ts).
      calculation: ({ nodeId }) => (learn.calculate ?? notServed)(nodeId),
      pruningCalculation: () => (learn.pruning ?? notServed)(),
      ruleCalculation: ({ leaf }) => (learn.rule ?? notServed)(leaf),
      handCandidates: notServed,
    }, (reply) => (answer = reply));
    return answer;
  });
}

// The extension's localizable messages and the strings that bypass them (docs/architecture.md
// "Languages"), read with TypeScript's own parser.
//
// Messages: every `t('…')`, `t('…', args)` and t`…${x}…` whose `t` is imported from an `l10n`
// module (src/host/l10n.ts, webview/l10n.ts). `@vscode/l10n-dev export` cannot find them: it only
// sees calls spelled `l10n.t(…)` on an import of `vscode` or `@vscode/l10n` itself.
//
// Bypasses: a literal English string (or a template or `+` of one) handed straight to a
// user-visible sink of the vscode side — a notification, a QuickPick or input box's title,
// placeholder, prompt or items, a progress title or message, the status bar, hover Markdown, a
// panel title — without `t()`; and, in the page files of PAGE_ROOTS, one handed to what a page
// draws — el()/svgEl() children, append/replaceChildren, the toolkit's buttons and fields, the
// banner, a `title`, `aria-label`, `placeholder` or `data-label`, textContent.
//
//   node scripts/l10n-extract.mjs [out.json]   the bundle (message → message), to a file or stdout
//   node scripts/l10n-extract.mjs --check      exit 1 naming each bypass and each non-literal t()
//   node scripts/l10n-extract.mjs --places     each message with the places (file:line) that use it, as JSON
//   --root DIR                                 read DIR's src/ and webview/ (default: the current folder)
// A literal that is a name, never translated (`'CART'`, a sample's file name), is marked with a
// `/* l10n-ignore */` comment just before it.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const ts = createRequire(import.meta.url)('typescript');

/** Where messages are looked for; the engine, worker and CLI stay English (docs/cli.md). */
export const MESSAGE_ROOTS = ['src', 'webview'];
/** The vscode side, whose user-visible sinks must go through t(). */
export const HOST_ROOTS = ['src/host', 'src/panel', 'src/hover', 'src/activate.ts', 'src/extension.ts', 'src/web-extension.ts'];
/**
 * The pages whose drawn text must go through the page's t() (webview/l10n.ts). A page file not yet
 * translated is not listed; docs/architecture.md "Languages" names what is not.
 */
export const PAGE_ROOTS = [
  'webview/profile',
  'webview/forest',
  'webview/calculation-drawer.ts',
  'webview/compare-metrics.ts',
  'webview/compare-view.ts',
  'webview/controls.ts',
  'webview/details.ts',
  'webview/diagram-pane.ts',
  'webview/diagram-svg.ts',
  'webview/drawing-export.ts',
  'webview/edit-details.ts',
  'webview/importances-view.ts',
  'webview/main.ts',
  'webview/metrics-view.ts',
  'webview/node-bars.ts',
  'webview/practice.ts',
  'webview/rules-view.ts',
  'webview/split-chart.ts',
  'webview/threshold-view.ts',
  'webview/toolkit.ts',
  'webview/tree-browser.ts',
  'webview/tree-editor.ts',
  'webview/tree-overview.ts',
  'webview/tree-view.ts',
  'webview/validation-text.ts',
];

function tsFiles(root, rel) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return rel.endsWith('.ts') ? [rel] : [];
  return readdirSync(full).flatMap((name) => tsFiles(root, `${rel}/${name}`)).filter((f) => !f.endsWith('.d.ts'));
}

function parse(root, file) {
  return ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.ES2022, true);
}

/** The local names `t` is imported under from an `…/l10n` module. */
function tNames(source) {
  const names = new Set();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !/(^|\/)l10n$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const el of bindings.elements) if ((el.propertyName ?? el.name).text === 't') names.add(el.name.text);
    }
  }
  return names;
}

function where(source, node) {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  return `${source.fileName}:${line + 1}`;
}

/** A template's message: its literal parts joined by `{0}`, `{1}`… (as @vscode/l10n's template tag does). */
function templateMessage(template) {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  return template.templateSpans.reduce((message, span, i) => `${message}{${i}}${span.literal.text}`, template.head.text);
}

/** Every message of `roots`: message → the places it is used; `problems` lists t() calls no tool can read. */
export function extractMessages(root = process.cwd(), roots = MESSAGE_ROOTS) {
  const messages = new Map();
  const problems = [];
  for (const file of roots.flatMap((r) => tsFiles(root, r))) {
    const source = parse(root, file);
    const names = tNames(source);
    if (names.size === 0) continue;
    const add = (message, node) => messages.set(message, [...(messages.get(message) ?? []), where(source, node)]);
    const visit = (node) => {
      if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && names.has(node.tag.text)) add(templateMessage(node.template), node);
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && names.has(node.expression.text)) {
        const first = node.arguments[0];
        if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) add(first.text, node);
        else problems.push(`${where(source, node)}: t() needs a literal message (a string, or t\`…\` as a tag), so the bundles can hold it`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages, problems };
}

/**
 * Calls whose every argument a user reads: VS Code's notifications and pickers, and the project's
 * own ways to them (Notifier's failure and warning, a panel's busy and failed, a job's progress title).
 */
const SINK_CALLS = new Set([
  'showInformationMessage',
  'showWarningMessage',
  'showErrorMessage',
  'setStatusBarMessage',
  'appendMarkdown',
  'appendText',
  'showQuickPick',
  'failure',
  'warning',
  'busy',
  'failed',
  'withJobProgress',
]);
/** Object-literal properties and assigned properties a user reads (QuickPick and input box options, items, dialogs, progress, status bar). */
const SINK_PROPERTIES = new Set(['title', 'placeHolder', 'placeholder', 'prompt', 'label', 'description', 'detail', 'tooltip', 'validationMessage', 'text', 'openLabel', 'saveLabel']);
/** Constructors whose first argument a user reads. */
const SINK_CONSTRUCTORS = new Set(['MarkdownString', 'Hover']);

/** Text with two letters in a row once codicons (`$(name)`) are taken out: English a user would read. */
const WORDS = /[A-Za-z]{2,}/;
const readable = (text) => WORDS.test(text.replace(/\$\([\w-]+\)/g, ''));

/**
 * The literal English in `node`, if any (through templates, `+`, `?:`, `??`, parentheses and
 * arrays); a call (t() or any) is not, nor a literal `ignored` says is a name.
 */
function literalEnglish(node, ignored = () => false) {
  if (ignored(node)) return undefined;
  const inner = (n) => literalEnglish(n, ignored);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return readable(node.text) ? node.text : undefined;
  if (ts.isTemplateExpression(node)) {
    const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
    return parts.some(readable) ? templateMessage(node) : undefined;
  }
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return inner(node.expression);
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)) {
    return inner(node.left) ?? inner(node.right);
  }
  if (ts.isConditionalExpression(node)) return inner(node.whenTrue) ?? inner(node.whenFalse);
  if (ts.isArrayLiteralExpression(node)) return node.elements.map(inner).find((e) => e !== undefined);
  return undefined;
}

function nameOf(node) {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  return undefined;
}

/**
 * A page's sinks (webview/dom.ts, webview/toolkit.ts and the pages' own ways to the banner): the
 * arguments `[from, to)` are drawn as text (a dropdown's value, posted to the host, is not). The attributes a user reads are sink properties
 * (`title`, `aria-label`, `placeholder`, `alt`).
 */
const PAGE_SINK_CALLS = new Map([
  ['el', [2]],
  ['svgEl', [2]],
  ['append', [1]],
  ['replaceChildren', [1]],
  ['button', [0, 1]],
  ['dropdown', [0, 1]],
  ['numberField', [0, 1]],
  ['limitField', [0, 1]],
  ['searchField', [0, 2]],
  ['checkbox', [0, 1]],
  ['slider', [0, 1]],
  ['menuItem', [0, 2]],
  ['stat', [0, 1]],
  ['section', [0, 1]],
  ['metricsSection', [0, 1]],
  ['nameMetricsTab', [0, 1]],
  ['setPathInfo', [0, 1]],
  ['showBanner', [1]],
  ['reportError', [0]],
  ['alert', [0]],
  ['confirm', [0]],
]);
const PAGE_SINK_PROPERTIES = new Set(['data-label', 'textContent', 'innerText', 'aria-label', 'ariaLabel', 'alt', 'message', 'summary', 'hint', 'caption', 'heading', 'busyText', 'emptyText']);
const PAGE_SINK_ATTRIBUTES = new Set(['title', 'aria-label', 'placeholder', 'alt']);

/** Each user-visible literal English string of the vscode side not wrapped in t(): `file:line: "text"`. */
export function findBypasses(root = process.cwd(), roots = HOST_ROOTS, pageRoots = PAGE_ROOTS) {
  const found = [];
  const pageFiles = new Set(pageRoots.flatMap((r) => tsFiles(root, r)));
  for (const file of [...roots.flatMap((r) => tsFiles(root, r)), ...pageFiles]) {
    const page = pageFiles.has(file);
    const source = parse(root, file);
    const fullText = source.getFullText();
    // The comments before a node on its own line are "leading", those after a token on the same line "trailing".
    const comments = (pos) => [...(ts.getLeadingCommentRanges(fullText, pos) ?? []), ...(ts.getTrailingCommentRanges(fullText, pos) ?? [])];
    const ignored = (node) => comments(node.getFullStart()).some((c) => fullText.slice(c.pos, c.end).includes('l10n-ignore'));
    const report = (node) => {
      const text = literalEnglish(node, ignored);
      if (text !== undefined) found.push(`${where(source, node)}: ${JSON.stringify(text)}`);
    };
    const visit = (node) => {
      if (ts.isCallExpression(node) && SINK_CALLS.has(nameOf(node.expression))) node.arguments.forEach(report);
      if (ts.isCallExpression(node) && nameOf(node.expression) === 'createWebviewPanel' && node.arguments[1]) report(node.arguments[1]);
      // progress.report({ message }) and withProgress({ title }) (the title is a sink property).
      if (ts.isCallExpression(node) && nameOf(node.expression) === 'report') {
        for (const arg of node.arguments) {
          if (!ts.isObjectLiteralExpression(arg)) continue;
          for (const p of arg.properties) if (ts.isPropertyAssignment(p) && nameOf(p.name) === 'message') report(p.initializer);
        }
      }
      if (ts.isNewExpression(node) && SINK_CONSTRUCTORS.has(nameOf(node.expression)) && node.arguments?.[0]) report(node.arguments[0]);
      const propertyName = (name) => (ts.isStringLiteral(name) ? name.text : nameOf(name));
      if (ts.isPropertyAssignment(node) && (SINK_PROPERTIES.has(propertyName(node.name) ?? '') || (page && PAGE_SINK_PROPERTIES.has(propertyName(node.name) ?? '')))) report(node.initializer);
      if (page && ts.isCallExpression(node)) {
        const drawn = PAGE_SINK_CALLS.get(nameOf(node.expression));
        if (drawn !== undefined) node.arguments.slice(...drawn).forEach(report);
        if (nameOf(node.expression) === 'setAttribute' && ts.isStringLiteral(node.arguments[0]) && PAGE_SINK_ATTRIBUTES.has(node.arguments[0].text) && node.arguments[1]) report(node.arguments[1]);
      }
      if (page && ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && PAGE_SINK_PROPERTIES.has(node.left.name.text)) {
        report(node.right);
      }
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && SINK_PROPERTIES.has(node.left.name.text)) {
        report(node.right);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The bundle @vscode/l10n-dev would write: each message mapped to itself, sorted. */
export function englishBundle(messages) {
  return Object.fromEntries([...messages.keys()].sort().map((m) => [m, m]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const root = rootAt === -1 ? process.cwd() : args.splice(rootAt, 2)[1];
  const { messages, problems } = extractMessages(root);
  if (args.includes('--check')) {
    const all = [...problems, ...findBypasses(root).map((b) => `${b} reaches the user without t() (${b.startsWith('webview/') ? 'webview' : 'src/host'}/l10n.ts)`)];
    for (const line of all) console.error(line);
    process.exit(all.length === 0 ? 0 : 1);
  }
  if (args.includes('--places')) {
    process.stdout.write(`${JSON.stringify(Object.fromEntries(messages), null, 2)}\n`);
    process.exit(0);
  }
  const json = `${JSON.stringify(englishBundle(messages), null, 2)}\n`;
  const out = args.find((a) => !a.startsWith('--'));
  if (out === undefined) process.stdout.write(json);
  else {
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, json);
    console.log(`${messages.size} messages → ${out}`);
  }
}

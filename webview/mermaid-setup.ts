// Mermaid, bundled (no CDN), configured for the panel: strict security, no auto-start, colours
// from the VS Code theme, and the text/edge limits raised only as far as the diagram needs.

type ThemeVariables = Record<string, string>;

function cssVar(name: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim();
}

/** Mermaid's theme derives shades from its variables, so only plain hex colours are handed over. */
function themeFromVsCode(): ThemeVariables | undefined {
  const bg = cssVar('--vscode-editor-background');
  const fg = cssVar('--vscode-editor-foreground');
  const line = cssVar('--vscode-editorWidget-border') || fg;
  if (![bg, fg, line].every((c) => /^#[0-9a-f]{3,8}$/i.test(c))) return undefined;
  return {
    background: bg,
    primaryColor: bg,
    primaryTextColor: fg,
    primaryBorderColor: line,
    secondaryColor: bg,
    tertiaryColor: bg,
    textColor: fg,
    nodeTextColor: fg,
    lineColor: fg,
    edgeLabelBackground: bg,
    clusterBkg: bg,
    clusterBorder: line,
    fontFamily: cssVar('--vscode-font-family') || 'sans-serif',
  };
}

export function isHighContrast(): boolean {
  return document.body.classList.contains('vscode-high-contrast') || document.body.classList.contains('vscode-high-contrast-light');
}

function isDark(): boolean {
  return document.body.classList.contains('vscode-dark') || document.body.classList.contains('vscode-high-contrast');
}

// Mermaid ships only as an ES module; the project's type-check treats webview files as CommonJS, so
// it is loaded with import(), which esbuild inlines into the one webview bundle.
const loadMermaid = import('mermaid').then((m) => m.default);

let counter = 0;

/** Renders Mermaid text into `container` (the text goes in as textContent; Mermaid draws the SVG). */
export async function renderMermaid(container: HTMLElement, text: string, edges: number): Promise<SVGSVGElement | null> {
  const mermaid = await loadMermaid;
  const themeVariables = themeFromVsCode();
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: themeVariables ? 'base' : isDark() ? 'dark' : 'default',
    themeVariables,
    maxTextSize: Math.max(50_000, text.length + 1),
    maxEdges: Math.max(500, edges + 1),
    flowchart: { useMaxWidth: false, htmlLabels: true },
  });
  const holder = document.createElement('div');
  holder.id = `diagram-${++counter}`;
  holder.textContent = text;
  container.replaceChildren(holder);
  await mermaid.run({ nodes: [holder], suppressErrors: false });
  return holder.querySelector('svg');
}

// Mermaid, bundled (no CDN), configured for the panel: strict security, no auto-start, colours
// from the VS Code theme, and the text/edge limits raised only as far as the diagram needs.

type ThemeVariables = Record<string, string>;

function cssVar(name: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim();
}

type Rgb = [number, number, number];

/**
 * Any CSS colour as an opaque #rrggbb, blended over `under`. VS Code themes use #rrggbbaa and
 * rgba() too, and Mermaid's theme derives shades from its variables, so only opaque hex is handed
 * over. Undefined when the browser cannot read the colour.
 */
function opaqueHex(colour: string, under: Rgb): string | undefined {
  const probe = document.createElement('span');
  probe.style.color = colour;
  if (!colour || !probe.style.color) return undefined;
  document.body.appendChild(probe);
  const computed = getComputedStyle(probe).color;
  probe.remove();
  const m = /^rgba?\(([^)]+)\)$/.exec(computed);
  if (!m) return undefined;
  const [r, g, b, a = 1] = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
  return '#' + [r, g, b].map((v, i) => Math.round(v * a + under[i] * (1 - a)).toString(16).padStart(2, '0')).join('');
}

function rgbOf(hex: string): Rgb {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function themeFromVsCode(): ThemeVariables | undefined {
  const bg = opaqueHex(cssVar('--vscode-editor-background'), isDark() ? [0, 0, 0] : [255, 255, 255]);
  const fg = bg && opaqueHex(cssVar('--vscode-editor-foreground') || cssVar('--vscode-foreground'), rgbOf(bg));
  if (!bg || !fg) return undefined;
  // Edges, arrowheads and the fold stub's outline take the text colour: theme border colours
  // (#313131 on #1f1f1f in Dark Modern) are too faint to draw a tree with.
  return {
    background: bg,
    primaryColor: bg,
    primaryTextColor: fg,
    primaryBorderColor: fg,
    secondaryColor: bg,
    tertiaryColor: bg,
    textColor: fg,
    nodeTextColor: fg,
    lineColor: fg,
    edgeLabelBackground: bg,
    clusterBkg: bg,
    clusterBorder: fg,
    fontFamily: cssVar('--vscode-font-family') || 'sans-serif',
  };
}

/** What a drawn diagram depends on in the theme (and the editor's font size). */
function themeSignature(): string {
  return JSON.stringify([isDark(), isHighContrast(), themeFromVsCode(), nodeFontSize()]);
}

/**
 * Calls `changed` when VS Code switches the theme. It restyles a live webview (the body's class and
 * the --vscode-* variables on <html>) without reloading it, while Mermaid bakes the colours into
 * the SVG it draws: the diagram has to be drawn again.
 */
export function watchTheme(changed: () => void): void {
  let last = themeSignature();
  const check = () => {
    const now = themeSignature();
    if (now === last) return;
    last = now;
    changed();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style'] });
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

/**
 * The size (px) node text is drawn at: the editor's font size, so the tree at zoom 1 reads like
 * the code beside it (VS Code sets --vscode-editor-font-size in every webview).
 */
export function nodeFontSize(): number {
  const px = (name: string) => parseFloat(cssVar(name));
  const size = px('--vscode-editor-font-size') || px('--vscode-font-size');
  return Number.isFinite(size) && size > 0 ? size : 13;
}

/**
 * Mermaid's flowchart spacing for a compact drawing, in units of the font size: tight enough that
 * iris' 17 nodes fit a ~450 px panel at 11 px text, with a feature name wrapped after about five
 * characters of width (docs/architecture.md "Fitting the tree to its panel").
 */
const COMPACT_SPACING = { nodeSpacing: 0.5, rankSpacing: 1.2, padding: 0.3, wrappingWidth: 5.5 };

/** Renders Mermaid text into `container` (the text goes in as textContent; Mermaid draws the SVG). */
export async function renderMermaid(container: HTMLElement, text: string, edges: number, fontPx: number, compact = false): Promise<SVGSVGElement | null> {
  const mermaid = await loadMermaid;
  const themeVariables = themeFromVsCode();
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: themeVariables ? 'base' : isDark() ? 'dark' : 'default',
    themeVariables: { ...themeVariables, fontSize: `${fontPx}px` },
    maxTextSize: Math.max(50_000, text.length + 1),
    maxEdges: Math.max(500, edges + 1),
    flowchart: {
      useMaxWidth: false,
      htmlLabels: true,
      ...(compact ? Object.fromEntries(Object.entries(COMPACT_SPACING).map(([key, em]) => [key, Math.round(em * fontPx)])) : {}),
    },
  });
  const holder = document.createElement('div');
  holder.id = `diagram-${++counter}`;
  holder.textContent = text;
  container.replaceChildren(holder);
  await mermaid.run({ nodes: [holder], suppressErrors: false });
  return holder.querySelector('svg');
}

// "Export as SVG / PNG" of the drawing as shown (README "Export ▾"): the diagram's SVG made
// self-contained — every style it takes from the panel's style sheet and the theme's variables
// written onto its elements, resolved, on the editor's background — and for PNG that SVG drawn on
// a canvas from a data: URL (the panel's CSP allows data: images; nothing leaves the page). The
// host asks where to save it. Labels stay text nodes, so the serialiser escapes them.

/** Style properties the drawing depends on; copied from the live page as computed values. */
const SVG_PROPERTIES = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'opacity', 'font-family', 'font-size', 'font-weight', 'color'];
const HTML_PROPERTIES = ['color', 'background-color', 'font-family', 'font-size', 'font-weight', 'font-style', 'line-height', 'text-align', 'white-space', 'display', 'padding'];

/** Most pixels a PNG gets (browsers refuse bigger canvases); a big tree is scaled down to fit. */
const MAX_PNG_PIXELS = 32_000_000;
const MAX_PNG_SIDE = 16_000;

function inlineStyles(live: Element, copy: Element): void {
  const computed = getComputedStyle(live);
  const properties = live instanceof SVGElement ? SVG_PROPERTIES : HTML_PROPERTIES;
  const style = (copy as SVGElement | HTMLElement).style;
  // What is seen, as !important inline styles: nothing in the SVG's own <style> can undo them, and
  // no var(--vscode-…) is left for a file that has no theme.
  for (const p of properties) {
    const value = computed.getPropertyValue(p);
    if (value) style.setProperty(p, value, 'important');
  }
  const liveChildren = live.children;
  const copyChildren = copy.children;
  for (let i = 0; i < liveChildren.length && i < copyChildren.length; i++) inlineStyles(liveChildren[i], copyChildren[i]);
}

function backgroundOf(element: Element): string {
  for (let e: Element | null = element; e; e = e.parentElement) {
    const bg = getComputedStyle(e).backgroundColor;
    if (bg && bg !== 'transparent' && bg !== 'rgba(0, 0, 0, 0)') return bg;
  }
  return '#ffffff';
}

/** The size the diagram is drawn at (zoom 1). */
function drawnSize(svg: SVGSVGElement): { width: number; height: number } {
  const box = svg.viewBox.baseVal;
  return box && box.width > 0 ? { width: box.width, height: box.height } : { width: svg.clientWidth, height: svg.clientHeight };
}

/** The drawing as a standalone SVG document. */
export function drawingSvg(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  inlineStyles(svg, copy);
  const { width, height } = drawnSize(svg);
  const box = svg.viewBox.baseVal;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  copy.style.removeProperty('max-width');
  // Focus and click affordances mean nothing in a file.
  for (const e of copy.querySelectorAll('[tabindex]')) e.removeAttribute('tabindex');
  const background = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  background.setAttribute('x', String(box?.x ?? 0));
  background.setAttribute('y', String(box?.y ?? 0));
  background.setAttribute('width', String(width));
  background.setAttribute('height', String(height));
  background.setAttribute('fill', backgroundOf(svg));
  copy.insertBefore(background, copy.firstChild);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

/** The drawing as PNG bytes, base64 (sharp on high-DPI screens, within the canvas limits). */
async function drawingPng(svg: SVGSVGElement): Promise<string> {
  const text = drawingSvg(svg);
  const { width, height } = drawnSize(svg);
  const scale = Math.min(2, Math.sqrt(MAX_PNG_PIXELS / (width * height)), MAX_PNG_SIDE / width, MAX_PNG_SIDE / height);
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this panel cannot draw on a canvas');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
}

/** The drawing in `format`: SVG text, or PNG bytes as base64. */
export function saveDrawing(svg: SVGSVGElement, format: 'svg' | 'png'): Promise<string> {
  return format === 'svg' ? Promise.resolve(drawingSvg(svg)) : drawingPng(svg);
}

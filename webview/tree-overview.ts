// The overview of a tree too big to see whole (docs/architecture.md "Fitting the tree to its
// panel"): the icicle of every node, folded or not (src/shared/render/icicle.ts), in the corner of
// the drawing. Nodes drawn are tinted in their class colour, folded ones grey, subtrees not sent
// yet hatched; the nodes in view are marked with a frame. A click or drag moves the view there.
import type { TreeModel } from '../src/engine/model';
import { icicleLayout, type Icicle, type IcicleCell } from '../src/shared/render/icicle';
import { classHue } from '../src/shared/render/palette';
import { majorityClass } from '../src/shared/render/tree-labels';
import { el } from './dom';
import { t } from './l10n';

/** At most this wide, and at most this share of the drawing's width: the overview must not hide the tree. */
const WIDTH_MAX = 180;
const WIDTH_SHARE = 0.3;
const ROW_MAX = 8;
const HEIGHT_MAX = 96;
/** The sizes an overview is tried at, full first, to find a corner where it covers nothing drawn. */
const OVERVIEW_SHRINKS = [1, 0.8, 0.65, 0.5];

/** Where in the drawing's viewport the overview sits (media/panel.css `.overview[data-corner]`). */
export type Corner = 'top-right' | 'top-left' | 'bottom-right' | 'bottom-left';

/** The area two client boxes share. */
export function overlapArea(a: DOMRect, b: DOMRect): number {
  return Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
}

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;
}

export class TreeOverview {
  readonly element: HTMLElement;
  private readonly canvas = el('canvas', { class: 'overview-canvas' });
  private model: TreeModel | null = null;
  private icicle: Icicle = { cells: [], rows: 0 };
  private drawn = new Set<number>();
  private inView = new Set<number>();
  private dragging = false;
  /** Below 1 where the full-size overview would cover drawn labels in every corner (placeAvoiding). */
  private shrink = 1;

  constructor(private readonly pick: (nodeId: number, cell: IcicleCell) => void) {
    this.element = el(
      'div',
      { class: 'overview', role: 'group', 'aria-label': t('Overview of the whole tree'), hidden: true },
      this.canvas,
    );
    this.canvas.addEventListener('pointerdown', (e) => {
      e.stopPropagation();
      this.dragging = true;
      this.canvas.setPointerCapture(e.pointerId);
      this.pickAt(e);
    });
    this.canvas.addEventListener('pointermove', (e) => {
      if (this.dragging) this.pickAt(e);
    });
    const stop = () => (this.dragging = false);
    this.canvas.addEventListener('pointerup', stop);
    this.canvas.addEventListener('pointercancel', stop);
  }

  /** The tree (as far as sent) and the nodes drawn; `descendants` sizes the subtrees not sent. */
  setTree(model: TreeModel, descendants: ArrayLike<number>, drawn: Iterable<number>): void {
    this.model = model;
    this.icicle = icicleLayout(model, descendants);
    this.drawn = new Set(drawn);
    const nodes = this.icicle.cells.filter((c) => !c.unsent).length;
    this.element.setAttribute('aria-label', t`Overview of the whole tree: ${model.nodes.length} nodes, ${this.drawn.size} drawn. Click or drag to move the view there.`);
    this.canvas.dataset.cells = String(nodes);
    this.paint();
  }

  /** The nodes now in the view (wholly or partly). */
  setInView(ids: Iterable<number>): void {
    this.inView = new Set(ids);
    this.paint();
  }

  setVisible(visible: boolean): void {
    this.element.hidden = !visible;
    if (visible) this.paint();
  }

  /**
   * Puts the overview in the first corner of `order` where it covers nothing drawn (`covered`:
   * the area of drawn labels under a box); where none is free at full size (a drawing that fills
   * a narrow view), a smaller overview in the first corner it fits; else full size in the corner
   * where it covers least.
   */
  placeAvoiding(order: readonly Corner[], covered: (box: DOMRect) => number): void {
    if (this.element.hidden) return;
    let best = order[0];
    let least = Infinity;
    for (const shrink of OVERVIEW_SHRINKS) {
      this.shrink = shrink;
      this.sizeCanvas();
      for (const corner of order) {
        this.element.dataset.corner = corner;
        const area = covered(this.element.getBoundingClientRect());
        if (area === 0) {
          this.paint();
          return;
        }
        if (shrink === 1 && area < least) [best, least] = [corner, area];
      }
    }
    this.shrink = 1;
    this.element.dataset.corner = best;
    this.paint();
  }

  private size(): { width: number; height: number; row: number } {
    const rows = Math.max(1, this.icicle.rows);
    const row = Math.max(1.5, Math.max(2, Math.min(ROW_MAX, HEIGHT_MAX / rows)) * this.shrink);
    const room = this.element.parentElement?.clientWidth ?? 0;
    const width = Math.round(Math.max(72, Math.min(WIDTH_MAX, room * WIDTH_SHARE)) * this.shrink);
    return { width, height: Math.ceil(row * rows), row };
  }

  /** The canvas's size on the page (what placing measures). */
  private sizeCanvas(): void {
    const { width, height } = this.size();
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
  }

  private paint(): void {
    if (this.element.hidden || !this.model) return;
    const { width, height, row } = this.size();
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    this.sizeCanvas();
    const g = this.canvas.getContext('2d');
    if (!g) return;
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, width, height);
    const muted = cssVar('--vscode-descriptionForeground', '#888');
    const frame = cssVar('--vscode-focusBorder', '#007fd4');
    let box: { x0: number; x1: number; y0: number; y1: number } | null = null;
    for (const cell of this.icicle.cells) {
      const x = cell.x0 * width;
      const w = Math.max(1, (cell.x1 - cell.x0) * width - (cell.x1 - cell.x0 > 2 / width ? 1 : 0));
      const y = cell.depth * row;
      const h = Math.max(1, row - (row > 3 ? 1 : 0));
      const node = this.model.nodes[cell.id];
      if (cell.unsent) {
        g.globalAlpha = 0.35;
        g.fillStyle = muted;
        for (let hx = x; hx < x + w; hx += 3) g.fillRect(hx, y, 1, h);
        continue;
      }
      const drawn = this.drawn.has(cell.id);
      const k = node ? majorityClass(node) : -1;
      g.globalAlpha = drawn ? (this.inView.has(cell.id) ? 1 : 0.55) : 0.25;
      g.fillStyle = drawn && k >= 0 ? classHue(k) : drawn ? classHue(4) : muted;
      g.fillRect(x, y, w, h);
      if (this.inView.has(cell.id)) {
        box = box ? { x0: Math.min(box.x0, x), x1: Math.max(box.x1, x + w), y0: Math.min(box.y0, y), y1: Math.max(box.y1, y + h) } : { x0: x, x1: x + w, y0: y, y1: y + h };
      }
    }
    g.globalAlpha = 1;
    if (box) {
      g.strokeStyle = frame;
      g.lineWidth = 2;
      g.strokeRect(box.x0 + 1, box.y0 + 1, Math.max(2, box.x1 - box.x0 - 2), Math.max(2, box.y1 - box.y0 - 2));
    }
  }

  private pickAt(e: PointerEvent): void {
    const rect = this.canvas.getBoundingClientRect();
    const { row } = this.size();
    const fx = (e.clientX - rect.left) / rect.width;
    const depth = Math.floor((e.clientY - rect.top) / row);
    // The deepest cell under the pointer at or above that row: a click below a leaf picks the leaf.
    let best: IcicleCell | null = null;
    for (const cell of this.icicle.cells) {
      if (fx < cell.x0 || fx >= cell.x1 || cell.depth > depth) continue;
      if (!best || cell.depth > best.depth) best = cell;
    }
    if (best) this.pick(best.id, best);
  }
}

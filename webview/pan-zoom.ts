// Zoom and pan of the diagram: wheel zooms around the pointer, dragging pans, keys + − 0 and the
// arrows do the same from the keyboard. The stage is moved with a CSS transform, so the SVG is
// never redrawn for a zoom.

/** Room (px) left on each side of a fitted drawing: a narrow panel has none to spare. */
export const FIT_MARGIN = 4;

export interface View {
  scale: number;
  x: number;
  y: number;
}

/** A rectangle in client coordinates. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const MIN_SCALE = 0.05;
const MAX_SCALE = 8;
/** Pointer travel (px) below which a press counts as a click, not a drag. */
const DRAG_THRESHOLD = 4;

export class PanZoom {
  private view: View = { scale: 1, x: 0, y: 0 };
  private drag: { id: number; startX: number; startY: number; view: View; moved: boolean } | null = null;
  /** True right after a drag, so the click that ends it does not select a node. */
  dragged = false;

  constructor(
    private readonly viewport: HTMLElement,
    private readonly stage: HTMLElement,
    private readonly onChange: (view: View) => void,
  ) {
    viewport.addEventListener('wheel', (e) => this.onWheel(e), { passive: false });
    viewport.addEventListener('pointerdown', (e) => this.onPointerDown(e));
    viewport.addEventListener('pointermove', (e) => this.onPointerMove(e));
    viewport.addEventListener('pointerup', (e) => this.onPointerUp(e));
    viewport.addEventListener('pointercancel', (e) => this.onPointerUp(e));
    viewport.addEventListener('keydown', (e) => this.onKey(e));
  }

  get current(): View {
    return { ...this.view };
  }

  set(view: View): void {
    this.view = { scale: Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale)), x: view.x, y: view.y };
    this.stage.style.transform = `translate(${this.view.x}px, ${this.view.y}px) scale(${this.view.scale})`;
    this.onChange(this.current);
  }

  /** Zooms by `factor` keeping the viewport point (px, py) still (default: the centre). */
  zoomBy(factor: number, px = this.viewport.clientWidth / 2, py = this.viewport.clientHeight / 2): void {
    const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.view.scale * factor));
    const k = scale / this.view.scale;
    this.set({ scale, x: px - (px - this.view.x) * k, y: py - (py - this.view.y) * k });
  }

  /**
   * Shows the whole content, centred, at most at natural size and at least at `minScale`: content
   * too big for that is centred on (`focusX`, `focusY`) — a tree's root — and shown from the top
   * (no `focusY`) or the left edge, to be panned. False while the viewport has no size (hidden tab).
   */
  fit(contentWidth: number, contentHeight: number, minScale = MIN_SCALE, focusX = contentWidth / 2, focusY?: number): boolean {
    const w = this.viewport.clientWidth;
    const h = this.viewport.clientHeight;
    if (contentWidth <= 0 || contentHeight <= 0 || w <= 0 || h <= 0) return false;
    const scale = Math.max(minScale, Math.min(1, (w - 2 * FIT_MARGIN) / contentWidth, (h - 2 * FIT_MARGIN) / contentHeight));
    const along = (room: number, size: number, focus: number) => (size <= room ? (room - size) / 2 : Math.min(FIT_MARGIN, Math.max(room - FIT_MARGIN - size, room / 2 - focus)));
    const x = along(w, contentWidth * scale, focusX * scale);
    const y = focusY === undefined ? Math.max(FIT_MARGIN, (h - contentHeight * scale) / 2) : along(h, contentHeight * scale, focusY * scale);
    this.set({ scale, x, y });
    return true;
  }

  /**
   * Pans, at the same zoom, to centre `box` in `area` (both in client coordinates, as from
   * getBoundingClientRect; `area` is the part of the viewport not covered) unless it is already
   * inside with a margin (or `always`): centred, the node comes with its neighbours in view.
   */
  reveal(box: Box, area: Box = this.viewport.getBoundingClientRect(), always = false): void {
    const margin = 16;
    const inside = box.left >= area.left + margin && box.right <= area.right - margin && box.top >= area.top + margin && box.bottom <= area.bottom - margin;
    if (inside && !always) return;
    const dx = (area.left + area.right) / 2 - (box.left + box.right) / 2;
    const dy = (area.top + area.bottom) / 2 - (box.top + box.bottom) / 2;
    this.set({ scale: this.view.scale, x: this.view.x + dx, y: this.view.y + dy });
  }

  /**
   * Brings the boxes `boxes` (a subtree just opened, client coordinates) into view at the same
   * zoom: centred when they fit, else from their first box (the opened node) centred on it.
   */
  revealAll(boxes: readonly Box[]): void {
    if (boxes.length === 0) return;
    const area = this.viewport.getBoundingClientRect();
    const union = { left: Math.min(...boxes.map((b) => b.left)), right: Math.max(...boxes.map((b) => b.right)), top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom)) };
    if (union.right - union.left <= area.width - 32 && union.bottom - union.top <= area.height - 32) {
      this.reveal(union, area);
      return;
    }
    const first = boxes[0];
    const v = this.view;
    this.set({ scale: v.scale, x: v.x + (area.left + area.right) / 2 - (first.left + first.right) / 2, y: v.y + area.top + 16 - first.top });
  }

  private onWheel(e: WheelEvent): void {
    e.preventDefault();
    const rect = this.viewport.getBoundingClientRect();
    this.zoomBy(Math.exp(-e.deltaY * 0.0015), e.clientX - rect.left, e.clientY - rect.top);
  }

  private onPointerDown(e: PointerEvent): void {
    if (e.button !== 0) return;
    this.dragged = false;
    this.drag = { id: e.pointerId, startX: e.clientX, startY: e.clientY, view: this.current, moved: false };
  }

  private onPointerMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.startX;
    const dy = e.clientY - d.startY;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!d.moved) {
      d.moved = true;
      this.viewport.setPointerCapture(e.pointerId);
      this.viewport.classList.add('panning');
    }
    this.set({ scale: d.view.scale, x: d.view.x + dx, y: d.view.y + dy });
  }

  private onPointerUp(e: PointerEvent): void {
    const d = this.drag;
    if (!d || d.id !== e.pointerId) return;
    this.dragged = d.moved;
    this.drag = null;
    this.viewport.classList.remove('panning');
    if (this.viewport.hasPointerCapture(e.pointerId)) this.viewport.releasePointerCapture(e.pointerId);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.target !== this.viewport) return; // keys on a focused node are the node's
    const step = 40;
    const v = this.view;
    const moves: Record<string, () => void> = {
      '+': () => this.zoomBy(1.25),
      '=': () => this.zoomBy(1.25),
      '-': () => this.zoomBy(0.8),
      ArrowLeft: () => this.set({ ...v, x: v.x + step }),
      ArrowRight: () => this.set({ ...v, x: v.x - step }),
      ArrowUp: () => this.set({ ...v, y: v.y + step }),
      ArrowDown: () => this.set({ ...v, y: v.y - step }),
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      move();
    }
  }
}

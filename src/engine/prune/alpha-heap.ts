// The weakest-link queue of cost-complexity pruning: entries (α, node, version) in three typed
// arrays, smallest α first and the smaller node id on exact ties. A heap of objects cost an
// allocation per entry and a pointer chase per comparison; a million-node tree queues ~700,000.

export class AlphaHeap {
  private alpha: Float64Array;
  private node: Int32Array;
  private version: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.alpha = new Float64Array(Math.max(1, capacity));
    this.node = new Int32Array(Math.max(1, capacity));
    this.version = new Int32Array(Math.max(1, capacity));
  }

  push(alpha: number, node: number, version: number): void {
    if (this.size === this.alpha.length) this.grow();
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(alpha, node, parent)) break;
      this.move(parent, i);
      i = parent;
    }
    this.alpha[i] = alpha;
    this.node[i] = node;
    this.version[i] = version;
  }

  /** Removes the first entry; its fields are then in `top`. */
  pop(top: { alpha: number; node: number; version: number }): void {
    top.alpha = this.alpha[0];
    top.node = this.node[0];
    top.version = this.version[0];
    const last = --this.size;
    const alpha = this.alpha[last];
    const node = this.node[last];
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= last) break;
      const r = l + 1;
      const child = r < last && this.before(this.alpha[r], this.node[r], l) ? r : l;
      if (!this.before(this.alpha[child], this.node[child], -1, alpha, node)) break;
      this.move(child, i);
      i = child;
    }
    this.alpha[i] = alpha;
    this.node[i] = node;
    this.version[i] = this.version[last];
  }

  /** Whether (alpha, node) comes before entry `at` (or before (otherAlpha, otherNode) when `at` is −1). */
  private before(alpha: number, node: number, at: number, otherAlpha = this.alpha[at], otherNode = this.node[at]): boolean {
    return alpha < otherAlpha || (alpha === otherAlpha && node < otherNode);
  }

  private move(from: number, to: number): void {
    this.alpha[to] = this.alpha[from];
    this.node[to] = this.node[from];
    this.version[to] = this.version[from];
  }

  private grow(): void {
    const size = this.alpha.length * 2;
    const alpha = new Float64Array(size);
    const node = new Int32Array(size);
    const version = new Int32Array(size);
    alpha.set(this.alpha);
    node.set(this.node);
    version.set(this.version);
    [this.alpha, this.node, this.version] = [alpha, node, version];
  }
}

// An append-only column of numbers whose final length is not known while reading. It starts
// with one array sized for the expected row count (estimated from the file size), so in the
// usual case the finished column is that array: no copy, no doubling, peak memory near the size
// of the columns. Rows beyond the estimate go to fixed-size overflow blocks, joined at the end.

const SHIFT = 16;
const BLOCK = 1 << SHIFT;
/** A finished column keeps its first array as is when at least this full; else it is copied. */
const KEEP_FILL = 0.8;

export class ColumnStore<T extends Float64Array | Int32Array> {
  private readonly head: T;
  private readonly blocks: T[] = [];
  private current: T;
  private used = 0;

  constructor(
    private readonly make: (length: number) => T,
    expectedLength: number,
  ) {
    this.head = make(Math.max(1, expectedLength));
    this.current = this.head;
  }

  get length(): number {
    return this.current === this.head ? this.used : this.head.length + (this.blocks.length - 1) * BLOCK + this.used;
  }

  push(value: number): void {
    if (this.used === this.current.length) {
      this.current = this.make(BLOCK);
      this.blocks.push(this.current);
      this.used = 0;
    }
    this.current[this.used++] = value;
  }

  /** Value at `index` (for the rare re-read of what was stored). */
  get(index: number): number {
    if (index < this.head.length) return this.head[index];
    const rest = index - this.head.length;
    return this.blocks[rest >>> SHIFT][rest & (BLOCK - 1)];
  }

  /** One contiguous array of everything pushed; the store is spent afterwards. */
  take(): T {
    const length = this.length;
    if (this.blocks.length === 0) {
      if (length === this.head.length) return this.head;
      return (length >= KEEP_FILL * this.head.length ? this.head.subarray(0, length) : this.head.slice(0, length)) as T;
    }
    const out = this.make(length);
    out.set(this.head, 0);
    let at = this.head.length;
    for (const block of this.blocks) {
      out.set(block.subarray(0, Math.min(BLOCK, length - at)), at);
      at += BLOCK;
    }
    return out;
  }
}

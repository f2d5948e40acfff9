// An append-only column of numbers kept in fixed-size blocks while the length is unknown. Growing
// never copies, and the final contiguous array is assembled one column at a time, so reading peaks
// near the size of the columns instead of the 2-3x of doubling arrays.

const SHIFT = 16;
const BLOCK = 1 << SHIFT;

export class BlockStore<T extends Float64Array | Int32Array> {
  private readonly full: T[] = [];
  private current: T;
  private used = 0;

  constructor(private readonly make: (length: number) => T) {
    this.current = make(BLOCK);
  }

  get length(): number {
    return this.full.length * BLOCK + this.used;
  }

  push(value: number): void {
    if (this.used === BLOCK) {
      this.full.push(this.current);
      this.current = this.make(BLOCK);
      this.used = 0;
    }
    this.current[this.used++] = value;
  }

  /** Value at `index` (for the rare re-read of what was stored). */
  get(index: number): number {
    const block = index >>> SHIFT;
    return block < this.full.length ? this.full[block][index & (BLOCK - 1)] : this.current[index & (BLOCK - 1)];
  }

  /** One contiguous array of everything pushed; the store is spent afterwards. */
  take(): T {
    const out = this.make(this.length);
    let at = 0;
    for (const block of this.full) {
      out.set(block, at);
      at += BLOCK;
    }
    out.set(this.current.subarray(0, this.used), at);
    this.full.length = 0;
    this.current = this.make(0);
    this.used = 0;
    return out;
  }
}

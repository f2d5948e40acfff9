// One column's typed array while the file streams by, written at row indexes. It is sized once for
// the expected row count (estimated from the file size), so in the usual case the finished column
// is that very array, and the tokenizer may store parsed numbers straight into it. A short
// estimate grows the array by doubling; the finished column is trimmed to the rows read.

/** A finished column keeps its array (a view of the rows read) when at least this full; else it is copied. */
const KEEP_FILL = 0.8;

export class ColumnStore<T extends Float64Array | Int32Array | Uint8Array> {
  /** The rows so far at their indexes; replaced when it grows, so read it again after set(). */
  array: T;

  constructor(
    private readonly make: (length: number) => T,
    expectedLength: number,
  ) {
    this.array = make(Math.max(1, expectedLength));
  }

  set(index: number, value: number): void {
    if (index >= this.array.length) this.grow(index + 1);
    this.array[index] = value;
  }

  /** The first `length` values as one array; the store is spent afterwards. */
  take(length: number): T {
    const array = this.array;
    if (length === array.length) return array;
    if (length >= KEEP_FILL * array.length) return array.subarray(0, length) as T;
    // Copied into an array of the store's own kind (slice would leave shared memory).
    const copy = this.make(length);
    copy.set(array.subarray(0, length));
    return copy;
  }

  private grow(minLength: number): void {
    const bigger = this.make(Math.max(minLength, this.array.length * 2));
    bigger.set(this.array);
    this.array = bigger;
  }
}

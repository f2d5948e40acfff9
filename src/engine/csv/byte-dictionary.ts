// Distinct field values keyed by their raw bytes: looking a value up hashes and compares bytes,
// so a categorical field costs no string allocation. A new value with a non-ASCII byte is decoded
// at once (decoding checks the UTF-8, so a bad byte is reported at its line); an ASCII one, always
// valid, only when values() is asked for — a numeric column's spellings, kept in case it turns
// categorical, usually never are. Codes are dense and follow first appearance, as the Dataset
// contract requires.

const INITIAL_SLOTS = 16;
/** FNV-1a, the hash of a value's bytes; the tokenizer computes it too, while it scans a field. */
export const FNV_OFFSET = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

export class ByteDictionary {
  /** Open-addressing table of code + 1 (0 = empty); its length is a power of two. */
  private slots = new Int32Array(INITIAL_SLOTS);
  private hashes = new Int32Array(INITIAL_SLOTS / 2);
  private offsets = new Int32Array(INITIAL_SLOTS / 2 + 1);
  private arena = new Uint8Array(256);
  /** Each value's string, or null for an ASCII value not decoded yet. */
  private readonly decoded: Array<string | null> = [];

  /** @param decode turns a new value's bytes into its string (and may reject them, e.g. bad UTF-8). */
  constructor(private readonly decode: (bytes: Uint8Array) => string) {}

  get size(): number {
    return this.decoded.length;
  }

  /** The values in code order. */
  values(): string[] {
    return this.decoded.map((s, code) => s ?? this.decode(this.arena.subarray(this.offsets[code], this.offsets[code + 1])));
  }

  /** Code of buf[start, end), adding it when new. */
  codeOf(buf: Uint8Array, start: number, end: number): number {
    let h = FNV_OFFSET;
    for (let i = start; i < end; i++) h = Math.imul(h ^ buf[i], FNV_PRIME);
    return this.codeOfHashed(buf, start, end, h);
  }

  /** codeOf for a caller that has the bytes' FNV-1a hash already. */
  codeOfHashed(buf: Uint8Array, start: number, end: number, h: number): number {
    const mask = this.slots.length - 1;
    const length = end - start;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] - 1;
      if (entry < 0) return this.add(buf, start, end, h, slot);
      if (this.hashes[entry] !== h) continue;
      const from = this.offsets[entry];
      if (this.offsets[entry + 1] - from !== length) continue;
      let i = 0;
      while (i < length && this.arena[from + i] === buf[start + i]) i++;
      if (i === length) return entry;
    }
  }

  private add(buf: Uint8Array, start: number, end: number, hash: number, slot: number): number {
    const code = this.decoded.length;
    let ascii = true;
    for (let i = start; i < end && ascii; i++) ascii = buf[i] < 0x80;
    this.decoded.push(ascii ? null : this.decode(buf.subarray(start, end)));
    if (code >= this.hashes.length) this.hashes = grow(this.hashes, code + 1);
    if (code + 1 >= this.offsets.length) this.offsets = grow(this.offsets, code + 2);
    const from = this.offsets[code];
    const to = from + (end - start);
    if (to > this.arena.length) this.arena = grow(this.arena, to);
    for (let i = start; i < end; i++) this.arena[from + i - start] = buf[i];
    this.hashes[code] = hash;
    this.offsets[code + 1] = to;
    this.slots[slot] = code + 1;
    if ((code + 1) * 2 > this.slots.length) this.rehash();
    return code;
  }

  /** Keeps the load factor at most 1/2 so probes stay short. */
  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let code = 0; code < this.decoded.length; code++) {
      let slot = this.hashes[code] & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = code + 1;
    }
    this.slots = slots;
  }
}

function grow<T extends Uint8Array | Int32Array>(array: T, minLength: number): T {
  let length = array.length * 2;
  while (length < minLength) length *= 2;
  const bigger = new (array.constructor as new (n: number) => T)(length);
  bigger.set(array);
  return bigger;
}

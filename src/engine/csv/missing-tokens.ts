// Recognises missing-value tokens in raw field bytes, case-insensitively, without decoding them.
import { parseNumberInto } from './number-bytes';

const LOWER = new Uint8Array(256);
for (let b = 0; b < 256; b++) LOWER[b] = b >= 0x41 && b <= 0x5a ? b + 0x20 : b;

export class MissingTokens {
  private readonly tokens: Uint8Array[];
  /** firstByte[b] = 1 when some token starts with (lower-cased) byte b: a one-lookup early exit. */
  private readonly firstByte = new Uint8Array(256);
  private readonly maxLength: number;
  /** Whether some token reads as a number (e.g. -999), so numbers must be checked against the tokens first. */
  readonly numeric: boolean;

  constructor(tokens: readonly string[]) {
    const encoder = new TextEncoder();
    this.tokens = tokens.filter((t) => t.length > 0).map((t) => encoder.encode(t).map((b) => LOWER[b]));
    this.numeric = this.tokens.some((t) => parseNumberInto(t, 0, t.length));
    for (const t of this.tokens) this.firstByte[t[0]] = 1;
    this.maxLength = this.tokens.reduce((m, t) => Math.max(m, t.length), 0);
  }

  /** True for the empty field and for any token, ignoring ASCII case. */
  matches(buf: Uint8Array, start: number, end: number): boolean {
    const length = end - start;
    if (length === 0) return true;
    if (length > this.maxLength || this.firstByte[LOWER[buf[start]]] === 0) return false;
    for (const t of this.tokens) {
      if (t.length !== length) continue;
      let i = 0;
      while (i < length && LOWER[buf[start + i]] === t[i]) i++;
      if (i === length) return true;
    }
    return false;
  }
}

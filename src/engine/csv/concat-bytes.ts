// Joins byte chunks into one array. A single chunk is returned as it is (no copy) unless the
// caller needs its own copy because the chunk's buffer is reused afterwards.
export function concatBytes(parts: readonly Uint8Array[], length: number, { copy = false } = {}): Uint8Array {
  if (parts.length === 1) return copy ? parts[0].slice() : parts[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

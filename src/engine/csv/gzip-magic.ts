// gzip is known by its first two bytes (RFC 1952), whatever the file is called: the worker and the
// CLI decompress such bytes (src/worker/gzip.ts), and the host reads the size a gzip file holds.
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

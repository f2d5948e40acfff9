// Base64 with the globals Node (16+) and a browser share (btoa, atob), not Node's Buffer: the web
// extension's bundle has no Buffer (docs/architecture.md "Web extension").

/** Decoded bytes of base64 `text` (a PNG the webview made). */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Base64 of `text`'s UTF-8 bytes (an SVG for a data: URI). */
export function utf8ToBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and the stack bounds their count.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

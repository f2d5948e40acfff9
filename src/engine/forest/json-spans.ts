// Where one array of a JSON object lies in its UTF-8 bytes, element by element, without parsing
// it: a big forest's model file (a GB) is read by parsing the rest and then one tree at a time
// (model-json.ts), where JSON.parse of the whole text would hold every node object at once, and a
// text that long is more than a JavaScript string holds. Structure bytes (quotes, backslashes,
// brackets, braces, commas, colons) are ASCII and never occur inside a multi-byte UTF-8 character.

export interface ArraySpans {
  /** The array, brackets included: [start, end). */
  array: [number, number];
  /** Each element, possibly with white space around it: [start, end). */
  items: Array<[number, number]>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const isOpen = (b: number): boolean => b === 0x7b || b === 0x5b;
const isClose = (b: number): boolean => b === 0x7d || b === 0x5d;
const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/**
 * The array that is the value of `key` in the top-level object (the last one if the key repeats),
 * or null when there is none. Does not check the JSON: JSON.parse of the parts does.
 */
export function topLevelArray(bytes: Uint8Array, key: string): ArraySpans | null {
  const wanted = Array.from(key, (c) => c.charCodeAt(0));
  let found: ArraySpans | null = null;
  let depth = 0;
  // Depth 1: a string after '{' or ',' is a key; `keyMatched` says the last key was `key`.
  let expectKey = false;
  let keyMatched = false;
  let current: ArraySpans | null = null;
  let itemStart = -1;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (isSpace(b)) continue;
    if (current !== null && depth === 2 && itemStart < 0 && b !== 0x5d) itemStart = i;
    if (b === QUOTE) {
      const start = i + 1;
      i++;
      while (i < bytes.length && bytes[i] !== QUOTE) i += bytes[i] === BACKSLASH ? 2 : 1;
      if (depth === 1 && expectKey) {
        keyMatched = i - start === wanted.length && wanted.every((c, k) => bytes[start + k] === c);
        expectKey = false;
      }
      continue;
    }
    if (isOpen(b)) {
      if (depth === 1 && keyMatched && b === 0x5b) {
        current = { array: [i, -1], items: [] };
        itemStart = -1;
      }
      keyMatched = false;
      depth++;
      expectKey = depth === 1 && b === 0x7b;
      continue;
    }
    if (isClose(b)) {
      if (current !== null && depth === 2) {
        if (itemStart >= 0) current.items.push([itemStart, i]);
        current.array[1] = i + 1;
        found = current;
        current = null;
      }
      depth--;
      continue;
    }
    if (b === COMMA) {
      if (depth === 1) expectKey = true;
      if (current !== null && depth === 2) {
        current.items.push([itemStart, i]);
        itemStart = -1;
      }
    } else if (b !== COLON && depth === 1) keyMatched = false;
  }
  return found;
}

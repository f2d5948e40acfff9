// A reader of Universal Binary JSON (ubjson.org, Draft 12), the binary form XGBoost writes for
// `save_model('m.ubj')`: big-endian numbers, objects whose keys are length-prefixed strings, and
// the optimised containers ('$' type, '#' count) XGBoost uses for every node array. Gives the
// same value JSON.parse gives of the JSON save, float32 numbers as their exact value.
import { InputError } from '../errors';

const bad = (message: string): InputError => new InputError('bad-model', `not a readable UBJSON file: ${message}`);

export function parseUbjson(bytes: Uint8Array): unknown {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = new TextDecoder('utf-8', { fatal: true });
  let at = 0;
  const need = (n: number): number => {
    if (at + n > bytes.length) throw bad(`the file ends inside a value (byte ${at} of ${bytes.length}): truncated?`);
    const start = at;
    at += n;
    return start;
  };
  const marker = (): string => String.fromCharCode(bytes[need(1)]);

  function number(type: string): number {
    switch (type) {
      case 'i':
        return view.getInt8(need(1));
      case 'U':
        return view.getUint8(need(1));
      case 'I':
        return view.getInt16(need(2));
      case 'l':
        return view.getInt32(need(4));
      case 'L':
        return Number(view.getBigInt64(need(8)));
      case 'd':
        return view.getFloat32(need(4));
      case 'D':
        return view.getFloat64(need(8));
      default:
        throw bad(`"${type}" at byte ${at - 1} is not a number type`);
    }
  }

  function string(): string {
    const length = number(marker());
    if (!Number.isInteger(length) || length < 0) throw bad(`a string of length ${length}`);
    const start = need(length);
    try {
      return text.decode(bytes.subarray(start, start + length));
    } catch {
      throw bad(`a string at byte ${start} is not UTF-8`);
    }
  }

  function value(type: string): unknown {
    switch (type) {
      case 'Z':
        return null;
      case 'T':
        return true;
      case 'F':
        return false;
      case 'S':
      case 'H':
        return string();
      case 'C':
        return String.fromCharCode(bytes[need(1)]);
      case '[':
        return container(']', () => null);
      case '{':
        return container('}', string);
      default:
        return number(type);
    }
  }

  /** An array (key: null) or object (key: the key reader), optimised or not. */
  function container(close: string, key: () => string | null): unknown {
    let type: string | null = null;
    let count = -1;
    if (bytes[at] === 0x24 /* $ */) {
      at++;
      type = marker();
      if (bytes[at] !== 0x23) throw bad(`a typed container without a count at byte ${at}`);
    }
    if (bytes[at] === 0x23 /* # */) {
      at++;
      count = number(marker());
      if (!Number.isInteger(count) || count < 0) throw bad(`a container of ${count} items`);
      // Each item takes at least one byte: a count beyond the file is damage, not a huge array.
      if (count > bytes.length - at && type !== 'Z' && type !== 'T' && type !== 'F') throw bad(`a container of ${count} items in a file of ${bytes.length} bytes: truncated?`);
    }
    const keyed = close === '}';
    const items: unknown[] = [];
    const object: Record<string, unknown> = {};
    for (let i = 0; count < 0 || i < count; i++) {
      if (count < 0) {
        if (at >= bytes.length) throw bad('the file ends inside a container: truncated?');
        if (String.fromCharCode(bytes[at]) === close) {
          at++;
          break;
        }
      }
      const name = keyed ? (key() as string) : null;
      const item = value(type ?? marker());
      if (name === null) items.push(item);
      else object[name] = item;
    }
    return keyed ? object : items;
  }

  const result = value(marker());
  if (at !== bytes.length) throw bad(`${bytes.length - at} bytes follow the value`);
  return result;
}

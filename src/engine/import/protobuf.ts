// A minimal Protocol Buffers wire-format reader (protobuf.dev/programming-guides/encoding), enough
// to read an ONNX model (onnx.proto) without a generated schema or native code: a message is read
// into its fields by number, each field's values in file order; nested messages are read on demand.
import { InputError } from '../errors';

const bad = (message: string): InputError => new InputError('bad-model', `not a readable ONNX file: ${message}`);

/** A field's raw values: varints as numbers, length-delimited ones as bytes, fixed32/fixed64 as their bytes. */
export type WireValue = { wire: 0; value: number } | { wire: 1 | 2 | 5; bytes: Uint8Array };

export class Message {
  readonly fields = new Map<number, WireValue[]>();

  constructor(readonly bytes: Uint8Array) {
    let at = 0;
    // int64 varints (ONNX's integers): up to 7 bytes exactly as a number, longer ones (negative
    // numbers take 10) through BigInt, read as two's complement.
    const varint = (): number => {
      let result = 0;
      let scale = 1;
      const start = at;
      for (let i = 0; i < 10; i++) {
        if (at >= bytes.length) throw bad('the file ends inside a number: truncated?');
        const b = bytes[at++];
        if (i < 7) result += (b & 0x7f) * scale;
        scale *= 128;
        if (b < 0x80) return i < 7 ? result : wide(bytes.subarray(start, at));
      }
      throw bad(`a number longer than 10 bytes at byte ${start}`);
    };
    while (at < bytes.length) {
      const key = varint();
      const field = Math.floor(key / 8);
      const wire = key % 8;
      let value: WireValue;
      if (wire === 0) value = { wire, value: varint() };
      else if (wire === 1 || wire === 5) {
        const n = wire === 1 ? 8 : 4;
        if (at + n > bytes.length) throw bad('the file ends inside a number: truncated?');
        value = { wire, bytes: bytes.subarray(at, (at += n)) };
      } else if (wire === 2) {
        const n = varint();
        if (at + n > bytes.length) throw bad(`a field of ${n} bytes runs past the end (byte ${at} of ${bytes.length}): truncated?`);
        value = { wire, bytes: bytes.subarray(at, (at += n)) };
      } else throw bad(`wire type ${wire} at byte ${at}: not a protocol buffer, or damaged`);
      if (field === 0) throw bad(`field number 0 at byte ${at}: not a protocol buffer, or damaged`);
      const list = this.fields.get(field);
      if (list === undefined) this.fields.set(field, [value]);
      else list.push(value);
    }
  }

  private all(field: number): WireValue[] {
    return this.fields.get(field) ?? [];
  }

  private bytesOf(v: WireValue, field: number): Uint8Array {
    if (v.wire !== 2) throw bad(`field ${field} is not bytes`);
    return v.bytes;
  }

  messages(field: number): Message[] {
    return this.all(field).map((v) => new Message(this.bytesOf(v, field)));
  }

  message(field: number): Message | null {
    const list = this.all(field);
    return list.length === 0 ? null : new Message(this.bytesOf(list[list.length - 1], field));
  }

  strings(field: number): string[] {
    const text = new TextDecoder();
    return this.all(field).map((v) => text.decode(this.bytesOf(v, field)));
  }

  string(field: number): string {
    const list = this.strings(field);
    return list.length === 0 ? '' : list[list.length - 1];
  }

  /** Varint fields, packed or not, as signed 64-bit integers. */
  ints(field: number): number[] {
    const out: number[] = [];
    for (const v of this.all(field)) {
      if (v.wire === 0) out.push(v.value);
      else if (v.wire === 2) for (const n of new Message(packedVarints(v.bytes)).ints(1)) out.push(n);
      else throw bad(`field ${field} is not an integer`);
    }
    return out;
  }

  int(field: number): number {
    const list = this.ints(field);
    return list.length === 0 ? 0 : list[list.length - 1];
  }

  /** float (fixed32) fields, packed or not. */
  floats(field: number): number[] {
    return this.fixed(field, 4, (d, i) => d.getFloat32(i, true));
  }

  /** double (fixed64) fields, packed or not. */
  doubles(field: number): number[] {
    return this.fixed(field, 8, (d, i) => d.getFloat64(i, true));
  }

  private fixed(field: number, size: number, read: (d: DataView, at: number) => number): number[] {
    const out: number[] = [];
    for (const v of this.all(field)) {
      if (v.wire === 0) throw bad(`field ${field} is not a float`);
      if (v.bytes.length % size !== 0) throw bad(`field ${field} holds ${v.bytes.length} bytes, not whole numbers of ${size}`);
      const d = new DataView(v.bytes.buffer, v.bytes.byteOffset, v.bytes.byteLength);
      for (let i = 0; i < v.bytes.length; i += size) out.push(read(d, i));
    }
    return out;
  }
}

/** Packed varints re-keyed as field 1 (key byte 0x08 before each), to reuse the message reader. */
function packedVarints(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (i === 0 || bytes[i - 1] < 0x80) out.push(0x08);
    out.push(bytes[i]);
  }
  return Uint8Array.from(out);
}

/** A varint of 8 to 10 bytes as a signed 64-bit integer. */
function wide(bytes: Uint8Array): number {
  let v = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) v = (v << 7n) | BigInt(bytes[i] & 0x7f);
  return Number(BigInt.asIntN(64, v));
}

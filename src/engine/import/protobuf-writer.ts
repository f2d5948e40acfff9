// A minimal Protocol Buffers wire-format writer (protobuf.dev/programming-guides/encoding), the
// counterpart of protobuf.ts: enough to write an ONNX model (the ONNX export) without a generated
// schema. Fields are appended in call order; a nested message is written as its bytes.
import { concatBytes } from '../csv/concat-bytes';

export class MessageWriter {
  private readonly parts: Uint8Array[] = [];
  private size = 0;

  private push(bytes: Uint8Array): this {
    this.parts.push(bytes);
    this.size += bytes.length;
    return this;
  }

  private key(field: number, wire: 0 | 1 | 2 | 5): this {
    return this.push(varint(field * 8 + wire));
  }

  /** An int64/int32/enum field (negative numbers as ten-byte two's complement, as protobuf does). */
  int(field: number, value: number): this {
    return this.key(field, 0).push(varint(value));
  }

  bytes(field: number, bytes: Uint8Array): this {
    return this.key(field, 2).push(varint(bytes.length)).push(bytes);
  }

  string(field: number, text: string): this {
    return this.bytes(field, new TextEncoder().encode(text));
  }

  message(field: number, message: MessageWriter): this {
    return this.bytes(field, message.finish());
  }

  /** A repeated varint field, packed. */
  ints(field: number, values: readonly number[]): this {
    const parts = values.map(varint);
    return this.bytes(field, concatBytes(parts, byteLength(parts)));
  }

  /** A repeated double field, packed. */
  doubles(field: number, values: readonly number[]): this {
    const out = new Uint8Array(values.length * 8);
    const view = new DataView(out.buffer);
    values.forEach((v, i) => view.setFloat64(i * 8, v, true));
    return this.bytes(field, out);
  }

  /** A repeated float field, packed. */
  floats(field: number, values: readonly number[]): this {
    const out = new Uint8Array(values.length * 4);
    const view = new DataView(out.buffer);
    values.forEach((v, i) => view.setFloat32(i * 4, v, true));
    return this.bytes(field, out);
  }

  finish(): Uint8Array {
    return concatBytes(this.parts, this.size);
  }
}

const byteLength = (parts: readonly Uint8Array[]): number => parts.reduce((n, p) => n + p.length, 0);

/** A varint: 7 bits a byte, low first; a negative number as its 64-bit two's complement (10 bytes). */
function varint(value: number): Uint8Array {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${value} is not an integer a varint holds exactly`);
  const out: number[] = [];
  if (value >= 0) {
    let v = value;
    while (v >= 128) {
      out.push((v % 128) | 0x80);
      v = Math.floor(v / 128);
    }
    out.push(v);
    return Uint8Array.from(out);
  }
  let v = BigInt.asUintN(64, BigInt(value));
  while (v >= 128n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return Uint8Array.from(out);
}

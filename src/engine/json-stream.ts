// JSON read from byte chunks as they arrive (docs/model-format.md "Reading and writing"): a model
// file of hundreds of MB is never one string (V8's longest is ~512 MB) nor one buffer. The
// handler chooses per object or array whether it is parsed whole (JSON.parse of its bytes), taken
// member by member, or (arrays) in batches of elements of about BATCH_BYTES, each batch one
// JSON.parse — so a column of a million numbers is parsed natively, a MB at a time. Structure
// bytes (quotes, brackets, commas) are ASCII and never occur inside a multi-byte UTF-8 character.
import { concatBytes } from './csv/concat-bytes';

export type JsonPath = readonly (string | number)[];

/** whole: one value to `value`; members: each member or element on its own path; batch (arrays): elements to `items`. */
export type Descent = 'whole' | 'members' | 'batch';

export interface JsonStreamHandler {
  descend(path: JsonPath, kind: 'object' | 'array'): Descent;
  /** A value parsed whole (a scalar, or a container the handler did not descend into). */
  value(path: JsonPath, value: unknown): void;
  /** The next elements of a batched array, in order. */
  items(path: JsonPath, values: unknown[]): void;
  /** A descended object or array ended. */
  close(path: JsonPath): void;
}

export const BATCH_BYTES = 1 << 20;

/** The bytes of JSON's structure (ASCII, never inside a multi-byte UTF-8 character). */
const enum Byte {
  Quote = 0x22,
  Backslash = 0x5c,
  Comma = 0x2c,
  Colon = 0x3a,
  OpenBrace = 0x7b,
  CloseBrace = 0x7d,
  OpenBracket = 0x5b,
  CloseBracket = 0x5d,
}
const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
const isOpen = (b: number): boolean => b === Byte.OpenBrace || b === Byte.OpenBracket;
const isClose = (b: number): boolean => b === Byte.CloseBrace || b === Byte.CloseBracket;

interface Frame {
  kind: 'object' | 'array';
  path: JsonPath;
  /** The member being read (objects) or the element's index (arrays). */
  key: string | number;
}

/** Bytes gathered across chunks: a whole value, a key, or a batch of array elements. */
class Gather {
  pieces: Uint8Array[] = [];
  bytes = 0;
  /** Nesting inside the value (containers), and string state. */
  depth = 0;
  inString = false;
  escape = false;
  /** Copied: the caller's chunks may reuse one buffer (worker/load-csv.ts reads into two). */
  add(piece: Uint8Array): void {
    if (piece.length === 0) return;
    this.pieces.push(piece.slice());
    this.bytes += piece.length;
  }
  take(): Uint8Array {
    const all = concatBytes(this.pieces, this.bytes);
    this.pieces = [];
    this.bytes = 0;
    return all;
  }
  /** Tracks strings and nesting over one byte; returns whether it was structure outside a string. */
  step(b: number): boolean {
    if (this.inString) {
      if (this.escape) this.escape = false;
      else if (b === Byte.Backslash) this.escape = true;
      else if (b === Byte.Quote) this.inString = false;
      return false;
    }
    if (b === Byte.Quote) this.inString = true;
    else if (isOpen(b)) this.depth++;
    else if (isClose(b)) this.depth--;
    return true;
  }
}

type State = 'value' | 'key-or-end' | 'key' | 'key-text' | 'colon' | 'comma-or-end' | 'value-or-end' | 'whole' | 'scalar' | 'batch' | 'done';

export class JsonStream {
  private readonly decoder = new TextDecoder();
  private state: State = 'value';
  private readonly stack: Frame[] = [];
  private gather = new Gather();
  /** Batch: where the last element-ending comma is in the gathered bytes (−1: none yet). */
  private lastCut = -1;
  private offset = 0;

  constructor(private readonly handler: JsonStreamHandler, private readonly fail: (problem: string) => never) {}

  /** The next bytes (copied where kept: the caller may reuse the chunk's buffer). */
  push(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length) i = this.step(chunk, i);
    this.offset += chunk.length;
  }

  /** The input ended: complains unless one whole object was read. */
  end(): void {
    if (this.state === 'scalar' && this.stack.length === 0) this.fail('invalid JSON (expected an object)');
    if (this.state !== 'done') this.fail('invalid JSON (the file ends early)');
  }

  private unexpected(chunk: Uint8Array, i: number): never {
    this.fail(`invalid JSON (unexpected ${JSON.stringify(String.fromCharCode(chunk[i]))} at byte ${this.offset + i})`);
  }

  private parse(bytes: Uint8Array, what: string): unknown {
    try {
      return JSON.parse(this.decoder.decode(bytes));
    } catch (err) {
      this.fail(`invalid JSON in ${what} (${(err as Error).message})`);
    }
  }

  private get top(): Frame | undefined {
    return this.stack[this.stack.length - 1];
  }

  private pathHere(): JsonPath {
    const top = this.top;
    return top === undefined ? [] : [...top.path, top.key];
  }

  private named(path: JsonPath): string {
    return path.length === 0 ? 'the file' : `"${path.join('.')}"`;
  }

  /** Processes from chunk[i]; returns where to continue. */
  private step(chunk: Uint8Array, i: number): number {
    switch (this.state) {
      case 'whole':
      case 'scalar':
        return this.continueWhole(chunk, i);
      case 'key-text':
        return this.continueKey(chunk, i);
      case 'batch':
        return this.continueBatch(chunk, i);
      default:
    }
    const b = chunk[i];
    if (isSpace(b)) return i + 1;
    const top = this.top;
    switch (this.state) {
      case 'value':
      case 'value-or-end':
        if (this.state === 'value-or-end' && b === Byte.CloseBracket) return this.closeFrame(i);
        return this.startValue(chunk, i);
      case 'key-or-end':
      case 'key':
        if (this.state === 'key-or-end' && b === Byte.CloseBrace) return this.closeFrame(i);
        if (b !== Byte.Quote) this.unexpected(chunk, i);
        this.gather = new Gather();
        this.gather.inString = true;
        this.gather.add(chunk.subarray(i, i + 1));
        this.state = 'key-text';
        return i + 1;
      case 'colon':
        if (b !== Byte.Colon) this.unexpected(chunk, i);
        this.state = 'value';
        return i + 1;
      case 'comma-or-end':
        if (top === undefined) this.unexpected(chunk, i);
        if (b === Byte.Comma) {
          if (top.kind === 'object') this.state = 'key';
          else {
            top.key = (top.key as number) + 1;
            this.state = 'value';
          }
          return i + 1;
        }
        if (b === (top.kind === 'object' ? Byte.CloseBrace : Byte.CloseBracket)) return this.closeFrame(i);
        return this.unexpected(chunk, i);
      default:
        return this.unexpected(chunk, i);
    }
  }

  private startValue(chunk: Uint8Array, i: number): number {
    const b = chunk[i];
    const path = this.pathHere();
    if (this.stack.length === 0 && b !== Byte.OpenBrace) this.fail('expected a JSON object');
    this.gather = new Gather();
    if (isOpen(b)) {
      const kind = b === Byte.OpenBrace ? 'object' : 'array';
      const descent = this.handler.descend(path, kind);
      if (descent === 'whole') {
        this.gather.step(b);
        this.gather.add(chunk.subarray(i, i + 1));
        this.state = 'whole';
        return i + 1;
      }
      this.stack.push({ kind, path, key: kind === 'array' ? 0 : '' });
      this.state = kind === 'object' ? 'key-or-end' : descent === 'batch' ? 'batch' : 'value-or-end';
      this.lastCut = -1;
      return i + 1;
    }
    if (b === Byte.CloseBrace || b === Byte.CloseBracket || b === Byte.Comma || b === Byte.Colon) this.unexpected(chunk, i);
    this.state = 'scalar';
    if (b === Byte.Quote) this.gather.inString = true;
    this.gather.add(chunk.subarray(i, i + 1));
    return i + 1;
  }

  /** A value parsed whole: a container until its close, a string until its quote, another scalar until a delimiter. */
  private continueWhole(chunk: Uint8Array, from: number): number {
    const g = this.gather;
    const scalar = this.state === 'scalar';
    for (let i = from; i < chunk.length; i++) {
      const b = chunk[i];
      if (scalar && !g.inString && (b === Byte.Comma || isClose(b) || isSpace(b))) {
        g.add(chunk.subarray(from, i));
        this.finishValue();
        return i;
      }
      const wasString = g.inString;
      g.step(b);
      if ((scalar && wasString && !g.inString) || (!scalar && g.depth === 0)) {
        g.add(chunk.subarray(from, i + 1));
        this.finishValue();
        return i + 1;
      }
    }
    g.add(chunk.subarray(from));
    return chunk.length;
  }

  private finishValue(): void {
    const path = this.pathHere();
    this.handler.value(path, this.parse(this.gather.take(), this.named(path)));
    this.afterValue();
  }

  private afterValue(): void {
    this.state = this.stack.length === 0 ? 'done' : 'comma-or-end';
  }

  private continueKey(chunk: Uint8Array, from: number): number {
    const g = this.gather;
    for (let i = from; i < chunk.length; i++) {
      g.step(chunk[i]);
      if (!g.inString) {
        g.add(chunk.subarray(from, i + 1));
        const key = this.parse(g.take(), 'a key');
        (this.top as Frame).key = key as string;
        this.state = 'colon';
        return i + 1;
      }
    }
    g.add(chunk.subarray(from));
    return chunk.length;
  }

  /**
   * A batched array's elements. A run of bytes up to the next ']' with no string or container in
   * it (a column of numbers) is taken at once; otherwise byte by byte, tracking nesting.
   */
  private continueBatch(chunk: Uint8Array, from: number): number {
    const g = this.gather;
    let i = from;
    if (g.depth === 0 && !g.inString) {
      const close = chunk.indexOf(Byte.CloseBracket, i);
      const end = close < 0 ? chunk.length : close;
      const run = chunk.subarray(i, end);
      if (run.indexOf(Byte.Quote) < 0 && run.indexOf(Byte.OpenBracket) < 0 && run.indexOf(Byte.OpenBrace) < 0 && run.indexOf(Byte.CloseBrace) < 0) {
        const comma = run.lastIndexOf(Byte.Comma);
        if (comma >= 0) this.lastCut = g.bytes + comma;
        g.add(run);
        this.flushBatch(false);
        return close < 0 ? chunk.length : this.closeBatch(close);
      }
    }
    for (; i < chunk.length; i++) {
      const b = chunk[i];
      if (!g.inString && g.depth === 0 && b === Byte.CloseBracket) {
        g.add(chunk.subarray(from, i));
        return this.closeBatch(i);
      }
      const inside = g.inString || g.depth > 0;
      if (g.step(b) && g.depth === 0 && b === Byte.Comma) this.lastCut = g.bytes + (i - from);
      // An element's string or container ended: the run after it may be a flat one again.
      if (inside && g.depth === 0 && !g.inString) {
        g.add(chunk.subarray(from, i + 1));
        this.flushBatch(false);
        return i + 1;
      }
    }
    g.add(chunk.subarray(from));
    return chunk.length;
  }

  /** Parses the gathered elements up to the last cut once there are enough of them (all at the end). */
  private flushBatch(atEnd: boolean): void {
    const g = this.gather;
    if (!atEnd && (g.bytes < BATCH_BYTES || this.lastCut < 0)) return;
    const all = g.take();
    const cut = atEnd ? all.length : this.lastCut;
    const path = (this.top as Frame).path;
    const text = this.decoder.decode(all.subarray(0, cut));
    if (!atEnd) g.add(all.subarray(cut + 1));
    this.lastCut = -1;
    if (atEnd && text.trim() === '') return;
    let values: unknown;
    try {
      values = JSON.parse(`[${text}]`);
    } catch (err) {
      this.fail(`invalid JSON in ${this.named(path)} (${(err as Error).message})`);
    }
    this.handler.items(path, values as unknown[]);
  }

  private closeBatch(i: number): number {
    this.flushBatch(true);
    return this.closeFrame(i);
  }

  private closeFrame(i: number): number {
    const frame = this.stack.pop() as Frame;
    this.handler.close(frame.path);
    this.afterValue();
    return i + 1;
  }
}

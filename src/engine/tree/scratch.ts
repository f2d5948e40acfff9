// Working arrays kept from one tree to the next: a forest grows its members one after another on
// each thread, and fresh sample columns, sorted-sample arrays and tree stores for every member
// (~35 MB each at 100,000 × 20 rows) piled up between garbage collections, which run late for
// memory outside the JavaScript heap (peak RSS grew by ~70 MiB once a tree no longer made its node
// objects). A tree grown from a scratch must be read (packed) before the next one is grown. A view of
// a kept buffer is handed out instead; its contents are whatever the last tree left.
import { TreeStore } from './tree-store';

type Buffer = Int32Array | Uint8Array | Uint16Array | Float64Array;
type BufferType<A extends Buffer> = new (length: number) => A;

export class Scratch {
  private readonly buffers = new Map<string, Buffer>();
  private readonly stores = new Map<number, TreeStore>();

  /** An empty tree store with `valueDim` numbers a node, its arrays those of the last tree grown here. */
  store(valueDim: number): TreeStore {
    let store = this.stores.get(valueDim);
    if (store === undefined) this.stores.set(valueDim, (store = new TreeStore(valueDim)));
    return store.reset();
  }

  ints(name: string, length: number): Int32Array {
    return this.take(name, length, Int32Array);
  }

  bytes(name: string, length: number): Uint8Array {
    return this.take(name, length, Uint8Array);
  }

  shorts(name: string, length: number): Uint16Array {
    return this.take(name, length, Uint16Array);
  }

  doubles(name: string, length: number): Float64Array {
    return this.take(name, length, Float64Array);
  }

  private take<A extends Buffer>(name: string, length: number, type: BufferType<A>): A {
    let buffer = this.buffers.get(name) as A | undefined;
    if (buffer === undefined || buffer.length < length || buffer.constructor !== type) {
      // A little room: the next tree's sample is a few rows larger as often as not.
      buffer = new type(Math.ceil(length * 1.05));
      this.buffers.set(name, buffer);
    }
    return buffer.subarray(0, length) as A;
  }
}

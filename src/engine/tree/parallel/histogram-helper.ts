// A second thread for histogram mode's big nodes: while the builder's thread fills the histograms
// of the first half of the features, a helper worker fills the other half into a shared buffer,
// which is then copied in. Each feature's slots are summed by one thread in sample order, so the
// histograms (and the trees) are exactly those of one thread. The builder stays synchronous: the
// helper is driven through a shared control block with Atomics.wait/notify, and the binned
// columns, the sample index and the targets live in SharedArrayBuffers.
//
// The worker runs from source text (`eval`), the helper loop below and fillHistogram itself, so
// it needs no bundle file of its own: it starts the same from dist/cli.js, from the extension's
// engine worker (dist/worker.js, a nested worker) and from the tests.
import { Worker } from 'node:worker_threads';
import { fillHistogram } from '../hist/fill-histogram';

/** Control block (Int32, shared): command sequence, done sequence, command, its arguments, error flag. */
const SEQ = 0;
const DONE = 1;
const CMD = 2;
const START = 3;
const END = 4;
const FROM = 5;
const TO = 6;
const FAILED = 7;
const FILL = 1;
const EXIT = 2;
/** How long a fresh helper may take to start before the builder goes on alone. */
const START_TIMEOUT_MS = 10_000;

/** What the helper reads: shared copies of the builder's arrays. */
export interface SharedHistogramInput {
  readonly bins: Uint8Array;
  readonly idx: Int32Array;
  readonly slot: Int32Array;
  readonly amount: Float64Array | null;
  readonly offsets: Int32Array;
  readonly featureCount: number;
  readonly dim: number;
  readonly slotCount: number;
}

/** A typed array of `length` elements over a SharedArrayBuffer, holding a copy of `from` if given. */
export function sharedArray<T extends Uint8Array | Int32Array | Float64Array>(make: new (buffer: SharedArrayBuffer) => T, bytesPerElement: number, length: number, from?: T): T {
  const a = new make(new SharedArrayBuffer(length * bytesPerElement));
  if (from !== undefined) a.set(from);
  return a;
}

/**
 * The helper's side: waits for a command, runs it, reports it done. It runs from its source text,
 * so it names the control slots by number (SEQ 0, DONE 1, CMD 2, START 3, END 4, FROM 5, TO 6,
 * FAILED 7; EXIT 2) and reaches worker_threads through `require`.
 */
function helperLoop(fill: typeof fillHistogram): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  const { ctl, out, input } = workerData as { ctl: Int32Array; out: Float64Array; input: SharedHistogramInput };
  const { bins, idx, slot, amount, offsets, featureCount, dim } = input;
  const stride = dim + 1;
  let seen = 0;
  Atomics.store(ctl, 1, -1);
  Atomics.notify(ctl, 1);
  for (;;) {
    Atomics.wait(ctl, 0, seen);
    seen = Atomics.load(ctl, 0);
    if (ctl[2] === 2) return;
    try {
      const from = ctl[5];
      const to = ctl[6];
      out.fill(0, offsets[from] * stride, to < featureCount ? offsets[to] * stride : out.length);
      fill(out, idx, ctl[3], ctl[4], bins, offsets, featureCount, from, to, slot, amount, dim);
    } catch {
      ctl[7] = 1;
    }
    Atomics.store(ctl, 1, seen);
    Atomics.notify(ctl, 1);
  }
}

export class HistogramHelper {
  private seq = 0;

  private constructor(
    private readonly ctl: Int32Array,
    /** The helper's histogram: its features' slots, the others unused. */
    private readonly out: Float64Array,
    private readonly input: SharedHistogramInput,
  ) {}

  /** Starts a helper thread over `input`; null when it cannot start (the builder then works alone). */
  static start(input: SharedHistogramInput): HistogramHelper | null {
    const ctl = sharedArray(Int32Array, 4, 8);
    const out = sharedArray(Float64Array, 8, input.slotCount * (input.dim + 1));
    let worker: Worker;
    try {
      worker = new Worker(`(${helperLoop.toString()})(${fillHistogram.toString()})`, { eval: true, workerData: { ctl, out, input } });
    } catch {
      return null;
    }
    worker.unref();
    // Errors surface through the control block; an 'error' event must not crash the host.
    worker.on('error', () => undefined);
    if (Atomics.wait(ctl, DONE, 0, START_TIMEOUT_MS) === 'timed-out' && Atomics.load(ctl, DONE) !== -1) {
      void worker.terminate();
      return null;
    }
    return new HistogramHelper(ctl, out, input);
  }

  /**
   * `h` (zeroed) += the samples idx[start, end): features [0, split) on this thread, the rest on the
   * helper's, at the same time.
   */
  fill(h: Float64Array, start: number, end: number, split: number): void {
    const { ctl, input } = this;
    const { featureCount: F, offsets, dim } = input;
    const stride = dim + 1;
    ctl[CMD] = FILL;
    ctl[START] = start;
    ctl[END] = end;
    ctl[FROM] = split;
    ctl[TO] = F;
    const seq = ++this.seq;
    Atomics.store(ctl, SEQ, seq);
    Atomics.notify(ctl, SEQ);
    fillHistogram(h, input.idx, start, end, input.bins, offsets, F, 0, split, input.slot, input.amount, dim);
    for (let done = Atomics.load(ctl, DONE); done !== seq; done = Atomics.load(ctl, DONE)) Atomics.wait(ctl, DONE, done);
    if (ctl[FAILED] !== 0) throw new Error('the histogram helper thread failed');
    const from = offsets[split] * stride;
    h.set(this.out.subarray(from), from);
  }

  /** Ends the helper thread. */
  close(): void {
    this.ctl[CMD] = EXIT;
    Atomics.store(this.ctl, SEQ, ++this.seq);
    Atomics.notify(this.ctl, SEQ);
  }
}

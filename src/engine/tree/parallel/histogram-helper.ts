// A second thread for histogram mode (TrainParams.threads = 2): it bins half of the numeric
// columns while the builder's thread bins the rest, and for every big node it fills the
// histograms of half of the features into a shared buffer (copied in afterwards) while the
// builder's thread fills the other half. Each feature is binned and summed by one thread in sample
// order, so bins, histograms and trees are exactly those of one thread. The builder stays
// synchronous: the helper is driven through a shared control block with Atomics.wait/notify, and
// the bin matrix, sample index, targets and the helper's columns live in SharedArrayBuffers.
//
// The worker runs from source text (`eval`: the loop below, fillHistogram and assignBins), so it
// needs no bundle file of its own and starts the same from dist/cli.js, from the extension's
// engine worker (dist/worker.js: a nested worker) and from the tests.
import { Worker } from 'node:worker_threads';
import { assignBins } from '../hist/assign-bins';
import type { BinningHelper } from '../hist/bins';
import { fillHistogram } from '../hist/fill-histogram';

/** Control block (Int32, shared): command sequence, done sequence, command, its arguments, error flag. */
const SEQ = 0;
const DONE = 1;
const CMD = 2;
const START = 3;
const END = 4;
const FROM = 5;
const FAILED = 6;
const FILL = 1;
const EXIT = 2;
const BIN = 3;
/** Bin edges per feature in `padded` (MAX_BINS edges at most, padded with +∞). */
const EDGES = 256;
/** How long a fresh helper may take to start before the builder goes on alone. */
const START_TIMEOUT_MS = 10_000;

/** What the helper shares with the builder. */
export interface SharedHistogramInput {
  /** Bin of sample i, feature f at [i·F + f]: written by both threads, then read. */
  readonly bins: Uint8Array;
  readonly idx: Int32Array;
  readonly slot: Int32Array;
  readonly amount: Float64Array | null;
  /** Filled by the builder once the features are binned. */
  readonly offsets: Int32Array;
  readonly featureCount: number;
  readonly dim: number;
  /** The numeric columns the helper bins (copies), null for the others. */
  readonly xs: ReadonlyArray<Float64Array | null>;
}

/** A typed array of `length` elements over a SharedArrayBuffer, holding a copy of `from` if given. */
export function sharedArray<T extends Uint8Array | Int32Array | Float64Array>(make: new (buffer: SharedArrayBuffer) => T, bytesPerElement: number, length: number, from?: ArrayLike<number>): T {
  const a = new make(new SharedArrayBuffer(length * bytesPerElement));
  if (from !== undefined) a.set(from);
  return a;
}

interface HelperData {
  ctl: Int32Array;
  /** The helper's histogram (its features' slots) or, when binning, the max value of each feature. */
  out: Float64Array;
  padded: Float64Array;
  binCounts: Int32Array;
  input: SharedHistogramInput;
}

/**
 * The helper's side: waits for a command, runs it, reports it done. It runs from its source text,
 * so it names the control slots by number (SEQ 0, DONE 1, CMD 2, START 3, END 4, FROM 5, FAILED 6;
 * FILL 1, EXIT 2, BIN 3; 256 edges per feature) and reaches worker_threads through `require`.
 */
function helperLoop(fill: typeof fillHistogram, assign: typeof assignBins): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  const { ctl, out, padded, binCounts, input } = workerData as HelperData;
  const { bins, idx, slot, amount, offsets, featureCount, dim, xs } = input;
  let seen = 0;
  Atomics.store(ctl, 1, -1);
  Atomics.notify(ctl, 1);
  for (;;) {
    Atomics.wait(ctl, 0, seen);
    seen = Atomics.load(ctl, 0);
    const cmd = ctl[2];
    if (cmd === 2) return;
    try {
      if (cmd === 1) {
        const from = ctl[5];
        out.fill(0, offsets[from] * (dim + 1));
        fill(out, idx, ctl[3], ctl[4], bins, offsets, featureCount, from, featureCount, slot, amount, dim);
      } else {
        xs.forEach((x, f) => {
          if (x !== null) out[f] = assign(x, padded.subarray(f * 256, f * 256 + 256), binCounts[f], f, featureCount, bins, true);
        });
      }
    } catch {
      ctl[6] = 1;
    }
    Atomics.store(ctl, 1, seen);
    Atomics.notify(ctl, 1);
  }
}

export class HistogramHelper implements BinningHelper {
  private seq = 0;

  private constructor(
    private readonly data: HelperData,
    private readonly input: SharedHistogramInput,
  ) {}

  /**
   * Starts a helper thread over `input` (its bins, offsets, index and targets are read at each
   * command); null when it cannot start, and the builder then works alone.
   */
  static start(input: SharedHistogramInput): HistogramHelper | null {
    const F = input.featureCount;
    const data: HelperData = {
      ctl: sharedArray(Int32Array, 4, 8),
      out: sharedArray(Float64Array, 8, Math.max(F, F * EDGES * (input.dim + 1))),
      padded: sharedArray(Float64Array, 8, F * EDGES),
      binCounts: sharedArray(Int32Array, 4, F),
      input,
    };
    let worker: Worker;
    try {
      worker = new Worker(`(${helperLoop.toString()})(${fillHistogram.toString()}, ${assignBins.toString()})`, { eval: true, workerData: data });
    } catch {
      return null;
    }
    worker.unref();
    // Failures surface through the control block; an 'error' event must not crash the host.
    worker.on('error', () => undefined);
    if (Atomics.wait(data.ctl, DONE, 0, START_TIMEOUT_MS) === 'timed-out' && Atomics.load(data.ctl, DONE) !== -1) {
      void worker.terminate();
      return null;
    }
    return new HistogramHelper(data, input);
  }

  private send(cmd: number): number {
    const { ctl } = this.data;
    ctl[CMD] = cmd;
    const seq = ++this.seq;
    Atomics.store(ctl, SEQ, seq);
    Atomics.notify(ctl, SEQ);
    return seq;
  }

  private wait(seq: number): void {
    const { ctl } = this.data;
    for (let done = Atomics.load(ctl, DONE); done !== seq; done = Atomics.load(ctl, DONE)) Atomics.wait(ctl, DONE, done);
    if (ctl[FAILED] !== 0) throw new Error('the histogram helper thread failed');
  }

  takes(f: number): boolean {
    return this.input.xs[f] !== null;
  }

  binColumns(jobs: ReadonlyArray<{ f: number; padded: Float64Array; binCount: number }>, mine: () => void): Float64Array {
    const { padded, binCounts, out } = this.data;
    for (const job of jobs) {
      padded.set(job.padded, job.f * EDGES);
      binCounts[job.f] = job.binCount;
    }
    const seq = this.send(BIN);
    mine();
    this.wait(seq);
    return out.slice(0, this.input.featureCount);
  }

  /**
   * `h` (zeroed) += the samples idx[start, end): features [0, split) on this thread, the rest on the
   * helper's, at the same time.
   */
  fill(h: Float64Array, start: number, end: number, split: number): void {
    const { ctl, out } = this.data;
    const { featureCount: F, offsets, dim } = this.input;
    ctl[START] = start;
    ctl[END] = end;
    ctl[FROM] = split;
    const seq = this.send(FILL);
    fillHistogram(h, this.input.idx, start, end, this.input.bins, offsets, F, 0, split, this.input.slot, this.input.amount, dim);
    this.wait(seq);
    const from = offsets[split] * (dim + 1);
    h.set(out.subarray(from, h.length), from);
  }

  /** Ends the helper thread. */
  close(): void {
    this.send(EXIT);
  }
}

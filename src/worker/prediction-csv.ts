// The predictions CSV: every input record exactly as it is in the file (same bytes, same quoting,
// same delimiter), then the delimiter and the prediction (a classification forest: and each
// class's share); one line per input row, in order, ending in LF (README "CLI"). Shared by the
// CLI's `predict` and the extension's "Predict on Another CSV…". The predictions come from the parsed Dataset; the input is then read again
// through RawRecordSplitter, so the rows are never held as text.
import type { Dataset } from '../engine/dataset';
import { InputError } from '../engine/errors';
import { predictForest } from '../engine/forest/predict';
import type { ImportedEnsemble } from '../engine/import/ensemble';
import { predictEnsemble } from '../engine/import/predict';
import { FOREST_FORMAT, type ForestModel } from '../engine/forest/types';
import type { TreeModel } from '../engine/model';
import { RawRecordSplitter } from '../engine/csv/raw-records';
import { predict } from '../engine/tree/predict';
import { csvField } from './csv-field';

/** Predictions made beforehand (an imported ensemble's, src/engine/import/): each row's prediction and, for classification, its class probabilities (row-major). */
export interface GivenPredictions {
  target: string;
  classes?: string[];
  predictions: ReadonlyArray<string | number>;
  shares: Float64Array | null;
}

/** A model trained elsewhere's predictions on `dataset`, bound to it (bind.ts): the library's label and class probabilities. */
export function ensemblePredictions(bound: ImportedEnsemble, dataset: Dataset): GivenPredictions {
  const { predictions, probabilities } = predictEnsemble(bound, dataset);
  return { target: bound.target, ...(bound.classes === undefined ? {} : { classes: bound.classes }), predictions, shares: probabilities };
}

/** A model's predictions on `dataset` (given ones pass as they are). */
export function modelPredictions(model: TreeModel | ForestModel | GivenPredictions, dataset: Dataset): GivenPredictions {
  if ('predictions' in model) return model;
  const classes = model.classes === undefined ? {} : { classes: [...model.classes] };
  if (model.format === FOREST_FORMAT) return { target: model.target, ...classes, ...predictForest(model, dataset) };
  return { target: model.target, ...classes, predictions: predict(model, dataset), shares: null };
}

/**
 * The added columns' names: predicted_<target>, then with shares (a classification forest: the
 * mean class share (soft voting) or vote fraction (hard); an imported classifier's probabilities)
 * share_<class> for each class.
 */
export function predictionNames(given: GivenPredictions): string[] {
  return [`predicted_${given.target}`, ...(given.shares === null ? [] : (given.classes ?? []).map((c) => `share_${c}`))];
}

export class PredictionCsv {
  private readonly predictions: ReadonlyArray<string | number>;
  private readonly splitter: RawRecordSplitter;
  private readonly encoder = new TextEncoder();
  /** The bytes of `<delimiter><prediction>\n` per prediction (one per class or leaf value). */
  private readonly endings = new Map<string | number, Uint8Array>();
  private readonly header: Uint8Array;
  private records = 0;
  private out = new Uint8Array(1 << 16);
  private length = 0;

  /** A classification forest's per-class shares or an imported classifier's probabilities (row-major), written after the prediction; else null. */
  private readonly shares: Float64Array | null = null;
  private readonly classCount: number;

  constructor(
    model: TreeModel | ForestModel | GivenPredictions,
    private readonly dataset: Dataset,
  ) {
    const given = modelPredictions(model, dataset);
    this.classCount = given.classes?.length ?? 0;
    ({ predictions: this.predictions, shares: this.shares } = given);
    this.header = this.ending(predictionNames(given));
    this.splitter = new RawRecordSplitter(dataset.delimiter, (buf, start, end) => this.record(buf, start, end));
  }

  /** Reads the next chunk of the input; returns the output lines it completes (valid until the next call). */
  push(chunk: Uint8Array): Uint8Array {
    this.length = 0;
    this.splitter.push(chunk);
    return this.out.subarray(0, this.length);
  }

  /** The end of the input: returns the last output line. */
  finish(): Uint8Array {
    this.length = 0;
    this.splitter.finish();
    if (this.records !== this.dataset.rowCount + 1) {
      throw new InputError('unreadable-file', `the file has ${this.records - 1} rows on the second read, ${this.dataset.rowCount} on the first; did it change meanwhile?`);
    }
    return this.out.subarray(0, this.length);
  }

  private record(buf: Uint8Array, start: number, end: number): void {
    const row = this.records++ - 1;
    if (row >= this.dataset.rowCount) return; // reported by finish()
    const ending = row < 0 ? this.header : this.shares !== null ? this.shareEnding(row) : (this.endings.get(this.predictions[row]) ?? this.newEnding(this.predictions[row]));
    this.append(buf, start, end);
    this.append(ending, 0, ending.length);
  }

  private newEnding(prediction: string | number): Uint8Array {
    const bytes = this.ending([String(prediction)]);
    this.endings.set(prediction, bytes);
    return bytes;
  }

  private shareEnding(row: number): Uint8Array {
    const k = this.classCount;
    const shares = Array.from((this.shares as Float64Array).subarray(row * k, (row + 1) * k), String);
    return this.ending([String(this.predictions[row]), ...shares]);
  }

  private ending(fields: readonly string[]): Uint8Array {
    const d = this.dataset.delimiter;
    return this.encoder.encode(`${fields.map((f) => d + csvField(f, d)).join('')}\n`);
  }

  private append(buf: Uint8Array, start: number, end: number): void {
    const needed = this.length + end - start;
    if (needed > this.out.length) {
      const bigger = new Uint8Array(Math.max(needed, this.out.length * 2));
      bigger.set(this.out.subarray(0, this.length));
      this.out = bigger;
    }
    // Rows are short: a loop beats making a view of each.
    if (end - start < 256) {
      const out = this.out;
      for (let i = start, at = this.length; i < end; i++, at++) out[at] = buf[i];
    } else {
      this.out.set(buf.subarray(start, end), this.length);
    }
    this.length = needed;
  }
}

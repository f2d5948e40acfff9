// Typed errors the engine raises for bad input. Callers (CLI, worker, extension) tell them apart
// from internal failures: bad input is the user's to fix and gets exit code 2 / a plain message.

export type InputErrorCode =
  | 'empty-file'
  | 'header-only'
  | 'binary-file'
  | 'unterminated-quote'
  | 'ragged-row'
  | 'bad-quote'
  | 'field-too-long'
  | 'too-many-columns'
  | 'bad-encoding'
  | 'bad-value'
  | 'unreadable-file'
  | 'bad-option'
  | 'unknown-column'
  | 'bad-target'
  | 'bad-feature'
  | 'bad-model'
  /** A model edited against data that no longer matches it (the file changed since training). */
  | 'stale-model'
  /** A Python interpreter or package the Dask job needs is missing (the message says what to install). */
  | 'missing-python'
  /** The Dask cluster could not run the job: unreachable scheduler, a worker lost, a job that failed. */
  | 'cluster';

export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(
    readonly code: InputErrorCode,
    message: string,
    /** 1-based line in the source file, where known. */
    readonly line?: number,
    /** 1-based field (column) number, where known. */
    readonly column?: number,
    /** 0-based data row of the dataset the problem is on, where the engine knows no line (a caller with the file names its line). */
    readonly row?: number,
  ) {
    super(message);
  }
}

/** Raised when an AbortSignal stops work; never shown as a failure. */
export class CancelledError extends Error {
  override readonly name = 'CancelledError';
  constructor() {
    super('cancelled');
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CancelledError();
}

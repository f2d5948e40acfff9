// Errors cross the worker boundary as plain records; these rebuild the engine's typed errors on the
// host side so that bad input (InputError) and cancellation (CancelledError) keep their meaning.
import { CancelledError, InputError, type InputErrorCode } from '../engine/errors';
import type { WireError } from './worker-messages';

export function toWireError(err: unknown): WireError {
  if (err instanceof InputError) {
    return { name: err.name, message: err.message, code: err.code, line: err.line, column: err.column };
  }
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return { name: 'Error', message: String(err) };
}

export function fromWireError(wire: WireError): Error {
  if (wire.name === 'InputError') {
    return new InputError((wire.code ?? 'bad-option') as InputErrorCode, wire.message, wire.line, wire.column);
  }
  if (wire.name === 'CancelledError') return new CancelledError();
  const err = new Error(wire.message);
  if (wire.stack) err.stack = wire.stack;
  return err;
}

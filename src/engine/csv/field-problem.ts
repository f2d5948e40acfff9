// A problem with one field's value, raised below the row level where the line and column are not
// known; the table builder turns it into an InputError that names both.
import type { InputErrorCode } from '../errors';

export class FieldProblem extends Error {
  constructor(
    readonly code: InputErrorCode,
    message: string,
  ) {
    super(message);
  }
}

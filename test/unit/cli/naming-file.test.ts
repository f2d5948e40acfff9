// namingFile: the CLI's training errors name their file once; other failures pass unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '../../../src/engine/errors';
import { namingFile } from '../../../src/cli/data-flags';

test('an InputError from work on a file is named once; a failure with an errno-like code is not turned into "cannot read the file"', async () => {
  await assert.rejects(
    namingFile('/data/x.csv', () => {
      throw new InputError('bad-target', 'target "y" is missing on every row');
    }),
    (err: unknown) => err instanceof InputError && err.message === 'x.csv: target "y" is missing on every row' && err.code === 'bad-target',
  );
  await assert.rejects(
    namingFile('/data/x.csv', () => {
      throw new InputError('ragged-row', 'x.csv: line 3 has 2 fields, header has 3', 3);
    }),
    (err: unknown) => err instanceof InputError && err.message === 'x.csv: line 3 has 2 fields, header has 3' && err.line === 3,
  );
  const crashed = Object.assign(new Error('worker ran out of memory'), { code: 'ERR_WORKER_OUT_OF_MEMORY' });
  await assert.rejects(
    namingFile('/data/x.csv', async () => {
      throw crashed;
    }),
    (err: unknown) => err === crashed,
  );
  assert.equal(await namingFile('/data/x.csv', () => 42), 42);
});

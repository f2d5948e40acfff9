// A parsed Dataset with its columns in SharedArrayBuffers. Every later job on the file (training,
// retraining, alternative splits, predictions) then gets the columns without a copy: posting a
// shared array to a worker hands over a view of the same memory, where an ordinary array would be
// cloned once per job, doubling the data in memory while the job runs. Columns are only read
// after parsing, so sharing them between threads is safe.
import type { Column, Dataset } from '../../engine/dataset';

function shared<T extends Float64Array | Int32Array>(array: T, make: new (buffer: SharedArrayBuffer) => T): T {
  if (array.buffer instanceof SharedArrayBuffer) return array;
  const copy = new make(new SharedArrayBuffer(array.byteLength));
  copy.set(array);
  return copy;
}

export function shareDataset(dataset: Dataset): Dataset {
  const columns = dataset.columns.map(
    (c): Column => (c.type === 'numeric' ? { ...c, values: shared(c.values, Float64Array) } : { ...c, codes: shared(c.codes, Int32Array) }),
  );
  return { ...dataset, columns };
}

// JSON text of engine values that may hold ±Infinity (a "missing vs present" split's threshold):
// model files, the splits report, the parity fixtures' engine output.

/**
 * JSON.stringify, except that ±Infinity (a "missing vs present" split's threshold) is written as
 * the number literal ±1e309, which JSON.parse and Python's json read back as ±Infinity (README,
 * "Model JSON"); JSON.stringify alone would write null. Each infinity is first stood in for by a
 * marker string, then the quoted marker replaced; a marker that also occurs in the data (only a
 * string holding NUL could) is retried with another.
 */
export function jsonText(value: unknown, space?: number): string {
  for (let salt = 0; ; salt++) {
    const marks = [`\u0000+inf${salt}`, `\u0000-inf${salt}`];
    let count = 0;
    const text = JSON.stringify(value, (_key, v: unknown) => {
      if (v !== Infinity && v !== -Infinity) return v;
      count++;
      return marks[v === Infinity ? 0 : 1];
    }, space);
    const [plus, minus] = marks.map((m) => JSON.stringify(m));
    if (text.split(plus).length + text.split(minus).length - 2 === count) return text.split(plus).join('1e309').split(minus).join('-1e309');
  }
}

/** Stands in for a field written in chunks (jsonTextAround): a string (starting with NUL) no model holds. */
export const CHUNKS_MARK = '\u0000chunks';

/**
 * jsonText of `value`, whose field `key` holds CHUNKS_MARK, in chunks: the text before the
 * field's value, then `inner`'s chunks in its place, then the rest — so a big array (a forest's
 * trees, a tree's node columns) is never part of one string.
 */
export function* jsonTextAround(value: unknown, key: string, inner: Iterable<string>): Generator<string> {
  const text = jsonText(value);
  const marked = `${JSON.stringify(key)}:${JSON.stringify(CHUNKS_MARK)}`;
  const at = text.indexOf(marked);
  if (at < 0) throw new Error(`no field "${key}" to write in chunks`);
  yield text.slice(0, at + marked.length - JSON.stringify(CHUNKS_MARK).length);
  yield* inner;
  yield text.slice(at + marked.length);
}

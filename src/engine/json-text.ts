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

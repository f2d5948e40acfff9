// XGBoost's JSON writer spells non-finite floats as the bare words NaN, Infinity and -Infinity
// (the split_conditions of categorical nodes are NaN), which JSON.parse refuses. This parses such
// text: ±Infinity outside strings become 1e999 (which JSON.parse reads as ±Infinity), NaN a marked
// string turned back into NaN by a reviver. The reviver, called for every value, is used only when
// a NaN was found outside strings: a scikit-learn wrapper's model holds "missing": NaN inside its
// attributes' string, and parsing a 1,000-tree model with a reviver took 0.5 s more.

const MARK = '\u0000NaN';

export function parseLooseJson(text: string): unknown {
  if (!/NaN|Infinity/.test(text)) return JSON.parse(text);
  let out = '';
  let last = 0;
  let inString = false;
  let nan = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c /* \ */) i++;
      else if (ch === 0x22 /* " */) inString = false;
      continue;
    }
    if (ch === 0x22) inString = true;
    else if (ch === 0x4e /* N */ || ch === 0x49 /* I */ || ch === 0x2d /* - */) {
      const word = /^(NaN|-?Infinity)/.exec(text.slice(i, i + 9));
      if (word !== null) {
        nan ||= word[0] === 'NaN';
        out += text.slice(last, i) + (word[0] === 'NaN' ? `"\\u0000NaN"` : word[0] === 'Infinity' ? '1e999' : '-1e999');
        i += word[0].length - 1;
        last = i + 1;
      }
    }
  }
  if (last === 0) return JSON.parse(text);
  out += text.slice(last);
  return nan ? JSON.parse(out, (_key, value: unknown) => (value === MARK ? NaN : value)) : JSON.parse(out);
}

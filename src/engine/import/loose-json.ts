// XGBoost's JSON writer spells non-finite floats as the bare words NaN, Infinity and -Infinity
// (the split_conditions of categorical nodes are NaN), which JSON.parse refuses. This parses such
// text: the words outside strings become marked strings, turned back into numbers by a reviver.

const MARK = '\u0000';
const WORDS: Record<string, number> = { NaN, Infinity, '-Infinity': -Infinity };

export function parseLooseJson(text: string): unknown {
  if (!/NaN|Infinity/.test(text)) return JSON.parse(text);
  let out = '';
  let last = 0;
  let inString = false;
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
        out += text.slice(last, i) + `"\\u0000${word[0]}"`;
        i += word[0].length - 1;
        last = i + 1;
      }
    }
  }
  out += text.slice(last);
  return JSON.parse(out, (_key, value: unknown) => (typeof value === 'string' && value.startsWith(MARK) ? WORDS[value.slice(1)] : value));
}

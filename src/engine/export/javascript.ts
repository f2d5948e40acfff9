// The tree as JavaScript (nested tests, tree-code.ts) with `predict(row)` and `convertRow(row)`;
// a script, and a CommonJS module when `module` exists.
import { isOrderedType } from '../dataset';
import type { ModelFeature, TreeModel } from '../model';
import { numberPatterns } from '../csv/number-forms';
import { commentText, converterOf, numberLiteral, type ConverterNames } from './dialect';
import { sharedSyntax, splitFeatures, treeFunctions, type TreeSyntax } from './tree-code';

const str = (s: string): string => JSON.stringify(s);
const num = (x: number): string => numberLiteral(x, 'Infinity');
const trailing = (comment: string): string => (comment ? ` // ${comment}` : '');
/** Up to this many categories a test is a chain of `===`; above, a Set made once. */
const INLINE_CATEGORIES = 4;

/** JavaScript's syntax; `sets` collects the Set constants of long category tests, `prefix` keeps a forest's trees apart. */
export function javascriptSyntax(sets: string[], prefix = ''): TreeSyntax {
  return {
    ...sharedSyntax(num, str, prefix),
    indent: '  ',
    functionHead: (name) => `function ${name}(x) {`,
    bind: (v, i, comment) => `const ${v} = x[${i}]; // ${comment}`,
    close: '}',
    ifOpen: (test, comment) => `if (${test}) {${trailing(comment)}`,
    atMostOrMissing: (v, t) => `!(${v} > ${num(t)})`,
    oneOf: (v, names) => {
      if (names.length <= INLINE_CATEGORIES) return names.map((n) => `${v} === ${str(n)}`).join(' || ');
      return `_set${sets.push(`const _set${sets.length} = new Set([${names.map(str).join(', ')}]);`) - 1}.has(${v})`;
    },
    ret: (value, comment) => `return ${value};${trailing(comment)}`,
  };
}

/** The row converter's helpers by name. */
const CONVERTERS: ConverterNames = {
  number: '_toNumber',
  numberComma: '_toNumberComma',
  date: '_toDate',
  text: '_toText',
  ordinal: (categories) => `_ordinal([${categories.map(str).join(', ')}])`,
};


/** The row converter's helpers: always the text and number ones, the date and ordinal ones when a feature needs them. */
const PATTERNS = numberPatterns();
const TEXT_AND_NUMBERS = `const _MISSING = new Set(['', 'na', 'n/a', 'nan', 'null', '?']);
const _INFINITY = new RegExp(${str(PATTERNS.infinity)}, 'i');
const _FORMS = { '.': new RegExp(${str(PATTERNS.point)}), ',': new RegExp(${str(PATTERNS.comma)}) };

function _toText(s) {
  return s === null || s === undefined || _MISSING.has(String(s).trim().toLowerCase()) ? null : s;
}

/** A number as the reader takes it: plain, an infinity, or with a currency symbol, a percent sign, separators. */
function _numberIn(s, decimal) {
  const t = String(s).trim();
  const x = Number(t);
  if (!Number.isNaN(x)) return x;
  if (_INFINITY.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  const m = _FORMS[decimal].exec(t);
  if (m === null || (m[1] && m[3]) || !(m[4] || m[5])) throw new Error('not a number: ' + JSON.stringify(s));
  const v = Number((m[4].replace(/[.,]/g, '') || '0') + '.' + (m[5] || '') + '0' + (m[6] || ''));
  return m[1] === '-' || m[3] === '-' ? -v : v;
}

function _toNumber(s) {
  const t = _toText(s);
  return t === null ? NaN : _numberIn(t, '.');
}

function _toNumberComma(s) {
  const t = _toText(s);
  return t === null ? NaN : _numberIn(t, ',');
}

function _number(v) {
  return v === null || v === undefined ? NaN : v;
}`;

const DATES = `const _DATE = /^(\\d{4})-(\\d\\d)-(\\d\\d)(?:[Tt ](\\d\\d):(\\d\\d)(?::(\\d\\d)(?:[.,](\\d+))?)?)?\\s*([Zz]|[+-]\\d\\d(?::?\\d\\d)?)?$/;

/** ISO 8601 date or date-time to milliseconds since 1970-01-01T00:00Z; no offset means UTC. */
function _toDate(s) {
  const t = _toText(s);
  if (t === null) return NaN;
  const m = _DATE.exec(String(t).trim());
  const [y, mo, d, h, mi, sec] = m ? m.slice(1, 7).map((p) => Number(p ?? 0)) : [];
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  if (!m || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || h > 23 || mi > 59 || sec > 59) throw new Error('not an ISO 8601 date: ' + JSON.stringify(s));
  date.setUTCHours(h, mi, sec, Number((m[7] ?? '').slice(0, 3).padEnd(3, '0')));
  const zone = m[8] ?? 'Z';
  if (zone === 'Z' || zone === 'z') return date.getTime();
  const digits = zone.slice(1).replace(':', '');
  const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return date.getTime() - (zone[0] === '+' ? offset : -offset) * 60000;
}`;

const ORDINALS = `/** An ordinal category to its index in the model's order; unknown values are missing. */
function _ordinal(categories) {
  const index = new Map(categories.map((c, i) => [c, i]));
  return (s) => index.get(s) ?? NaN;
}`;

/** The expression reading a row's feature values into the array `x` (numbers as NaN when missing). */
export function javascriptReads(features: readonly ModelFeature[]): string {
  return `[${features.map((f) => (isOrderedType(f.type) ? `_number(row[${str(f.name)}])` : `row[${str(f.name)}]`)).join(', ')}]`;
}

/** The opening comment after its first line. */
export const JAVASCRIPT_HEADER = [
  '// predict(row): `row` maps column names to values: numbers for numeric columns, milliseconds since',
  '// 1970-01-01T00:00Z for date columns, the index in the category order for ordinal columns, strings',
  '// for categorical and boolean columns; null, undefined or NaN mean missing. convertRow(row) turns',
  '// an object of strings (a CSV row) into those values: empty, NA, N/A, NaN, null and ? are missing.',
  '// Missing values are NaN inside: `x <= t` sends them to the second branch, `!(x > t)` to the first.',
];

/** convertRow, the module export and the helpers the reads and the tests need. */
export function javascriptSupport(features: readonly ModelFeature[], sets: readonly string[]): string[] {
  const dates = features.some((f) => f.type === 'date');
  const ordinals = features.some((f) => f.type === 'ordinal');
  // A header the reader renamed (blank → column_N) is also looked up as written in the file.
  const headers = features.filter((f) => f.header !== undefined);
  return [
    'function convertRow(row) {',
    '  const out = {};',
    headers.length === 0
      ? '  for (const [name, convert] of _CONVERTERS) out[name] = convert(row[name]);'
      : '  for (const [name, convert] of _CONVERTERS) out[name] = convert(name in row || !Object.prototype.hasOwnProperty.call(_AS_WRITTEN, name) ? row[name] : row[_AS_WRITTEN[name]]);',
    '  return out;',
    '}',
    '',
    ...(headers.length === 0 ? [] : ['const _AS_WRITTEN = {', ...headers.map((f) => `  ${str(f.name)}: ${str(f.header as string)},`), '};', '']),
    "if (typeof module !== 'undefined') module.exports = { predict, convertRow };",
    '',
    ...[TEXT_AND_NUMBERS, ...(dates ? [DATES] : []), ...(ordinals ? [ORDINALS] : [])].flatMap((block) => [block, '']),
    'const _CONVERTERS = [',
    ...features.map((f) => `  [${str(f.name)}, ${converterOf(f, CONVERTERS)}],`),
    '];',
    ...sets,
  ];
}

export function toJavaScript(model: TreeModel): string {
  const features = splitFeatures(model);
  const sets: string[] = [];
  const js = javascriptSyntax(sets);
  const functions = treeFunctions(model, js);
  const lines = [
    `// Decision tree predicting ${commentText(str(model.target))}, exported by Decision Tree Explorer (${model.nodes.length} nodes).`,
    ...JAVASCRIPT_HEADER,
    'function predict(row) {',
    `  const x = ${javascriptReads(features)};`,
    `  let r = ${js.functionName(0)}(x);`,
    "  while (typeof r === 'function') r = r(x);",
    '  return r;',
    '}',
    '',
    ...javascriptSupport(features, sets),
  ];
  for (const { id, lines: body } of functions) lines.push('', js.functionHead(js.functionName(id)), ...body, '}');
  lines.push('');
  return lines.join('\n');
}

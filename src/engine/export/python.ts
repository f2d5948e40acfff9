// The tree as a Python module (nested tests, tree-code.ts) with `predict(row)` and
// `convert_row(row)`. JSON string literals are valid Python string literals, so names with quotes,
// backslashes or non-ASCII letters stay exact.
import { isOrderedType } from '../dataset';
import type { ModelFeature, TreeModel } from '../model';
import { numberPatterns } from '../csv/number-forms';
import { commentText, converterOf, numberLiteral, type ConverterNames } from './dialect';
import { sharedSyntax, splitFeatures, treeFunctions, type TreeSyntax } from './tree-code';

const str = (s: string): string => JSON.stringify(s);
const num = (x: number): string => numberLiteral(x, 'math.inf');
const trailing = (comment: string): string => (comment ? `  # ${comment}` : '');

/** Python's syntax; `prefix` keeps the functions of a forest's trees apart. */
export function pythonSyntax(prefix = ''): TreeSyntax {
  return {
    ...sharedSyntax(num, str, prefix),
    indent: '    ',
    functionHead: (name) => `def ${name}(x):`,
    bind: (v, i, comment) => `${v} = x[${i}]  # ${comment}`,
    close: null,
    ifOpen: (test, comment) => `if ${test}:${trailing(comment)}`,
    atMostOrMissing: (v, t) => `not ${v} > ${num(t)}`,
    oneOf: (v, names) => `${v} in {${names.map(str).join(', ')}}`,
    ret: (value, comment) => `return ${value}${trailing(comment)}`,
  };
}

/** The row converter's helpers by name. */
const CONVERTERS: ConverterNames = {
  number: '_to_number',
  numberComma: '_to_number_comma',
  date: '_to_date',
  text: '_to_text',
  ordinal: (categories) => `_ordinal({${categories.map((c, i) => `${str(c)}: ${i}`).join(', ')}})`,
};


/** The row converter's helpers: always the text and number ones, the date and ordinal ones when a feature needs them. */
const PATTERNS = numberPatterns();
const TEXT_AND_NUMBERS = `_MISSING = frozenset(("", "na", "n/a", "nan", "null", "?"))
_FORMS = {".": re.compile(${str(PATTERNS.point)}), ",": re.compile(${str(PATTERNS.comma)})}


def _to_text(s):
    return None if s is None or s.strip().lower() in _MISSING else s


def _number_in(s, decimal):
    """A number as the reader takes it: plain, an infinity, or with a currency symbol, a percent sign, separators."""
    t = s.strip()
    try:
        return float(t)
    except ValueError:
        pass
    m = _FORMS[decimal].fullmatch(t)
    if m is None or (m.group(1) and m.group(3)) or not (m.group(4) or m.group(5)):
        raise ValueError("not a number: %r" % s)
    x = float((re.sub(r"[.,]", "", m.group(4)) or "0") + "." + (m.group(5) or "") + "0" + (m.group(6) or ""))
    return -x if "-" in (m.group(1), m.group(3)) else x


def _to_number(s):
    s = _to_text(s)
    return math.nan if s is None else _number_in(s, ".")


def _to_number_comma(s):
    s = _to_text(s)
    return math.nan if s is None else _number_in(s, ",")`;

const DATES = `_DATE = re.compile(r"(\\d{4})-(\\d\\d)-(\\d\\d)(?:[Tt ](\\d\\d):(\\d\\d)(?::(\\d\\d)(?:[.,](\\d+))?)?)?\\s*([Zz]|[+-]\\d\\d(?::?\\d\\d)?)?")
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def _to_date(s):
    """ISO 8601 date or date-time to milliseconds since 1970-01-01T00:00Z; no offset means UTC."""
    s = _to_text(s)
    if s is None:
        return math.nan
    m = _DATE.fullmatch(s.strip())
    if m is None:
        raise ValueError("not an ISO 8601 date: %r" % s)
    y, mo, d, h, mi, sec, frac, zone = m.groups()
    t = datetime(int(y), int(mo), int(d), int(h or 0), int(mi or 0), int(sec or 0), tzinfo=timezone.utc)
    ms = (t - _EPOCH) // timedelta(milliseconds=1) + int((frac or "")[:3].ljust(3, "0"))
    if zone and zone not in "Zz":
        digits = zone[1:].replace(":", "")
        offset = int(digits[:2]) * 60 + int(digits[2:] or 0)
        ms -= (offset if zone[0] == "+" else -offset) * 60000
    return float(ms)`;

const ORDINALS = `def _ordinal(index):
    """An ordinal category to its index in the model's order; unknown values are missing."""
    return lambda s: float(index[s]) if s in index else math.nan`;

/** The lines reading a row's feature values into the list `x` (numbers as NaN when missing). */
export function pythonReads(features: readonly ModelFeature[]): string {
  return `[${features.map((f) => (isOrderedType(f.type) ? `_number(row.get(${str(f.name)}))` : `row.get(${str(f.name)})`)).join(', ')}]`;
}

/** The module's opening comment (after its first line) and imports. */
export function pythonHeader(features: readonly ModelFeature[]): string[] {
  return [
    '# predict(row): `row` maps column names to values: numbers for numeric columns, milliseconds since',
    '# 1970-01-01T00:00Z for date columns, the index in the category order for ordinal columns, strings',
    '# for categorical and boolean columns; None or NaN mean missing. convert_row(row) turns a row of',
    '# strings (e.g. from csv.DictReader) into those values: empty, NA, N/A, NaN, null and ? are missing.',
    '# Missing values are NaN inside: `x <= t` sends them to the second branch, `not x > t` to the first.',
    'import math',
    'import re',
    ...(features.some((f) => f.type === 'date') ? ['from datetime import datetime, timedelta, timezone'] : []),
  ];
}

/** convert_row and the helpers it and the reads need. */
export function pythonSupport(features: readonly ModelFeature[]): string[] {
  const dates = features.some((f) => f.type === 'date');
  const ordinals = features.some((f) => f.type === 'ordinal');
  // A header the reader renamed (blank → column_N) is also looked up as written in the file.
  const headers = features.filter((f) => f.header !== undefined);
  return [
    'def convert_row(row):',
    headers.length === 0
      ? '    return {name: convert(row.get(name)) for name, convert in _CONVERTERS}'
      : '    return {name: convert(row[name] if name in row else row.get(_AS_WRITTEN.get(name))) for name, convert in _CONVERTERS}',
    '',
    '',
    ...(headers.length === 0 ? [] : ['_AS_WRITTEN = {', ...headers.map((f) => `    ${str(f.name)}: ${str(f.header as string)},`), '}', '', '']),
    'def _number(v):',
    '    return math.nan if v is None else v',
    '',
    '',
    ...[TEXT_AND_NUMBERS, ...(dates ? [DATES] : []), ...(ordinals ? [ORDINALS] : [])].flatMap((block) => [block, '', '']),
    '_CONVERTERS = (',
    ...features.map((f) => `    (${str(f.name)}, ${converterOf(f, CONVERTERS)}),`),
    ')',
  ];
}

export function toPython(model: TreeModel): string {
  const features = splitFeatures(model);
  const py = pythonSyntax();
  const lines = [
    `# Decision tree predicting ${commentText(str(model.target))}, exported by Decision Tree Explorer (${model.nodes.length} nodes).`,
    ...pythonHeader(features),
    '',
    '',
    'def predict(row):',
    `    x = ${pythonReads(features)}`,
    `    r = ${py.functionName(0)}(x)`,
    '    while callable(r):',
    '        r = r(x)',
    '    return r',
    '',
    '',
    ...pythonSupport(features),
  ];
  for (const { id, lines: body } of treeFunctions(model, py)) lines.push('', '', py.functionHead(py.functionName(id)), ...body);
  lines.push('');
  return lines.join('\n');
}

// Numbers written other than in the reader's plain grammar (number-bytes.ts): infinities as pandas
// spells them (inf, Inf, -Infinity, any case), a decimal comma (R's write.csv2, `;` files), a
// leading currency symbol, a trailing percent sign and thousands separators (README "CSV input",
// "Numbers in other forms"). Only a column's distinct spellings are read here, once the fast path
// has turned it categorical, so plain numeric columns never pay for it.

import type { DecimalMark } from '../dataset';

export type { DecimalMark } from '../dataset';

/** What one spelling holds besides its value: the form the whole column must share. */
export interface NumberForm {
  readonly value: number;
  /** The leading currency symbol, '' when none. */
  readonly currency: string;
  readonly percent: boolean;
  /** Written with thousands separators. */
  readonly grouped: boolean;
  /** Digits before the decimal mark (separators not counted): 4 or more want separators in a grouped column. */
  readonly wholeDigits: number;
  readonly infinite: boolean;
}

const INFINITY = /^([+-]?)(?:inf|infinity)$/i;
const CURRENCIES = '$€£¥₹';
/** sign, currency, sign, whole part, fraction, exponent, percent; {G} and {D} are the separator and mark. */
const SHAPE = String.raw`^([+-]?)([${CURRENCIES}]?)([+-]?)(\d{1,3}(?:{G}\d{3})+|\d*)(?:{D}(\d*))?([eE][+-]?\d+)?(\s?%)?$`;
const shapes = new Map<DecimalMark, RegExp>();

function shapeFor(decimal: DecimalMark): RegExp {
  let shape = shapes.get(decimal);
  if (shape === undefined) {
    const group = decimal === '.' ? ',' : '\\.';
    shape = new RegExp(SHAPE.replace('{G}', group).replace('{D}', decimal === '.' ? '\\.' : ','));
    shapes.set(decimal, shape);
  }
  return shape;
}

/**
 * The patterns of readNumberForm, for exported code that reads values as the reader does
 * (export/python.ts, javascript.ts): an infinity (any case), and the forms for each decimal mark,
 * whose groups are sign, currency, sign, whole part, fraction, exponent, percent.
 */
export function numberPatterns(): { readonly infinity: string; readonly point: string; readonly comma: string } {
  return { infinity: INFINITY.source, point: shapeFor('.').source, comma: shapeFor(',').source };
}

/** Whether text starts as a number in any of these forms may: a digit, sign, point, space, currency symbol or the i of inf. */
function mayStartNumber(text: string): boolean {
  const c = text.charCodeAt(0);
  return (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e || c === 0x20 || c === 0x09 || (c | 0x20) === 0x69 || c === 0x24 || (c > 0x7f && CURRENCIES.includes(text[0]));
}

/** The number `text` spells in any of the forms above, or null. Surrounding spaces are ignored. */
export function readNumberForm(text: string, decimal: DecimalMark): NumberForm | null {
  // Most text fails at its first character: no trim and no pattern for it (a text column of a
  // million distinct values is checked value by value, mostlyNumbersNote).
  if (!mayStartNumber(text)) return null;
  const t = text.trim();
  const inf = INFINITY.exec(t);
  if (inf !== null) return { value: inf[1] === '-' ? -Infinity : Infinity, currency: '', percent: false, grouped: false, wholeDigits: 0, infinite: true };
  const m = shapeFor(decimal).exec(t);
  if (m === null) return null;
  const [, sign1, currency, sign2, whole, fraction = '', exponent = '', percent] = m;
  if ((sign1 !== '' && sign2 !== '') || whole.length + fraction.length === 0) return null;
  if (exponent !== '' && (currency !== '' || percent !== undefined)) return null;
  const grouped = /[.,]/.test(whole);
  const digits = whole.replace(/[.,]/g, '');
  const value = Number(`${digits === '' ? '0' : digits}.${fraction}0${exponent}`);
  if (!Number.isFinite(value)) return null;
  const negative = sign1 === '-' || sign2 === '-';
  return { value: negative ? -value : value, currency, percent: percent !== undefined, grouped, wholeDigits: digits.length, infinite: false };
}

/** A text column with at least this share of its values numbers gets a note (mostlyNumbersNote). */
export const MOSTLY_NUMBERS = 0.8;

/** How a column's spellings were read as numbers: for the note that says so. */
export interface ColumnNumberForms {
  /** Each category's value. */
  readonly values: Float64Array;
  /** What the column's spelling needed, in words ("a leading "$"", "thousands separators"…), empty for a plain column. */
  readonly needed: readonly string[];
  /** A spelling that shows it. */
  readonly example: string;
}

/**
 * The values of a column's distinct spellings when every one reads as a number and the column
 * uses one form throughout: the same currency symbol (or none) and percent sign (or none) on
 * every finite value, and, once one value has thousands separators, on every value of four or
 * more whole digits. Null otherwise (then the column stays categorical).
 */
export function readColumnForms(categories: readonly string[], decimal: DecimalMark): ColumnNumberForms | null {
  const forms: NumberForm[] = [];
  for (const c of categories) {
    const form = readNumberForm(c, decimal);
    if (form === null) return null;
    forms.push(form);
  }
  const finite = forms.filter((f) => !f.infinite);
  const first = finite[0];
  if (first !== undefined && finite.some((f) => f.currency !== first.currency || f.percent !== first.percent)) return null;
  const grouped = finite.some((f) => f.grouped);
  if (grouped && finite.some((f) => !f.grouped && f.wholeDigits >= 4)) return null;
  const needed: string[] = [];
  let example = '';
  const note = (what: string, where: (f: NumberForm, c: string) => boolean): void => {
    const k = forms.findIndex((f, i) => where(f, categories[i]));
    if (k < 0) return;
    needed.push(what);
    if (example === '') example = categories[k];
  };
  note(`a leading "${first?.currency ?? ''}"`, (f) => f.currency !== '');
  note('a percent sign', (f) => f.percent);
  note('thousands separators', (f) => f.grouped);
  note('a decimal comma', (f, c) => decimal === ',' && !f.infinite && c.includes(','));
  note('infinities', (f) => f.infinite);
  return { values: Float64Array.from(forms, (f) => f.value), needed, example };
}

/** The note of a column read with readColumnForms. */
export function formsNote(forms: ColumnNumberForms): string {
  return `read as numbers written with ${wordList(forms.needed)} (e.g. ${JSON.stringify(forms.example)})`;
}

/** "a", "a and b", "a, b and c". */
function wordList(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * The note of a text column whose values are mostly numbers (MOSTLY_NUMBERS of its rows): the
 * share, a value that is not one, and the option that reads such values as missing; else null.
 */
export function mostlyNumbersNote(name: string, categories: readonly string[], codes: Int32Array, decimal: DecimalMark): string | null {
  const isNumber = categories.map((c) => readNumberForm(c, decimal) !== null);
  let present = 0;
  let numbers = 0;
  for (let i = 0; i < codes.length; i++) {
    if (codes[i] < 0) continue;
    present++;
    if (isNumber[codes[i]]) numbers++;
  }
  if (present === 0 || numbers < MOSTLY_NUMBERS * present) return null;
  const stray = categories[isNumber.indexOf(false)];
  const share = Math.floor((100 * numbers) / present);
  return `read as categorical although ${share} % of its values are numbers (not e.g. ${JSON.stringify(stray)}); --types ${JSON.stringify(`${name}=numeric:coerce`)} reads the others as missing`;
}

// ISO 8601 dates as the reader accepts them (README "CSV input") and as every display shows them.
// A date is milliseconds since 1970-01-01T00:00Z; a date without a time or offset is UTC midnight.
// Accepted: YYYY-MM-DD, optionally followed by `T` or one space and HH:MM[:SS[.fraction]], then
// optionally `Z` or ±HH:MM. Calendar-invalid dates (2021-02-30) and unpadded parts (2021-1-5) are
// not dates.

const DAY_MS = 86_400_000;

/** Days from 1970-01-01 to y-m-d of the proleptic Gregorian calendar (any year, unlike Date.UTC's 0–99 quirk). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** The value of `n` ASCII digits of `s` at `at`, or -1 when any is not a digit. */
function digits(s: string, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const c = s.charCodeAt(i) - 48;
    if (!(c >= 0 && c <= 9)) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** Milliseconds since the epoch (UTC) of an ISO 8601 date or date-time, or NaN when `s` is not one. */
export function parseIsoDate(s: string): number {
  const len = s.length;
  if (len < 10 || s.charCodeAt(4) !== 45 /* - */ || s.charCodeAt(7) !== 45) return NaN;
  const y = digits(s, 0, 4);
  const m = digits(s, 5, 2);
  const d = digits(s, 8, 2);
  if (y < 0 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return NaN;
  const day = daysFromCivil(y, m, d) * DAY_MS;
  if (len === 10) return day;
  const sep = s.charCodeAt(10);
  if ((sep !== 84 /* T */ && sep !== 32) /* space */ || len < 16 || s.charCodeAt(13) !== 58 /* : */) return NaN;
  const h = digits(s, 11, 2);
  const mi = digits(s, 14, 2);
  if (h < 0 || h > 23 || mi < 0 || mi > 59) return NaN;
  let at = 16;
  let ms = 0;
  if (s.charCodeAt(at) === 58) {
    const sec = digits(s, at + 1, 2);
    if (sec < 0 || sec > 59) return NaN;
    ms = sec * 1000;
    at += 3;
    if (s.charCodeAt(at) === 46 /* . */) {
      let end = at + 1;
      while (end < len && s.charCodeAt(end) >= 48 && s.charCodeAt(end) <= 57) end++;
      if (end === at + 1) return NaN;
      // Whole milliseconds exactly (.1 is 100 ms, not 100.00000000000001), finer digits as a fraction.
      const fraction = s.slice(at + 1, end);
      ms += Number(fraction.slice(0, 3).padEnd(3, '0'));
      if (fraction.length > 3) ms += Number(`0.${fraction.slice(3)}`);
      at = end;
    }
  }
  let offset = 0;
  if (at < len) {
    const c = s.charCodeAt(at);
    if (c === 90 /* Z */ && at + 1 === len) offset = 0;
    else if ((c === 43 /* + */ || c === 45) /* - */ && at + 6 === len && s.charCodeAt(at + 3) === 58) {
      const oh = digits(s, at + 1, 2);
      const om = digits(s, at + 4, 2);
      if (oh < 0 || oh > 23 || om < 0 || om > 59) return NaN;
      offset = (c === 43 ? 1 : -1) * (oh * 60 + om);
    } else return NaN;
  }
  return day + (h * 60 + mi - offset) * 60_000 + ms;
}

/**
 * ISO 8601 text of a time in ms since the epoch, exact and short: `2012-06-15` at UTC midnight,
 * else `2012-06-15T12:00Z`, with seconds and their fraction only when not zero. A threshold
 * between two dates is shown this way too: the midpoint of two days is noon, and `≤ 2012-06-15T12:00Z`
 * stays exact for a new file whose values carry times.
 */
export function formatDate(ms: number): string {
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return String(ms);
  const whole = Math.floor(ms);
  let iso = new Date(whole).toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ (±YYYYYY for far years)
  const t = iso.indexOf('T');
  if (whole === ms && ms % DAY_MS === 0) return iso.slice(0, t);
  iso = iso.slice(0, -1); // drop Z
  const extra = ms - whole;
  if (extra > 0) iso += String(Number(extra.toPrecision(6))).slice(2); // sub-millisecond digits
  else if (iso.endsWith('.000')) iso = iso.slice(0, -4);
  if (iso.length === t + 9 && iso.endsWith(':00')) iso = iso.slice(0, -3);
  return `${iso}Z`;
}

/** A numeric or date column's value as a label (a class, a cell written out): a date as ISO text. */
export function valueLabel(type: 'numeric' | 'date', v: number): string {
  return type === 'date' ? formatDate(v) : String(v);
}

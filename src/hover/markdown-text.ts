// Untrusted text (column names, cell values) made safe for hover markdown rendered with HTML off:
// every ASCII punctuation character is backslash-escaped (CommonMark allows exactly that), so no
// emphasis, link, image, table cell, autolink or entity can be formed; control characters and
// line breaks become spaces; long text is cut.

const MAX_SHOWN = 60;

export function mdText(text: string, max = MAX_SHOWN): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
  const cut = flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
  return cut.replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/** A command link's target: `command:id?args`, with the JSON arguments fully percent-encoded. */
export function commandUri(command: string, args: readonly unknown[]): string {
  const encoded = encodeURIComponent(JSON.stringify(args)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `command:${command}?${encoded}`;
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st … */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** A score with four decimals; "n/a" when undefined. */
export function score(x: number | null | undefined): string {
  return x === null || x === undefined || !Number.isFinite(x) ? 'n/a' : x.toFixed(4);
}

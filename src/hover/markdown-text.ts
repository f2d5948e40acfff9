// Untrusted text (column names, cell values) made safe for hover markdown rendered with HTML off:
// every ASCII punctuation character is backslash-escaped (CommonMark allows exactly that), so no
// emphasis, link, image, table cell, autolink or entity can be formed; control characters and
// line breaks become spaces; long text is cut.
import { currentLanguage, formatNumber, t } from '../host/l10n';

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

/** 1st, 2nd, 3rd, 4th, 11th, 21st … (Italian 1º, Finnish 1.) */
export function ordinal(n: number): string {
  const language = currentLanguage();
  if (language === 'it') return `${n}º`;
  if (language === 'fi') return `${n}.`;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** A score with four decimals in the UI's language (0,4444 in Italian and Finnish); "n/a" when undefined. */
export function score(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return t('n/a');
  return formatNumber(x === 0 ? 0 : x, { minimumFractionDigits: 4, maximumFractionDigits: 4, useGrouping: false });
}

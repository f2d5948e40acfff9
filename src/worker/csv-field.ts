// One CSV output field (RFC 4180): quoted when it holds the delimiter, a quote or a line break,
// with inner quotes doubled.
export function csvField(text: string, delimiter: string): string {
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

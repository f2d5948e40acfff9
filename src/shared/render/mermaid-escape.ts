// Escaping of untrusted text (column names, category values, class labels) for a Mermaid label.
// Everything Mermaid or HTML could read as syntax becomes a Mermaid entity code (`#60;`), which
// Mermaid turns into an HTML character reference, so the text is shown literally and never parsed.

/** Characters that end a quoted label, start a directive/comment/markdown string, or are HTML. */
const ENTITY: Readonly<Record<string, string>> = {
  '"': '#quot;',
  '#': '#35;',
  '&': '#38;',
  '<': '#60;',
  '>': '#62;',
  "'": '#39;',
  '`': '#96;',
  '%': '#37;',
  '|': '#124;',
  '{': '#123;',
  '}': '#125;',
  '[': '#91;',
  ']': '#93;',
  '(': '#40;',
  ')': '#41;',
  '\\': '#92;',
  // Mermaid strips the last `;` of any line that matches /style.*:\S*#.*;/ before parsing, so a
  // colon in a label could corrupt an entity code on the same line.
  ':': '#58;',
};

const SPECIAL = /["#&<>'`%|{}[\]()\\:]/g;
// Line breaks and other control characters would end the Mermaid statement: show them as spaces.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/g;

/** Escapes one line of untrusted text for use inside a quoted Mermaid label. */
export function escapeMermaidText(text: string): string {
  return text.replace(CONTROL, ' ').replace(SPECIAL, (ch) => ENTITY[ch]);
}

/** Shortens very long names for display (the full text stays available in the details pane). */
export function truncateText(text: string, max: number): string {
  const chars = Array.from(text); // by code point, so an emoji is never cut in half
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…';
}

// Delimiter sniffing: the candidate that splits the header and the following lines into the same
// number of fields (outside quotes) wins; among those, the one giving the most fields, then the
// order of SNIFF_DELIMITERS. Without a consistent candidate, the one most frequent on the header
// line, so that the parse then reports the first line that disagrees; with none at all, a comma
// (a one-column file).
import { SNIFF_DELIMITERS } from './options';

/** How many leading bytes the reader collects before sniffing. */
export const SAMPLE_BYTES = 64 * 1024;
const MAX_LINES = 50;

/** @param whole whether `sample` is the entire input (so its last line is complete). */
export function sniffDelimiter(sample: Uint8Array, whole: boolean): string {
  const candidates = SNIFF_DELIMITERS.map((d) => d.charCodeAt(0));
  const lines: number[][] = [];
  let counts = candidates.map(() => 0);
  let inQuotes = false;
  const endLine = (): void => {
    if (counts.some((c) => c > 0)) lines.push(counts);
    counts = candidates.map(() => 0);
  };
  for (let i = 0; i < sample.length && lines.length < MAX_LINES; i++) {
    const b = sample[i];
    if (b === 0x22) inQuotes = !inQuotes;
    else if (inQuotes) continue;
    else if (b === 0x0a || b === 0x0d) endLine();
    else {
      const k = candidates.indexOf(b);
      if (k >= 0) counts[k]++;
    }
  }
  // A last line cut off by the end of the sample is evidence only when nothing else is.
  if (whole || lines.length === 0) endLine();
  if (lines.length === 0) return ',';
  const header = lines[0];
  let best = -1;
  let bestConsistent = false;
  candidates.forEach((_, k) => {
    if (header[k] === 0) return;
    const consistent = lines.every((line) => line[k] === header[k]);
    if (best < 0 || (consistent && !bestConsistent) || (consistent === bestConsistent && header[k] > header[best])) {
      best = k;
      bestConsistent = consistent;
    }
  });
  return best < 0 ? ',' : SNIFF_DELIMITERS[best];
}

// Strict UTF-8 decoding of a field: a file in another encoding fails loudly instead of turning
// into replacement characters that would silently merge distinct categories.
import { FieldProblem } from './field-problem';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return decoder.decode(bytes);
  } catch {
    throw new FieldProblem('bad-encoding', 'text is not valid UTF-8 (save the file as UTF-8)');
  }
}

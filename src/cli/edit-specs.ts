// The edit flags of `edit` (docs/cli.md): `--split NODE:COL<=T`, `--split 'NODE:COL in a,b'`,
// `--snip NODE`, `--restore NODE`, `--grow NODE`, repeatable and applied in the order written —
// so they are taken out of argv here, before the one-value-per-flag parser sees the rest.
import { InputError } from '../engine/errors';
import type { ModelSplit, TreeEdit, TreeModel } from '../engine/model';

export const EDIT_FLAGS = ['split', 'snip', 'restore', 'grow'] as const;
type EditFlag = (typeof EDIT_FLAGS)[number];

function nodeId(flag: EditFlag, text: string): number {
  const id = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(id) || id < 0) throw new InputError('bad-option', `--${flag} needs a node id (an integer ≥ 0), got "${text}"`);
  return id;
}

/** `COL<=T`, `COL in a,b` (the categories not listed form the other branch) or `COL` (ID3/C4.5: a branch per category) at a node. */
function parseSplit(text: string, model: TreeModel): { node: number; split: ModelSplit } {
  const colon = text.indexOf(':');
  const bad = () => new InputError('bad-option', `--split expects NODE:COL<=T, "NODE:COL in a,b" or NODE:COL, got "${text}"`);
  if (colon < 0) throw bad();
  const node = nodeId('split', text.slice(0, colon));
  const rest = text.slice(colon + 1);
  const le = rest.indexOf('<=');
  if (le >= 0) {
    const raw = rest.slice(le + 2).trim();
    const threshold = raw.toLowerCase() === 'inf' ? Infinity : Number(raw);
    if (raw === '' || Number.isNaN(threshold)) throw new InputError('bad-option', `--split ${text}: the threshold "${raw}" is not a number`);
    return { node, split: { feature: rest.slice(0, le).trim(), kind: 'numeric', threshold } };
  }
  const match = /^(.*?)\s+in\s+(.*)$/.exec(rest);
  // A bare column name: a branch per category; a name that is no feature goes on to be refused by name (the target, an ignored column…).
  if (match === null && /^\S+$/.test(rest.trim())) {
    const every = model.features.find((f) => f.name === rest.trim())?.categories ?? [];
    return { node, split: { feature: rest.trim(), kind: 'categorical', branches: every.map((c) => [c]) } };
  }
  if (match === null) throw bad();
  const feature = match[1].trim();
  const left = match[2].split(',').map((s) => s.trim()).filter((s) => s !== '');
  const categories = model.features.find((f) => f.name === feature)?.categories ?? [];
  return { node, split: { feature, kind: 'categorical', branches: [left, categories.filter((c) => !left.includes(c))] } };
}

/** The edits of argv in order, and argv without them. */
export function takeEdits(argv: readonly string[]): { specs: Array<{ flag: EditFlag; value: string }>; rest: string[] } {
  const specs: Array<{ flag: EditFlag; value: string }> = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') ? arg.slice(2, eq < 0 ? undefined : eq) : '';
    const flag = EDIT_FLAGS.find((f) => f === name);
    if (flag === undefined) {
      rest.push(arg);
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new InputError('bad-option', `option --${flag} needs a value`);
    specs.push({ flag, value });
  }
  return { specs, rest };
}

export function editOf(spec: { flag: EditFlag; value: string }, model: TreeModel): TreeEdit {
  if (spec.flag === 'split') return { op: 'split', ...parseSplit(spec.value, model) };
  return { op: spec.flag, node: nodeId(spec.flag, spec.value) };
}

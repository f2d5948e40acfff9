// `edit --model M.json <csv> [--split NODE:COL<=T | --split 'NODE:COL in a,b' | --snip NODE |
// --restore NODE | --grow NODE]... [--out M2.json]`: steers a saved tree (docs/cli.md "Editing a tree") on the rows it
// was trained on, edits applied in the order written; writes the edited model JSON (it records
// every edit) to --out or stdout, and a line per edit to stderr. Nothing is written on bad input.
import { applyEdit } from '../engine/edit/apply';
import { InputError } from '../engine/errors';
import type { TreeEdit, TreeModel } from '../engine/model';
import { formatNumber } from '../engine/number-text';
import { serializeModel } from '../engine/tree/model-json';
import { modelFileChunks } from '../engine/forest/tree-model-file';
import { writeChunks } from './write-chunks';
import { parseArgs, requiredFlag, stringFlag } from './args';
import { DATA_OPTIONS, loadDataFile } from './data-flags';
import { editOf, takeEdits } from './edit-specs';
import { usageError } from './help';
import type { CliCommand, OptionTable } from './options';
import { loadTreeModel } from './predict';

const OPTIONS: OptionTable = [
  { name: 'model', value: 'model.json', meaning: 'the model JSON to edit (required)' },
  { name: 'split', value: 'NODE:COL<=T', meaning: "replace the node's split (or 'NODE:COL in a,b': those categories left, the others right); the subtree regrows with the model's settings" },
  { name: 'snip', value: 'NODE', meaning: 'make the node a leaf, keeping its subtree to restore' },
  { name: 'restore', value: 'NODE', meaning: "put a snipped node's subtree back" },
  { name: 'grow', value: 'NODE', meaning: 'grow a leaf one level with its best split' },
  { name: 'out', value: 'FILE', default: 'stdout', meaning: 'where to write the edited model JSON' },
  ...DATA_OPTIONS,
];

export const editCommand: CliCommand = {
  name: 'edit',
  summary: 'steer a saved tree: choose a split, snip, restore or grow nodes (in the order given)',
  usage: '--model model.json <csv> (--split S | --snip N | --restore N | --grow N)... [options]',
  options: OPTIONS,
  example: "--model model.json iris.csv --split '2:sepal_width_cm<=3' --snip 5 --out edited.json",
  run: edit,
};

function describe(edit: TreeEdit): string {
  if (edit.op !== 'split') return `${edit.op} node ${edit.node}`;
  const s = edit.split;
  const question = s.kind === 'numeric' ? `<= ${formatNumber(s.threshold)}` : s.branches.length === 2 ? `in {${s.branches[0].join(', ')}}` : s.branches.length === 0 ? 'by its categories' : `by ${s.branches.map((b) => `{${b.join(', ')}}`).join(' | ')}`;
  return `split node ${edit.node} on ${s.feature} ${question}`;
}

async function edit(argv: string[]): Promise<void> {
  const { specs, rest } = takeEdits(argv);
  const args = parseArgs(rest, OPTIONS);
  if (args.positional.length !== 1) throw usageError(editCommand);
  if (specs.length === 0) throw new InputError('bad-option', 'no edit given: use --split, --snip, --restore or --grow');
  const grown = await loadTreeModel(requiredFlag(args, 'model'));
  const dataset = await loadDataFile(args.positional[0], args);
  let model: TreeModel = grown;
  const lines: string[] = [];
  specs.forEach((spec, i) => {
    const e = editOf(spec, model);
    try {
      model = applyEdit(dataset, model, e);
    } catch (err) {
      if (err instanceof InputError) throw new InputError(err.code, `edit ${i + 1} (${describe(e)}): ${err.message}`);
      throw err;
    }
    lines.push(`edit ${i + 1}: ${describe(e)}: ${model.nodes.length} nodes\n`);
  });
  const out = stringFlag(args, 'out');
  if (out === undefined) process.stdout.write(serializeModel(model));
  else await writeChunks(out, modelFileChunks(model));
  process.stderr.write(lines.join('') + (out === undefined ? '' : `wrote ${out}: ${model.edits?.length ?? 0} edits in all\n`));
}

// The forest view's parts for a model trained elsewhere (README "Open a model trained elsewhere"):
// its Summary (what the model is, how its trees add up to a prediction, what binding to the CSV
// decided), the picker's rows, its Importances (gain, split counts, cover, as the library reports
// them), a row's per-tree contributions stated plainly, and the metrics on the chosen CSV.
import type { EnsembleImportance } from '../../src/engine/import/importances';
import type { EnsembleReport, EnsembleTreeSummary } from '../../src/shared/ensemble-transfer';
import type { ForestRow } from '../../src/shared/forest-protocol';
import { el, replaceChildren } from '../dom';
import { section as metricsSection } from '../metrics-view';
import { dropdown } from '../toolkit';
import { bars } from './forest-importances';
import type { PickerTree } from './tree-picker';
import { figure, t } from '../l10n';

export type EnsembleMeasure = 'gain' | 'splits' | 'cover';

function stat(label: string, value: string): HTMLElement {
  return el('div', { class: 'stat' }, el('span', { class: 'stat-label' }, label), el('span', { class: 'stat-value' }, value));
}

/** JSON carries NaN (a gain the file does not store) as null. */
const stored = (x: number | null): x is number => x !== null && !Number.isNaN(x);

/** The output a tree adds to, by its class name when it has one. */
function outputName(report: EnsembleReport, output: number | null): string {
  if (output === null) return 'every class';
  return report.classes?.[output] ?? String(output);
}

/** "sum of 100 trees' leaf values, then the logistic function …", as a sentence. */
const linkSentence = (report: EnsembleReport): string => `Prediction: ${report.link}.`;

export function renderEnsembleSummary(container: HTMLElement, report: EnsembleReport): void {
  const classes = report.classes;
  const data = report.data;
  replaceChildren(
    container,
    el(
      'div',
      { class: 'stats forest-stats' },
      stat(t('trees'), String(report.trees.length)),
      stat(t('library'), report.library),
      stat(t('task'), report.task === 'classification' ? t('{0} classes', classes?.length ?? report.outputs) : t('regression')),
      stat(t('features'), String(report.features.length)),
      data && stat(t('rows'), t('{0} of {1}', data.rows, data.fileName)),
    ),
    el('p', { class: 'ensemble-description' }, report.description),
    el('p', { class: 'ensemble-link' }, linkSentence(report)),
    // Classes named from the CSV's target are listed by the binding's note below.
    classes && report.classNames !== 'target values' && el('p', { class: 'muted' }, t`Classes: ${classes.map((c, k) => `${k} = ${c}`).join(', ')}${report.classNames === 'indices' ? t(' (the model stores indices)') : ''}.`),
    ...report.notes.map((n) => el('p', { class: 'muted ensemble-note' }, n)),
    el(
      'p',
      { class: 'muted forest-how' },
      t('Read-only: each tree is drawn as its library stored it — a node’s cover (XGBoost: the sum of hessians; LightGBM: rows; ONNX: not stored), each split’s gain, a leaf’s value (the raw score it adds). '),
      data === null ? t('Choose a CSV (run Open Tree Model… again) to see a row’s path, what each tree adds to it, and the metrics.') : t('Pick a tree, then give a row number and Show path for the row’s path and what each tree adds to its score.'),
    ),
  );
}

/** The picker's score column: the class a tree adds to (several outputs), else the sum of its gains. */
export function ensemblePicker(report: EnsembleReport): { heading: string; trees: PickerTree[] } {
  const byClass = report.outputs > 1;
  const row = (tree: EnsembleTreeSummary): PickerTree => ({
    index: tree.index,
    depth: tree.depth,
    leaves: tree.leaves,
    score: byClass ? tree.output : stored(tree.gain) ? tree.gain : null,
    scoreText: byClass ? outputName(report, tree.output) : stored(tree.gain) ? figure(tree.gain, 4) : '—',
    title:
      tree.output === null
        ? t('Open tree {0} ({1} nodes)', tree.index + 1, tree.nodes)
        : byClass
          ? t('Open tree {0} ({1} nodes, adds to class {2})', tree.index + 1, tree.nodes, outputName(report, tree.output))
          : t('Open tree {0} ({1} nodes, adds to the score)', tree.index + 1, tree.nodes),
  });
  return { heading: byClass ? t('class') : t('gain'), trees: report.trees.map(row) };
}

/** "Tree 3 of 100 · adds to class setosa · depth 6, 32 leaves". */
export function ensembleTreeHeading(report: EnsembleReport, index: number): string {
  const tree = report.trees[index];
  if (tree === undefined) return t('Tree {0}', index + 1);
  const adds = report.outputs > 1 ? t(' · adds to class {0}', outputName(report, tree.output)) : '';
  return t('Tree {0} of {1}{2} · depth {3}, {4} leaves', index + 1, report.trees.length, adds, tree.depth, tree.leaves);
}

const MEASURES: { value: EnsembleMeasure; label: string; note: string }[] = [
  { value: 'gain', label: t('Total gain'), note: t('The sum of the gains (loss reductions) of every split on the feature, over all trees (XGBoost’s total_gain, LightGBM’s gain).') },
  { value: 'splits', label: t('Split count'), note: t('How many splits use the feature, over all trees (XGBoost’s weight, LightGBM’s split).') },
  { value: 'cover', label: t('Total cover'), note: t('The sum of the covers of the splits on the feature (XGBoost’s total_cover; LightGBM: rows).') },
];

export function renderEnsembleImportances(container: HTMLElement, importances: readonly EnsembleImportance[], measure: EnsembleMeasure, onMeasure: (m: EnsembleMeasure) => void): void {
  // A feature never split on has a gain of 0 whatever the file stores: only a split's gain tells.
  const hasGain = importances.some((f) => f.splits > 0 && stored(f.gain));
  const options = MEASURES.filter((m) => m.value !== 'gain' || hasGain);
  const chosen = options.find((m) => m.value === measure) ?? options.find((m) => m.value === 'splits') ?? options[0];
  const value = (f: EnsembleImportance) => (chosen.value === 'gain' ? (stored(f.gain) ? f.gain : 0) : chosen.value === 'splits' ? f.splits : f.cover);
  const list = [...importances].sort((a, b) => value(b) - value(a)).map((f) => ({ feature: f.feature, mean: value(f), std: 0 }));
  const picker = dropdown(t('Measure'), options.map(({ value: v, label }) => ({ value: v, label })), chosen.value, onMeasure);
  replaceChildren(
    container,
    el('div', { class: 'toolbar' }, picker.element),
    el('p', { class: 'muted' }, chosen.note, hasGain ? '' : t(' The file stores no gains (ONNX).')),
    bars(list, (f) => (chosen.value === 'splits' ? String(f.mean) : figure(f.mean, 4))),
  );
}

const TOP_TREES = 8;
const shown = (v: string | number | null) => (v === null ? 'missing' : typeof v === 'number' ? figure(v, 6) : v);
const valueText = (v: number | number[]) => (Array.isArray(v) ? `[${v.map((x) => figure(x, 4)).join(', ')}]` : figure(v, 4));

/** A row through the whole model: its prediction, how the trees' leaf values add up to it, and the largest of them. */
export function renderContributions(container: HTMLElement, report: EnsembleReport, row: ForestRow | null): void {
  const c = row?.contributions;
  if (row === null || c === undefined) {
    replaceChildren(container);
    return;
  }
  const verdict = row.actual === null ? '' : String(row.actual) === String(row.prediction) ? ' ✓' : ' ✗';
  const mine = c.trees[row.index];
  const head = el(
    'p',
    { class: 'votes-head' },
    t`Row ${row.row + 1}: the model predicts ${shown(row.prediction)}${row.actual === null && report.data?.target == null ? '' : `, actual ${shown(row.actual)}${verdict}`}; tree ${row.index + 1} adds ${mine === undefined ? '?' : valueText(mine.value)} (${report.library}’s leaf ${mine?.leaf ?? '?'}).`,
  );
  const scores = c.margins.map((m, k) => (c.margins.length > 1 ? `${outputName(report, k)} ${figure(m, 6)}` : figure(m, 6))).join(', ');
  const probabilities = c.probabilities === null ? '' : `; probabilities ${c.probabilities.map((p, k) => `${report.classes?.[k] ?? k} ${figure(p, 4)}`).join(', ')}`;
  const how = el('p', { class: 'contributions-how' }, t`How: ${report.link}. Raw score ${scores}${probabilities}.`);
  const magnitude = (v: number | number[]) => (Array.isArray(v) ? Math.max(...v.map(Math.abs)) : Math.abs(v));
  const top = [...c.trees].sort((a, b) => magnitude(b.value) - magnitude(a.value) || a.tree - b.tree).slice(0, TOP_TREES);
  const items = top.map((tree) =>
    el(
      'li',
      { class: tree.tree === row.index ? 'contribution chosen' : 'contribution' },
      t`tree ${tree.tree + 1}${report.outputs > 1 && tree.output !== null ? ` (${outputName(report, tree.output)})` : ''}: ${valueText(tree.value)}`,
    ),
  );
  const rest = c.trees.length - top.length;
  // Folded, the sum's arithmetic with them: beside a CSV the tree below needs the height.
  replaceChildren(
    container,
    head,
    el(
      'details',
      { class: 'contributions-top' },
      el('summary', { title: t`The sum's arithmetic, and the ${top.length} largest of the ${c.trees.length} trees' leaf values for this row${rest > 0 ? t(' ({0} more not listed)', rest) : ''}` }, t`How they add up (the ${top.length} largest of ${c.trees.length} trees)`),
      how,
      el('ul', { class: 'contributions', 'aria-label': t('Largest leaf values for this row') }, ...items),
    ),
  );
}

export function renderEnsembleMetrics(container: HTMLElement, report: EnsembleReport): void {
  const data = report.data;
  if (data === null || data.metrics === null) {
    replaceChildren(container, el('p', { class: 'metrics-what' }, data === null ? t('No CSV chosen: run Open Tree Model… again and choose one with the target column to measure the model.') : t`${data.fileName} has no target column for this model: nothing to measure against.`));
    return;
  }
  replaceChildren(
    container,
    el('p', { class: 'metrics-what' }, t`Every row of ${data.fileName} (${data.rows}) predicted by the model as its library would, against “${data.target ?? ''}” (as the CLI’s evaluate --model).`),
    metricsSection(t('Predictions on {0}', data.fileName), data.metrics),
  );
}

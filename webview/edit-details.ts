// The node details' "Change this node" section (docs/formulas.md "Edited trees"): replace the split by a ranked
// alternative (its Preview button in the alternatives table), by a threshold the user types or a
// category set the user ticks; snip a subtree, restore one, grow a leaf one level. Each edit is
// previewed first — scores and size of the whole tree before and after, from the worker — then
// applied; the host refuses what the tree cannot take and the panel says why.
import type { ModelNode, ModelSplit, TreeEdit, TreeModel } from '../src/engine/model';
import type { EditPreview } from '../src/shared/worker-messages';
import { SETTINGS_VS_STRUCTURE, scoreExplained, scoreName, scoreValue } from '../src/shared/render/score-names';
import { conditionText } from '../src/shared/render/tree-labels';
import { el } from './dom';
import { button, checkbox, dropdown, numberField } from './toolkit';
import { labelNumber, t } from './l10n';

/** The edit being previewed, and what the worker said of it so far. */
export type PendingEdit = { edit: TreeEdit; state: { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; preview: EditPreview } };

export interface EditActions {
  preview(edit: TreeEdit): void;
  apply(edit: TreeEdit): void;
  cancel(): void;
  /** A split the user typed or ticked is not one the panel can send. */
  invalid(message: string): void;
}

function describe(model: TreeModel, edit: TreeEdit): string {
  const split = edit.op === 'split' ? conditionText(edit.split, model.features.find((f) => f.name === edit.split.feature), labelNumber) : '';
  return {
    split: () => t('Split node {0} by {1}', edit.node, split),
    snip: () => t('Snip the subtree under node {0}', edit.node),
    restore: () => t('Restore the subtree of node {0}', edit.node),
    grow: () => t('Grow leaf {0} one level', edit.node),
  }[edit.op]();
}

function previewTable(model: TreeModel, p: EditPreview): HTMLElement {
  const name = model.task === 'classification' ? 'accuracy' : 'r2';
  const score = (x: number | null) => (x === null ? '—' : scoreValue(name, x));
  const at = { folds: p.folds };
  const rows: [string, string, string, string?][] = [
    [scoreName('training', name), score(p.before.trainingScore), score(p.after.trainingScore), scoreExplained('training')],
    [scoreName('cvStructure', name, at), score(p.before.cvScore), score(p.after.cvScore), scoreExplained('cvStructure', at)],
    ['nodes', String(p.before.nodes), String(p.after.nodes)],
    ['leaves', String(p.before.leaves), String(p.after.leaves)],
    ['depth', String(p.before.depth), String(p.after.depth)],
  ];
  return el(
    'div',
    {},
    el(
      'table',
      { class: 'edit-preview', 'aria-label': t('The whole tree before and after the edit') },
      el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', {}, t('now')), el('th', {}, t('after')))),
      el(
        'tbody',
        {},
        ...rows.map(([label, a, b, title]) =>
          el('tr', { class: a === b ? undefined : 'differs' }, el('th', { scope: 'row', title }, label), el('td', { class: 'num' }, a), el('td', { class: 'num' }, b)),
        ),
      ),
    ),
    // The Metrics tab's CV is of the settings: say why this one differs from it.
    el('p', { class: 'muted score-why' }, SETTINGS_VS_STRUCTURE),
  );
}

function pendingBox(model: TreeModel, pending: PendingEdit, actions: EditActions): HTMLElement {
  const s = pending.state;
  return el(
    'div',
    { class: 'edit-pending', role: 'group', 'aria-label': t('Edit preview') },
    el('p', {}, describe(model, pending.edit)),
    s.kind === 'loading' ? el('p', { class: 'muted' }, t('Regrowing in the worker…')) : s.kind === 'failed' ? el('p', { class: 'error' }, s.message) : previewTable(model, s.preview),
    el('div', { class: 'actions' }, s.kind === 'ready' && button(t('Apply'), () => actions.apply(pending.edit), { primary: true, title: t('Change the tree (Ctrl+Z undoes)') }), button(t('Cancel'), () => actions.cancel())),
  );
}

/** The form for a split of the user's own: a feature, then its threshold or the categories that go left. */
function customSplit(model: TreeModel, node: ModelNode, actions: EditActions): HTMLElement {
  const features = model.features;
  const start = node.split?.feature ?? features[0]?.name ?? '';
  const box = el('div', { class: 'custom-split' });
  const draw = (name: string) => {
    const feature = features.find((f) => f.name === name);
    const pick = dropdown(t('Feature'), features.map((f) => ({ value: f.name, label: f.name })), name, (v) => draw(v));
    if (!feature) return box.replaceChildren(pick.element);
    let read: () => ModelSplit | string;
    let input: HTMLElement;
    if (feature.categories === undefined) {
      const current = node.split?.kind === 'numeric' && node.split.feature === name ? node.split.threshold : 0;
      const field = numberField(t('Threshold (≤ goes left)'), Number.isFinite(current) ? current : 0, { min: -Infinity }, () => undefined);
      input = field.element;
      read = () => (Number.isFinite(field.get()) ? { feature: name, kind: 'numeric', threshold: field.get() } : t('The threshold must be a number.'));
    } else {
      const ticks = feature.categories.map((c) => ({ c, box: checkbox(c, false, () => undefined) }));
      input = el('div', { class: 'category-ticks', role: 'group', 'aria-label': t('Categories that go left') }, ...ticks.map((tick) => tick.box.element));
      read = () => {
        const left = ticks.filter((tick) => tick.box.get()).map((tick) => tick.c);
        const right = ticks.filter((tick) => !tick.box.get()).map((tick) => tick.c);
        return left.length === 0 || right.length === 0 ? t('Tick the categories that go left: at least one, and not all of them.') : { feature: name, kind: 'categorical', branches: [left, right] };
      };
    }
    box.replaceChildren(
      pick.element,
      input,
      button(t('Preview'), () => {
        const split = read();
        if (typeof split === 'string') actions.invalid(split);
        else actions.preview({ op: 'split', node: node.id, split });
      }, { title: t('See what this split does to the whole tree before applying it') }),
    );
  };
  draw(start);
  return box;
}

/** The section under a node's details: what the user can change there. */
export function editSection(model: TreeModel, node: ModelNode, restorable: boolean, pending: PendingEdit | null, actions: EditActions): HTMLElement {
  const preview = (edit: TreeEdit) => () => actions.preview(edit);
  const leaf = node.children.length === 0;
  return el(
    'section',
    { class: 'edit-node', 'aria-label': t('Change this node') },
    el('h4', {}, t('Change this node')),
    pending && pending.edit.node === node.id ? pendingBox(model, pending, actions) : null,
    el(
      'div',
      { class: 'actions' },
      !leaf && button(t('Snip subtree'), preview({ op: 'snip', node: node.id }), { title: t('Make this node a leaf (its subtree is kept to restore)') }),
      leaf && restorable && button(t('Restore subtree'), preview({ op: 'restore', node: node.id }), { title: t('Put back the subtree snipped here') }),
      leaf && !restorable && button(t('Grow this leaf'), preview({ op: 'grow', node: node.id }), { title: t('Split this leaf once with its best split') }),
    ),
    el('p', { class: 'muted' }, leaf ? t('Or split this leaf by a question of your own:') : t('Or ask another question here (the subtree regrows under it with the current settings):')),
    customSplit(model, node, actions),
  );
}

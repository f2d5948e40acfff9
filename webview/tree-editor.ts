// The panel's side of steering the tree (docs/formulas.md "Edited trees"): the "edited · N" badge with Undo, Redo and
// "Reset to grown tree" (also Ctrl+Z / Ctrl+Shift+Z), and the edit being previewed in a node's
// details. The edit list itself lives in the host; the webview keeps the last one it was shown in
// its saved state, and after a reload sends it back for the host to apply again.
import type { ModelNode, ModelSplit, TreeEdit, TreeModel } from '../src/engine/model';
import type { EditState, FromWebview } from '../src/shared/protocol';
import type { EditPreview } from '../src/shared/worker-messages';
import { el, replaceChildren } from './dom';
import { editSection, type PendingEdit } from './edit-details';
import { button } from './toolkit';
import { t } from './l10n';

export interface EditorEvents {
  preview(edit: TreeEdit): Promise<EditPreview>;
  post(message: FromWebview): void;
  /** The details need drawing again (a preview arrived, or was dropped). */
  changed(): void;
  busy(text: string): void;
  failed(message: string): void;
}

export const NO_EDITS: EditState = { applied: [], redo: [], restorable: [] };

export class TreeEditor {
  readonly bar = el('div', { class: 'edit-bar', role: 'toolbar', 'aria-label': t('Edits') });
  private pending: PendingEdit | null = null;
  private edits: EditState = NO_EDITS;

  constructor(private readonly events: EditorEvents) {
    document.addEventListener('keydown', (e) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z' || e.altKey) return;
      // Text fields keep their own undo.
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, vscode-text-field')) return;
      e.preventDefault();
      this.step(e.shiftKey ? 'redoEdit' : 'undoEdit');
    });
    this.render();
  }

  /** The edits behind the tree now shown. */
  show(edits: EditState): void {
    this.edits = edits;
    this.pending = null;
    this.render();
  }

  get state(): EditState {
    return this.edits;
  }

  private step(type: 'undoEdit' | 'redoEdit' | 'resetEdits'): void {
    const { applied, redo } = this.edits;
    const pending = type === 'undoEdit' ? applied : type === 'redoEdit' ? redo : [...applied, ...redo];
    if (pending.length === 0) return;
    this.events.busy(type === 'undoEdit' ? t('Undoing the last edit…') : type === 'redoEdit' ? t('Redoing…') : t('Back to the grown tree…'));
    this.events.post({ type });
  }

  private render(): void {
    const { applied, redo } = this.edits;
    this.bar.hidden = applied.length + redo.length === 0;
    // No buttons until there is an edit: with hidden toolkit buttons in the header, Playwright never saw the
    // Tree tab's "Show all N nodes" button settle (webview check).
    if (this.bar.hidden) return replaceChildren(this.bar);
    const undo = button(t('Undo'), () => this.step('undoEdit'), { title: t('Undo the last edit (Ctrl+Z)') });
    const again = button(t('Redo'), () => this.step('redoEdit'), { title: t('Redo the edit undone last (Ctrl+Shift+Z)') });
    undo.toggleAttribute('disabled', applied.length === 0);
    again.toggleAttribute('disabled', redo.length === 0);
    replaceChildren(
      this.bar,
      el('span', { class: 'edited-badge', title: t('The tree shown is the grown tree with your edits') }, t`edited · ${applied.length}`),
      undo,
      again,
      button(t('Reset to grown tree'), () => this.step('resetEdits'), { title: t('Drop every edit') }),
    );
  }

  previewSplit(nodeId: number, split: ModelSplit): void {
    this.preview({ op: 'split', node: nodeId, split });
  }

  private preview(edit: TreeEdit): void {
    const pending: PendingEdit = { edit, state: { kind: 'loading' } };
    this.pending = pending;
    this.events.changed();
    this.events.preview(edit).then(
      (preview) => (pending.state = { kind: 'ready', preview }),
      (err: Error) => (pending.state = { kind: 'failed', message: err.message }),
    ).finally(() => {
      if (this.pending === pending) this.events.changed();
    });
  }

  /** The "Change this node" section of the node's details. */
  section(model: TreeModel, node: ModelNode): HTMLElement {
    return editSection(model, node, this.edits.restorable.includes(node.id), this.pending, {
      preview: (edit) => this.preview(edit),
      apply: (edit) => {
        this.pending = null;
        this.events.busy(t('Applying the edit…'));
        this.events.post({ type: 'applyEdit', edit });
      },
      cancel: () => {
        this.pending = null;
        this.events.changed();
      },
      invalid: (message) => this.events.failed(message),
    });
  }
}

// Every use of @vscode/webview-ui-toolkit lives here (it is archived upstream): the rest of the
// webview asks for "a button" or "a dropdown", so swapping in @vscode-elements/elements means
// rewriting this one file.
import { el } from './dom';
import { t } from './l10n';

/**
 * Defines the custom elements. The toolkit ships only as an ES module and the project's
 * type-check treats webview files as CommonJS, so it is loaded with import(), which esbuild
 * inlines into the webview bundle. Elements created earlier upgrade once defined.
 */
export async function registerToolkit(): Promise<void> {
  const {
    provideVSCodeDesignSystem,
    vsCodeButton,
    vsCodeCheckbox,
    vsCodeDropdown,
    vsCodeOption,
    vsCodePanels,
    vsCodePanelTab,
    vsCodePanelView,
    vsCodeTextField,
  } = await import('@vscode/webview-ui-toolkit');
  provideVSCodeDesignSystem().register(
    vsCodeButton(),
    vsCodeCheckbox(),
    vsCodeDropdown(),
    vsCodeOption(),
    vsCodePanels(),
    vsCodePanelTab(),
    vsCodePanelView(),
    vsCodeTextField(),
  );
}

/** A control whose value the caller can read back and set, and that can be disabled. */
export interface Control<T> {
  element: HTMLElement;
  get(): T;
  set(value: T): void;
  setDisabled(disabled: boolean): void;
}

function disabler(element: HTMLElement): (disabled: boolean) => void {
  return (disabled) => element.toggleAttribute('disabled', disabled);
}

export function button(label: string, onClick: () => void, options: { primary?: boolean; title?: string } = {}): HTMLElement {
  const b = el('vscode-button' as 'button', { appearance: options.primary ? 'primary' : 'secondary', title: options.title }, label);
  b.addEventListener('click', onClick);
  return b;
}

export function dropdown<T extends string>(label: string, options: readonly { value: T; label: string }[], value: T, onChange: (value: T) => void): Control<T> {
  const select = el('vscode-dropdown' as 'select', { 'aria-label': label });
  for (const o of options) select.appendChild(el('vscode-option' as 'option', { value: o.value, selected: o.value === value }, o.label));
  select.addEventListener('change', () => onChange(select.value as T));
  const wrapper = el('label', { class: 'control' }, el('span', {}, label), select);
  return {
    element: wrapper,
    get: () => select.value as T,
    set: (v) => {
      select.value = v;
    },
    setDisabled: disabler(select),
  };
}

export function numberField(label: string, value: number, limits: { min: number; max?: number }, onChange: (value: number) => void): Control<number> {
  return textNumberField(label, value, limits, Number, onChange);
}

/** A number field for a limit: empty means none (null), the one spelling of "unlimited". */
export function limitField(label: string, value: number | null, limits: { min: number; max?: number }, onChange: (value: number | null) => void): Control<number | null> {
  return textNumberField(label, value, limits, (text) => (text.trim() === '' ? null : Number(text)), onChange);
}

function textNumberField<T extends number | null>(label: string, value: T, limits: { min: number; max?: number }, parse: (text: string) => T, onChange: (value: T) => void): Control<T> {
  const shown = (v: T): string => (v === null ? '' : String(v));
  // The toolkit's text field shows its text content as the label and names itself after it.
  const field = el('vscode-text-field' as 'input', { type: 'number', value: shown(value), min: limits.min, max: limits.max, size: 6 }, label);
  const read = () => parse(field.value);
  field.addEventListener('change', () => onChange(read()));
  return {
    element: el('div', { class: 'control' }, field),
    get: read,
    set: (v) => {
      field.value = shown(v);
    },
    setDisabled: disabler(field),
  };
}

/** A text field whose Enter runs `onEnter` with its text (a search box). */
export function searchField(label: string, placeholder: string, onEnter: (text: string) => void): Control<string> {
  const field = el('vscode-text-field' as 'input', { placeholder, size: 10 }, label);
  field.addEventListener('keydown', (e) => {
    if ((e as KeyboardEvent).key === 'Enter') onEnter(field.value);
  });
  return {
    element: el('div', { class: 'control' }, field),
    get: () => field.value,
    set: (v) => {
      field.value = v;
    },
    setDisabled: disabler(field),
  };
}

export function checkbox(label: string, checked: boolean, onChange: (checked: boolean) => void): Control<boolean> {
  const box = el('vscode-checkbox' as 'input', { checked }, label);
  box.addEventListener('change', () => onChange(box.checked));
  return {
    element: box,
    get: () => box.checked,
    set: (v) => {
      box.checked = v;
    },
    setDisabled: disabler(box),
  };
}

export interface Tab {
  id: string;
  label: string;
  panel: HTMLElement;
}

/** Tabs with arrow-key navigation; `onChange` gets the id of the tab the user picked. */
export function tabs(list: readonly Tab[], active: string, onChange: (id: string) => void): { element: HTMLElement; select(id: string): void } {
  const panels = el('vscode-panels' as 'div', { activeid: `tab-${active}`, 'aria-label': t('Views') });
  for (const t of list) panels.appendChild(el('vscode-panel-tab' as 'div', { id: `tab-${t.id}` }, t.label));
  for (const t of list) panels.appendChild(el('vscode-panel-view' as 'div', { id: `view-${t.id}` }, t.panel));
  panels.addEventListener('change', (e) => {
    // Changes of controls inside the views bubble up here too; only the tab strip's own count.
    // Its attribute is updated after the event, so the tab comes from the event itself.
    if (e.target !== panels) return;
    const id = (e as CustomEvent<HTMLElement | undefined>).detail?.id;
    if (id?.startsWith('tab-')) onChange(id.slice(4));
  });
  return {
    element: panels,
    select: (id) => panels.setAttribute('activeid', `tab-${id}`),
  };
}

/** A slider over `count` steps (the toolkit has none, so this one is native, styled in panel.css). */
export function slider(label: string, count: number, index: number, onInput: (index: number) => void): Control<number> {
  const input = el('input', { type: 'range', min: 0, max: Math.max(0, count - 1), step: 1, value: index, 'aria-label': label });
  input.addEventListener('input', () => onInput(Number(input.value)));
  const wrapper = el('label', { class: 'control slider' }, el('span', {}, label), input);
  return {
    element: wrapper,
    get: () => Number(input.value),
    set: (v) => {
      input.value = String(v);
    },
    setDisabled: (d) => {
      input.disabled = d;
    },
  };
}

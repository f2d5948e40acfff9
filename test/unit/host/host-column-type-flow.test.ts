// "Set Column Type…" after the column is picked (column-type-flow.ts), with a scripted UI in place
// of vscode.window: numeric:coerce, and ordinal's order box — prefilled with the categories as
// found, refusing an order that leaves one out or lists one twice — then the reader honouring it.
// Its texts speak Italian and Finnish through the host's t() (l10n/bundle.l10n.{it,fi}.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useLanguage, type Bundle } from '../../../src/host/l10n';
import { parseCsv } from '../../../src/engine/csv/read';
import type { CategoricalColumn, NumericColumn } from '../../../src/engine/dataset';
import { chooseColumnType, type BoxMessage, type TypeFlowColumn, type TypeFlowUi } from '../../../src/host/column-type-flow';
import { checkOrder, unorderable } from '../../../src/host/ordinal-order';
import type { TypeItem } from '../../../src/host/column-type-items';
import { readerTypes, validChoice, type ColumnChoice } from '../../../src/shared/column-choice';

/** A UI that picks the item labelled `label`, then types `typed` into the box (when asked), recording what it was shown. */
function scripted(label: string, typed?: string) {
  const seen: { items?: TypeItem[]; box?: { value: string; prompt: string }; checks: Record<string, BoxMessage | undefined> } = { checks: {} };
  const ui: TypeFlowUi = {
    pick: async (items) => {
      seen.items = items;
      return items.find((i) => i.label === label);
    },
    input: async (box) => {
      seen.box = { value: box.value, prompt: box.prompt };
      for (const t of [box.value, typed ?? '']) seen.checks[t] = box.check(t);
      return typed;
    },
  };
  return { ui, seen };
}

const satisfaction = (current?: ColumnChoice): TypeFlowColumn => ({
  label: 'JobSatisfaction',
  detected: 'categorical',
  current,
  categories: async () => ['High', 'Low', 'Very_High', 'Medium'],
});

test('numeric:coerce is offered beside numeric and chosen without a box', async () => {
  const { ui, seen } = scripted('numeric:coerce');
  const answer = await chooseColumnType(ui, { label: 'height', detected: 'categorical', current: undefined, categories: async () => assert.fail('not asked') });
  assert.deepEqual(answer, { choice: { type: 'numeric', coerce: true } });
  assert.deepEqual(seen.items?.map((i) => i.label), ['Automatic', 'numeric', 'numeric:coerce', 'categorical', 'boolean', 'date', 'ordinal']);
  assert.match(seen.items?.[2].description ?? '', /not numbers .* read as missing/);
  assert.equal(seen.box, undefined);
});

test('ordinal asks the order in a box prefilled with the categories as found; the answer is the order, lowest first', async () => {
  const { ui, seen } = scripted('ordinal', 'Low, Medium,High ,Very_High');
  const answer = await chooseColumnType(ui, satisfaction());
  assert.deepEqual(answer, { choice: { type: 'ordinal', order: ['Low', 'Medium', 'High', 'Very_High'] } });
  assert.equal(seen.box?.value, 'High, Low, Very_High, Medium');
  assert.match(seen.box?.prompt ?? '', /Lowest first, separated by commas/);
  assert.equal(seen.checks['High, Low, Very_High, Medium'], undefined, 'the prefilled text is accepted as it is');
});

test('an empty box keeps the automatic order; a dismissed box or picker changes nothing', async () => {
  assert.deepEqual(await chooseColumnType(scripted('ordinal', '').ui, satisfaction()), { choice: 'ordinal' });
  assert.equal(await chooseColumnType(scripted('ordinal', undefined).ui, satisfaction()), undefined);
  assert.equal(await chooseColumnType(scripted('no such item').ui, satisfaction()), undefined);
  assert.deepEqual(await chooseColumnType(scripted('Automatic').ui, satisfaction('ordinal')), { choice: undefined });
});

test('the box refuses an order that leaves a category out, lists one twice or has an empty one, with a message saying which', async () => {
  const found = ['High', 'Low', 'Very_High', 'Medium'];
  assert.equal(checkOrder('Low,Medium,High', found).problem, 'The order leaves out "Very_High", found in the column: list every category, lowest first.');
  assert.equal(checkOrder('Low,Medium,Low,High,Very_High', found).problem, '"Low" is listed twice: give each category once.');
  assert.match(checkOrder('Low,,Medium,High,Very_High', found).problem ?? '', /empty category between two commas/);
  assert.match(checkOrder('Low', ['a', 'b', 'c', 'd', 'e', 'Low']).problem ?? '', /leaves out "a", "b", "c" and 2 more/);
  // A level this file lacks is accepted with a warning (another part of the data may hold it).
  assert.deepEqual(checkOrder('None,Low,Medium,High,Very_High', found), { order: ['None', 'Low', 'Medium', 'High', 'Very_High'], warning: '"None" is not in this file; kept in the order.' });
  const { ui, seen } = scripted('ordinal', 'Low,Medium,High');
  await assert.rejects(chooseColumnType(ui, satisfaction()), /leaves out "Very_High"/);
  assert.equal(seen.checks['Low,Medium,High']?.severity, 'error');
});

test('a current order is what the box shows, and the picker marks it', async () => {
  const current: ColumnChoice = { type: 'ordinal', order: ['Low', 'Medium', 'High', 'Very_High'] };
  const { ui, seen } = scripted('ordinal', 'Low,Medium,High,Very_High');
  await chooseColumnType(ui, satisfaction(current));
  assert.equal(seen.box?.value, 'Low, Medium, High, Very_High');
  assert.match(seen.items?.find((i) => i.label === 'ordinal')?.description ?? '', /· current: Low < Medium < High < Very_High$/);
  assert.doesNotMatch(seen.items?.find((i) => i.label === 'numeric')?.description ?? '', /current/);
});

test('categories the comma box cannot spell get the automatic order and a note, without a box', async () => {
  const { ui, seen } = scripted('ordinal', 'x');
  const answer = await chooseColumnType(ui, { label: 'size', detected: 'categorical', current: undefined, categories: async () => ['small', 'big, very'] });
  assert.equal(answer?.choice, 'ordinal');
  assert.match(answer?.note ?? '', /"big, very" holds a comma/);
  assert.equal(seen.box, undefined);
  assert.match(unorderable([' padded']) ?? '', /begins or ends with a space/);
});

test('the chosen types read the file as the CLI\'s --types would: strays missing, categories in the given order; junk state is ignored', () => {
  const csv = 'height,sat,y\n170,High,a\n5\' 4",Low,b\n181,Very_High,a\n,Medium,b\n';
  const chosen = { height: { type: 'numeric', coerce: true }, sat: { type: 'ordinal', order: ['Low', 'Medium', 'High', 'Very_High'] }, y: { type: 'bogus' } } as unknown as Record<string, ColumnChoice>;
  const options = readerTypes(chosen);
  assert.deepEqual(options, { types: { height: 'numeric', sat: 'ordinal' }, coerce: ['height'], orders: { sat: ['Low', 'Medium', 'High', 'Very_High'] } });
  const data = parseCsv(new TextEncoder().encode(csv), options);
  const height = data.columns[0] as NumericColumn;
  assert.deepEqual([...height.values].map((v) => (Number.isNaN(v) ? null : v)), [170, null, 181, null]);
  const sat = data.columns[1] as CategoricalColumn;
  assert.deepEqual(sat.categories, ['Low', 'Medium', 'High', 'Very_High']);
  assert.deepEqual([...sat.codes], [2, 0, 3, 1]);
  assert.equal(validChoice({ type: 'ordinal', order: ['a', 'a'] }), undefined);
  assert.equal(validChoice({ type: 'ordinal', order: [] }), undefined);
  assert.equal(validChoice({ type: 'numeric', coerce: 'yes' }), undefined);
  assert.equal(validChoice('date'), 'date');
});

const bundle = (language: string): Bundle => JSON.parse(readFileSync(`l10n/bundle.l10n.${language}.json`, 'utf8')) as Bundle;

test('the type list, the order box and its refusals speak Italian and Finnish', async () => {
  try {
    useLanguage('it', bundle('it'));
    let title = '';
    const { ui, seen } = scripted('ordinal', 'Low, Medium, High, High');
    const answer = chooseColumnType({ ...ui, pick: (items, t) => ((title = t), ui.pick(items, t)) }, satisfaction());
    await assert.rejects(answer, /"High" compare due volte: indica ogni categoria una sola volta\./);
    assert.equal(title, 'Albero decisionale: tipo della colonna JobSatisfaction');
    assert.equal(seen.items?.[2].description, 'numeri; i valori non numerici (5\' 4", n/a…) sono letti come mancanti, con una nota');
    assert.equal(seen.items?.[0].description, 'rilevato: categorical · attuale');
    assert.equal(checkOrder('Low, High', ['High', 'Low', 'Medium']).problem, 'L\'ordine omette "Medium", presente nella colonna: elenca tutte le categorie, dalla più bassa.');
    assert.equal(checkOrder('Low,,High', ['High', 'Low']).problem, 'Una categoria vuota tra due virgole: separa le categorie con una sola virgola.');
    useLanguage('fi', bundle('fi'));
    assert.equal(checkOrder('Low, Medium, High, Top', ['High', 'Low', 'Medium']).warning, '"Top" ei ole tässä tiedostossa; se pidetään järjestyksessä.');
    assert.equal(checkOrder('a, b, c, d, e', ['a']).warning, '"b", "c", "d" ja 1 muuta eivät ole tässä tiedostossa; ne pidetään järjestyksessä.');
    assert.match(unorderable(['1,5', '2']) ?? '', /^luokassa "1,5" on pilkku, jolla järjestyskenttä erottaa luokat; sarake luetaan järjestysasteikollisena/);
    const fi = scripted('numeric:coerce');
    await chooseColumnType(fi.ui, { label: 'height', detected: 'categorical', current: { type: 'numeric', coerce: true }, categories: async () => [] });
    assert.equal(fi.seen.items?.[2].description, 'lukuja; muut kuin luvut (5\' 4", n/a…) luetaan puuttuviksi, huomautuksen kera · nykyinen');
  } finally {
    useLanguage('en', {});
  }
});

// A split's threshold (or a row's value) as people read it, by the feature's type: a number, an
// ISO 8601 date (dates.ts), or an ordinal column's category. An ordinal threshold t between codes
// reads as the category of code ⌊t⌋: codes are whole, so `x ≤ t` is exactly `x ≤ ⌊t⌋`
// ("size ≤ M", "size > M"). Used by every display of a tree: labels, rules, text, hovers, splits.
import { formatDate } from './dates';
import type { ModelFeature, TreeModel } from './model';
import { formatNumber } from './number-text';

export interface FeatureKind {
  readonly type: ModelFeature['type'];
  readonly categories?: readonly string[];
}

export function valueText(feature: FeatureKind | undefined, v: number, number: (x: number) => string = formatNumber): string {
  if (feature === undefined || !Number.isFinite(v)) return number(v);
  if (feature.type === 'date') return formatDate(v);
  if (feature.type === 'ordinal') return feature.categories?.[Math.floor(v)] ?? number(v);
  return number(v);
}

const lookups = new WeakMap<readonly ModelFeature[], Map<string, ModelFeature>>();

/** The model's feature named `name` (a map built once per features list). */
export function featureOf(model: Pick<TreeModel, 'features'>, name: string): ModelFeature | undefined {
  let byName = lookups.get(model.features);
  if (byName === undefined) lookups.set(model.features, (byName = new Map(model.features.map((f) => [f.name, f]))));
  return byName.get(name);
}

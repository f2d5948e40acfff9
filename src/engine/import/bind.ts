// An imported ensemble bound to a CSV (docs/model-format.md "Models trained elsewhere"): features
// named by the file checked against the header, or named by position from it; XGBoost's and
// LightGBM's class indices named by the target's sorted distinct values (scikit-learn's
// LabelEncoder order); XGBoost's unnamed category codes named by the column's sorted distinct
// values (pandas' order). A model that names its target (our Dask job's) takes the CSV's column of
// that name as the target unless told another. Every such naming is said in `notes`.
import { isNumeric, type Dataset } from '../dataset';
import { InputError } from '../errors';
import { sortClassLabels } from '../label-order';
import type { ModelFeature, ModelNode, ModelSplit } from '../model';
import type { ImportedEnsemble } from './ensemble';

export interface BoundEnsemble {
  ensemble: ImportedEnsemble;
  /** The target column, when the CSV has one. */
  target: string | null;
  notes: string[];
}

/** The column's distinct values (missing left out), as text. */
function distinctValues(dataset: Dataset, name: string): string[] {
  const column = dataset.columns.find((c) => c.name === name);
  if (column === undefined) return [];
  if (isNumeric(column)) return [...new Set(Array.from(column.values).filter((v) => !Number.isNaN(v)))].map(String);
  const used = new Set(Array.from(column.codes).filter((c) => c >= 0));
  return column.categories.filter((_, c) => used.has(c));
}

const codePointOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function bindEnsemble(e: ImportedEnsemble, dataset: Dataset, target?: string): BoundEnsemble {
  const header = dataset.columns.map((c) => c.name);
  const notes: string[] = [];
  if (target !== undefined && !header.includes(target)) throw new InputError('unknown-column', `--target "${target}" is not a column of the CSV`);
  const given = target ?? (e.targetNamed && header.includes(e.target) ? e.target : undefined);
  const nf = e.features.length;
  let names: string[];
  let boundTarget: string | null;
  if (e.positional) {
    let columns = header.filter((h) => h !== given);
    boundTarget = given ?? null;
    if (given === undefined && columns.length === nf + 1) {
      boundTarget = columns[nf];
      columns = columns.slice(0, nf);
    }
    if (columns.length !== nf) {
      throw new InputError('bad-feature', `the model reads ${nf} features by position, the CSV has ${columns.length} columns${boundTarget === null ? '' : ` besides the target "${boundTarget}"`}${given === undefined ? ' (name the target column with --target)' : ''}`);
    }
    names = columns;
    notes.push(`The model names no features: they are the CSV's columns by position (${names.join(', ')})${boundTarget === null ? '' : `; the target is "${boundTarget}"`}.`);
  } else {
    names = e.features.map((f) => f.name);
    const missing = names.filter((n) => !header.includes(n));
    if (missing.length > 0) throw new InputError('unknown-column', `the model's feature${missing.length === 1 ? '' : 's'} ${missing.map((m) => `"${m}"`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not a column of the CSV`);
    const rest = header.filter((h) => !names.includes(h));
    boundTarget = given ?? (rest.length === 1 ? rest[0] : null);
  }

  const rename = new Map(e.features.map((f, i) => [f.name, names[i]]));
  // XGBoost category codes named by the column's sorted values; its splits send their set right and every other category left.
  const categoryNames = new Map<string, string[]>();
  for (const name of e.unnamedCategories) {
    const column = rename.get(name) as string;
    const col = dataset.columns.find((c) => c.name === column);
    if (col === undefined || isNumeric(col)) continue;
    const values = distinctValues(dataset, column).sort(codePointOrder);
    categoryNames.set(name, values);
    notes.push(`The model stores category codes for "${column}": code k is its k-th value in sorted order (pandas' order), ${values.slice(0, 6).map((v, k) => `${k} = ${v}`).join(', ')}${values.length > 6 ? ', …' : ''}; the CSV must hold the categories the model was trained on.`);
  }
  const features: ModelFeature[] = e.features.map((f) => {
    const named = categoryNames.get(f.name);
    return { ...f, name: rename.get(f.name) as string, ...(named === undefined ? {} : { categories: named }) };
  });

  let classes = e.classes;
  let classNames = e.classNames;
  if (e.task === 'classification' && e.classNames === 'indices' && boundTarget !== null) {
    const values = sortClassLabels(distinctValues(dataset, boundTarget));
    if (values.length === (e.classes as string[]).length) {
      classes = values;
      classNames = 'target values';
      notes.push(`The model stores class indices: class k is the k-th of "${boundTarget}"'s sorted distinct values (scikit-learn's LabelEncoder order): ${values.map((v, k) => `${k} = ${v}`).join(', ')}.`);
    } else notes.push(`The model has ${(e.classes as string[]).length} classes and "${boundTarget}" ${values.length} distinct values: classes are shown as indices.`);
  } else if (e.task === 'classification' && e.classNames === 'model' && boundTarget !== null) {
    const named = new Set(e.classes);
    const unknown = sortClassLabels(distinctValues(dataset, boundTarget).filter((v) => !named.has(v)));
    if (unknown.length > 0) notes.push(`"${boundTarget}" holds values that are none of the model's classes (${(e.classes as string[]).join(', ')}): ${unknown.slice(0, 6).join(', ')}${unknown.length > 6 ? ', …' : ''}; their rows count as misclassified.`);
  }

  const splitOf = (split: ModelSplit | null): ModelSplit | null => {
    if (split === null) return null;
    const feature = rename.get(split.feature) as string;
    if (split.kind === 'numeric') return { ...split, feature };
    const named = categoryNames.get(split.feature);
    if (named === undefined) return { ...split, feature };
    const right = new Set(split.branches[1].map((code) => named[Number(code)]));
    return { feature, kind: 'categorical', branches: [named.filter((c) => !right.has(c)), named.filter((c) => right.has(c))] };
  };
  const targetName = boundTarget ?? e.target;
  const trees = e.trees.map((t) => ({
    ...t,
    model: {
      ...t.model,
      target: targetName,
      ...(classes === undefined || t.model.classes === undefined ? {} : { classes }),
      features,
      params: { ...t.model.params, target: targetName },
      nodes: t.model.nodes.map(
        (n): ModelNode => ({
          ...n,
          split: splitOf(n.split),
          prediction: t.model.task === 'classification' && classes !== undefined ? classes[(t.model.classes as string[]).indexOf(String(n.prediction))] : n.prediction,
        }),
      ),
    },
  }));
  return { ensemble: { ...e, target: targetName, features, ...(classes === undefined ? {} : { classes }), classNames, positional: false, unnamedCategories: [], trees }, target: boundTarget, notes };
}

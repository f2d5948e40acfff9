// The split criteria, each declared once (scikit-learn's CRITERIA_CLF / CRITERIA_REG): its name in
// settings, the CLI and the model JSON, the task and algorithms it serves, how the split search
// ranks by it, a node's impurity in it, the score it ranks columns by, and its words for people.
// Settings validation, CLI parsing and help, the panel's and the picker's lists, the labels and
// hovers read this table; package.json's enum and the docs are tested against it. A name not in it
// is an InputError wherever it arrives: nothing falls back to another criterion.
// docs/architecture.md "How to add a split criterion"; formulas: docs/formulas.md.
import { InputError } from '../errors';
import { entropy, gini } from '../impurity';
import type { Algorithm, Criterion, Task } from '../model';
import { entropyProxy, giniProxy, squaredErrorProxy, type SideProxy } from './criterion';

/** Which of a partition's scores (splits/partition-scores.ts) a criterion ranks columns by. */
export type CriterionScore = 'giniDecrease' | 'informationGain' | 'gainRatio' | 'varianceReduction';

/** The measure a node's impurity is written out in by the worked calculations (explain/). */
export type ImpurityMeasure = 'entropy' | 'gini' | 'variance';

export interface CriterionSpec {
  /** As settings, the CLI and the model JSON spell it. */
  readonly name: Criterion;
  readonly task: Task;
  /** The algorithms whose trees it grows. */
  readonly algorithms: readonly Algorithm[];
  /** The algorithms whose criterion it is when none is asked for (for its task). */
  readonly defaultFor: readonly Algorithm[];
  /** For people: the panel's and the picker's lists (`CART · Gini`). */
  readonly label: string;
  /** One line for the settings' enum description (package.json) and the docs. */
  readonly description: string;
  /** What it ranks splits by, in words: the score's name in hovers, `splits` and the panel. */
  readonly measure: string;
  /** The partition score it ranks by. */
  readonly score: CriterionScore;
  /** A node's impurity as labels show it: `${impurityName} = 0.42${units}`. */
  readonly impurityName: string;
  /** The impurity's unit after the number (` bits`), or ''. */
  readonly units: string;
  readonly explainMeasure: ImpurityMeasure;
  /**
   * CART's split search ranks candidates by proxy(left) + proxy(right) (criterion.ts). A criterion
   * CART does not grow with (gain ratio) gives the proxy `splits` traces its score curve with.
   */
  readonly proxy: SideProxy;
  /** Classification: a node's impurity from its class weights and total weight; null for regression (the node's MSE). */
  readonly classImpurity: ((counts: ArrayLike<number>, w: number) => number) | null;
}

const entropyBits = (counts: ArrayLike<number>, w: number): number => entropy(counts, 'bits', w);

/** The built-in criteria, in the order lists show them. */
const BUILT_IN: readonly CriterionSpec[] = [
  {
    name: 'gini',
    task: 'classification',
    algorithms: ['cart'],
    defaultFor: ['cart'],
    label: 'Gini',
    description: 'Gini index (classification).',
    measure: 'Gini decrease',
    score: 'giniDecrease',
    impurityName: 'gini',
    units: '',
    explainMeasure: 'gini',
    proxy: giniProxy,
    classImpurity: (counts, w) => gini(counts, w),
  },
  {
    name: 'entropy',
    task: 'classification',
    algorithms: ['cart', 'id3'],
    defaultFor: ['id3'],
    label: 'entropy',
    description: 'Entropy / information gain (classification).',
    measure: 'information gain',
    score: 'informationGain',
    impurityName: 'entropy',
    units: ' bits',
    explainMeasure: 'entropy',
    proxy: entropyProxy,
    classImpurity: entropyBits,
  },
  {
    // C4.5 chooses by gain ratio, but a node's impurity is still its entropy.
    name: 'gain_ratio',
    task: 'classification',
    algorithms: ['c45'],
    defaultFor: ['c45'],
    label: 'gain ratio',
    description: 'Gain ratio (classification, C4.5).',
    measure: 'gain ratio',
    score: 'gainRatio',
    impurityName: 'entropy',
    units: ' bits',
    explainMeasure: 'entropy',
    proxy: entropyProxy,
    classImpurity: entropyBits,
  },
  {
    name: 'squared_error',
    task: 'regression',
    algorithms: ['cart'],
    defaultFor: ['cart'],
    label: 'squared error',
    description: 'Squared error (regression).',
    measure: 'variance reduction',
    score: 'varianceReduction',
    impurityName: 'mse',
    units: '',
    explainMeasure: 'variance',
    proxy: squaredErrorProxy,
    classImpurity: null,
  },
];

const registry: CriterionSpec[] = [...BUILT_IN];

/**
 * Adds a criterion to this thread's table (a test's toy one: docs/architecture.md "How to add a
 * split criterion" puts a real one in BUILT_IN). Returns the function that removes it again.
 */
export function registerCriterion(spec: CriterionSpec): () => void {
  if (registry.some((c) => c.name === spec.name)) throw new Error(`criterion "${spec.name}" is already registered`);
  registry.push(spec);
  return () => {
    const at = registry.indexOf(spec);
    if (at >= 0) registry.splice(at, 1);
  };
}

/** Every criterion, in list order. */
export const allCriteria = (): readonly CriterionSpec[] => registry;

/** Every criterion's name, in list order. */
export const criterionNames = (): string[] => registry.map((c) => c.name);

/** The criteria of one task, in list order. */
export const criteriaOfTask = (task: Task): CriterionSpec[] => registry.filter((c) => c.task === task);

export const isCriterion = (name: unknown): name is Criterion => typeof name === 'string' && registry.some((c) => c.name === name);

/** The criterion named `name`, or an InputError listing the known ones. */
export function criterionSpec(name: unknown): CriterionSpec {
  const spec = registry.find((c) => c.name === name);
  if (spec === undefined) throw new InputError('bad-option', `unknown criterion ${JSON.stringify(name ?? null)} (${criterionNames().join(', ')})`);
  return spec;
}

/** The criteria that grow `algorithm`'s trees for `task`, its default first. */
export function criteriaFor(algorithm: Algorithm, task: Task): CriterionSpec[] {
  const fit = registry.filter((c) => c.task === task && c.algorithms.includes(algorithm));
  return [...fit.filter((c) => c.defaultFor.includes(algorithm)), ...fit.filter((c) => !c.defaultFor.includes(algorithm))];
}

/** A classification node's impurity in `criterion` from its class weights `counts` of total weight `w`. */
export function classImpurity(criterion: Criterion, counts: ArrayLike<number>, w: number): number {
  const of = criterionSpec(criterion).classImpurity;
  if (of === null) throw new InputError('bad-option', `criterion "${criterion}" is a regression criterion: a classification node has no impurity in it`);
  return of(counts, w);
}

/** Whether CART grows classification trees with `criterion`, whose nodes' impurities are then its classImpurity of their class weights. */
export const cartClassCriterion = (criterion: unknown): boolean =>
  isCriterion(criterion) && criterionSpec(criterion).task === 'classification' && criterionSpec(criterion).algorithms.includes('cart');

/** `gini (regression: squared_error; id3: entropy; c45: gain_ratio)`: the defaults as the CLI help and docs state them. */
export function defaultsText(): string {
  const cartClass = criteriaFor('cart', 'classification')[0]?.name;
  const others: string[] = [];
  const cartReg = criteriaFor('cart', 'regression')[0]?.name;
  if (cartReg !== undefined) others.push(`regression: ${cartReg}`);
  for (const algorithm of ['id3', 'c45'] as const) {
    const d = criteriaFor(algorithm, 'classification')[0]?.name;
    if (d !== undefined) others.push(`${algorithm}: ${d}`);
  }
  return `${cartClass ?? 'none'} (${others.join('; ')})`;
}

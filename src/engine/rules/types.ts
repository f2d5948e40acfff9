// If-then rules read off a tree: one per leaf (docs/formulas.md "Rules and FOIL gain").

/** `lower < x ≤ upper` (either bound may be absent); `missing`: rows without a value also satisfy it. */
export interface NumericCondition {
  feature: string;
  kind: 'numeric';
  lower: number | null;
  upper: number | null;
  missing: boolean;
  /** FOIL gain of the path step(s) this condition stands for; null for regression. */
  foilGain: number | null;
  text: string;
}

/**
 * `x ∈ categories`. When `missing` is true the condition also holds for missing values and for
 * categories the tree did not see at these nodes: exactly the values not listed in `excluded`.
 */
export interface CategoricalCondition {
  feature: string;
  kind: 'categorical';
  categories: string[];
  missing: boolean;
  /** Values routed elsewhere; the exact test when `missing` is true. */
  excluded: string[];
  foilGain: number | null;
  text: string;
}

export type RuleCondition = NumericCondition | CategoricalCondition;

export interface Rule {
  /** Id of the leaf in the model the rule was read from. */
  leaf: number;
  /** Conditions joined by AND; one per feature, in the order the path first tests them. */
  conditions: RuleCondition[];
  prediction: string | number;
  /** Training rows reaching the leaf, and their share of all training rows. */
  covered: number;
  coverage: number;
  /** Classification: share of covered rows of the predicted class. Null for regression. */
  accuracy: number | null;
  /** Regression: mean squared error of the leaf. Null for classification. */
  mse: number | null;
  /** Classification: class counts of covered rows in the model's class order. */
  distribution: number[] | null;
  text: string;
}

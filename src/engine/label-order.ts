// The order of a set of labels where one is needed: class labels (scikit-learn's `classes_`) and
// the categories of an ordinal column (README "CSV input").

const NUMERIC_LABEL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Whether every label looks like a number (then they sort numerically). */
export function allNumericLabels(labels: readonly string[]): boolean {
  return labels.every((l) => NUMERIC_LABEL.test(l.trim()));
}

/** Sorts labels in place numerically when all look numeric, else by code point. */
export function sortClassLabels(labels: string[]): string[] {
  if (allNumericLabels(labels)) return labels.sort((a, b) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0));
  return labels.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

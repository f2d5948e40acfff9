// The commands the hover's links run (registered, not contributed: they take arguments a palette
// cannot give). The hover's markdown trusts exactly these and no other command.
export const HOVER_COMMANDS = {
  /** [csvUri, column]: remember the column as the target, then train. */
  trainWithTarget: 'decisionTree.trainWithTargetColumn',
  /** [csvUri, column]: remember the column as the target. */
  setTarget: 'decisionTree.setTargetColumn',
  /** [csvUri, column, target]: the tree panel's calculation drawer at the root, the column's split open (training a tree for the target first if none is). */
  showCalculation: 'decisionTree.showColumnCalculation',
  /** [csvUri, row]: highlight the row's path in the tree panel. */
  highlightRow: 'decisionTree.highlightRowPath',
} as const;

export const TRUSTED_HOVER_COMMANDS: readonly string[] = Object.values(HOVER_COMMANDS);

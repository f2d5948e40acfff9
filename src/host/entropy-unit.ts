// `decisionTree.entropyUnit`: the unit of entropy and information gain in the worked calculations
// (the log base: bits log₂, nats ln, hartleys log₁₀; docs/formulas.md "Worked calculations").
import * as vscode from 'vscode';
import type { EntropyUnit } from '../engine/impurity';

export const ENTROPY_UNITS: readonly EntropyUnit[] = ['bits', 'nats', 'hartleys'];

/** The file's setting; an unknown value (a hand-edited settings.json) falls back to bits. */
export function entropyUnitFor(uri: vscode.Uri): EntropyUnit {
  const value = vscode.workspace.getConfiguration('decisionTree', uri).get<string>('entropyUnit');
  return ENTROPY_UNITS.find((u) => u === value) ?? 'bits';
}

// A validation score's name as people read it: `accuracy`, `R²`. Reports and model JSON keep the
// machine name (`r2`, scikit-learn's scoring name); text and the panel say `R²` everywhere.
import type { ScoreName } from '../../engine/validation/types';

export function scoreLabel(name: ScoreName): string {
  return name === 'r2' ? 'R²' : name;
}

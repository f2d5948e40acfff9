// One entry point for `rules --format …` and the webview's export buttons.
import type { TreeModel } from '../model';
import { extractRules } from '../rules/extract';
import { toJavaScript } from './javascript';
import { toPython } from './python';
import { toSql } from './sql';

export type CodeFormat = 'python' | 'js' | 'sql';

export function exportCode(model: TreeModel, format: CodeFormat): string {
  if (format === 'python') return toPython(model);
  if (format === 'js') return toJavaScript(model);
  return toSql(model, extractRules(model));
}

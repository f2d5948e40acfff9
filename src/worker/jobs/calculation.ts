// The worker's side of learn mode: the worked arithmetic of nodes of the shown tree, and the same
// Markdown as the CLI's `explain` (src/engine/explain/; docs/formulas.md "Worked calculations").
// The panel's drawer typesets the calculations' LaTeX; the export writes the Markdown.
import { calculationMarkdown, calculationTitle } from '../../engine/explain/markdown';
import { calculateNode, explainedNodes, pathNodes } from '../../engine/explain/node-calculation';
import { decodeModel } from '../../engine/model-columns';
import type { CalculationJob, CalculationResult } from '../../shared/worker-messages';

export function calculationJob(job: CalculationJob): CalculationResult {
  const { model } = decodeModel(job.model);
  const ids = job.nodes === null ? explainedNodes(model) : job.path === true ? pathNodes(model, job.nodes[0]) : job.nodes;
  const calculations = ids.map((id) => calculateNode(job.dataset, model, job.settings, id, { unit: job.unit, columns: job.columns }));
  return { calculations, markdown: calculationMarkdown(calculationTitle(job.fileName, model.target), calculations) };
}

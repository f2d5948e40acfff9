// Worker job: the text of an export (the model as JSON, the tree as Mermaid Markdown, the rules as
// code or text). A fully grown tree's exports take seconds to write (its rules alone 2.5 s for a
// million nodes), which the extension host's thread must not spend. Also a tree or forest as ONNX.
import { exportCode } from '../../engine/export/code';
import { exportOnnx } from '../../engine/export/onnx';
import { decodeModel } from '../../engine/model-columns';
import { extractRules } from '../../engine/rules/extract';
import { rulesToText } from '../../engine/rules/text';
import { modelFileText } from '../../engine/forest/tree-model-file';
import { treeToMermaidMarkdown } from '../../shared/render/mermaid';
import type { ExportJob, ExportResult, OnnxJob, OnnxResult } from '../../shared/worker-messages';

export function exportJob(job: ExportJob): ExportResult {
  const { model } = decodeModel(job.model);
  switch (job.format) {
    case 'model':
      return { content: modelFileText(model) };
    case 'mermaid':
      return { content: treeToMermaidMarkdown(model) };
    case 'text':
      return { content: rulesToText(extractRules(model), model.classes) };
    default:
      return { content: exportCode(model, job.format) };
  }
}

export function onnxJob(job: OnnxJob): OnnxResult {
  return { bytes: exportOnnx(job.kind === 'tree' ? decodeModel(job.model).model : job.model) };
}

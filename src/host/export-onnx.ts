// "Export Model as ONNX…": a tree or forest of ours as one ai.onnx.ml TreeEnsembleClassifier or
// Regressor (docs/model-format.md "ONNX export"), written by the engine's exporter in the worker
// under a cancellable notification, saved where the user says (the save dialog proposes
// `<csv name>.onnx` beside the CSV and asks before replacing a file). A model the operator cannot
// express is refused with the exporter's reason, and nothing is written.
import * as vscode from 'vscode';
import type { OnnxJob } from '../shared/worker-messages';
import { fileNameOf } from './csv-source';
import { withJobProgress } from './job-progress';
import { saveBeside } from './save-beside';
import type { WorkerBridge } from './worker-bridge';
import { t } from './l10n';

/** Writes `job`'s model as ONNX; `csv` is the file it was trained on. */
export async function exportOnnxModel(csv: vscode.Uri, job: OnnxJob, bridge: WorkerBridge): Promise<void> {
  const name = fileNameOf(csv);
  const { bytes } = await withJobProgress(job.kind === 'tree' ? t`Decision Tree: writing the tree of ${name} as ONNX` : t`Decision Tree: writing the forest of ${name} as ONNX`, (onProgress) => bridge.run('onnx', job, { onProgress }));
  const saved = await saveBeside({ csv, suffix: job.kind === 'tree' ? '.onnx' : '.forest.onnx', title: t('Export Model as ONNX'), filters: { ONNX: ['onnx'] }, content: bytes, openAs: 'none' });
  if (saved) {
    const format = 'ai.onnx.ml opset 3, a double input "features": docs/model-format.md "ONNX export"';
    void vscode.window.showInformationMessage(job.kind === 'tree' ? t`Decision Tree: the tree of ${name} was written as ONNX (${format}).` : t`Decision Tree: the forest of ${name} was written as ONNX (${format}).`);
  }
}

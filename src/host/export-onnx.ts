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

/** Writes `job`'s model as ONNX; `csv` is the file it was trained on. */
export async function exportOnnxModel(csv: vscode.Uri, job: OnnxJob, bridge: WorkerBridge): Promise<void> {
  const what = job.kind === 'tree' ? 'tree' : 'forest';
  const { bytes } = await withJobProgress(`Decision Tree: writing the ${what} of ${fileNameOf(csv)} as ONNX`, (onProgress) => bridge.run('onnx', job, { onProgress }));
  const saved = await saveBeside({ csv, suffix: job.kind === 'tree' ? '.onnx' : '.forest.onnx', title: 'Export Model as ONNX', filters: { ONNX: ['onnx'] }, content: bytes, openAs: 'none' });
  if (saved) void vscode.window.showInformationMessage(`Decision Tree: the ${what} of ${fileNameOf(csv)} was written as ONNX (ai.onnx.ml opset 3, a double input "features": docs/model-format.md "ONNX export").`);
}

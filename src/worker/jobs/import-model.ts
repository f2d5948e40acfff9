// Worker jobs of "Open Tree Model…" (README "Open a model trained elsewhere"): read a model file
// trained by XGBoost, LightGBM or as ONNX (src/engine/import/), bind it to the chosen CSV and
// target as the CLI's --target does, measure it on the CSV's rows; and a row's per-tree
// contributions. A 1,000-tree model takes a second to read and its predictions on a big CSV
// longer, which the extension host's thread must not spend.
import { bindEnsemble } from '../../engine/import/bind';
import { rowContributions, type RowContributions } from '../../engine/import/contributions';
import type { ImportedEnsemble } from '../../engine/import/ensemble';
import { mayBeModel, readAnyModelBytes } from '../../engine/import/read';
import { ensembleRowPredictions } from '../../engine/import/validate';
import { InputError } from '../../engine/errors';
import { metricsOf } from '../../engine/validation/evaluate';
import { ensembleReport, packEnsemble, unpackEnsemble, type EnsembleData } from '../../shared/ensemble-transfer';
import type { EnsembleRowJob, ImportModelJob, ImportModelResult, JobProgress } from '../../shared/worker-messages';

/** `file: problem`, for an input error raised without the file's name. */
function naming<T>(fileName: string, work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof InputError) throw new InputError(err.code, `${fileName}: ${err.message}`, err.line);
    throw err;
  }
}

const OURS: Record<string, string> = { tree: 'a decision tree', forest: 'a random forest' };

export function importModelJob(job: ImportModelJob, progress: (p: JobProgress) => void): ImportModelResult {
  progress({ phase: 'import', step: 'read', fraction: 0 });
  if (!mayBeModel(job.bytes)) {
    throw new InputError('bad-model', `${job.fileName}: not a tree model: neither an XGBoost model (JSON with a "learner", or UBJSON), a LightGBM text model (its first line "tree" or "version=…"), nor an ONNX file`);
  }
  const loaded = naming(job.fileName, () => readAnyModelBytes(job.bytes));
  if (loaded.kind !== 'ensemble') {
    throw new InputError(
      'bad-model',
      `${job.fileName}: ${OURS[loaded.kind]} of this extension, not a model trained elsewhere. Open Tree Model… reads XGBoost (.json, .ubj), LightGBM (.txt) and ONNX (.onnx) tree ensembles; this file's trees are read by the CLI (decision-tree inspect, rules --tree K).`,
    );
  }
  let ensemble: ImportedEnsemble = loaded.model;
  let notes: string[] = [];
  let data: EnsembleData | null = null;
  if (job.data !== undefined) {
    const { dataset, fileName, target } = job.data;
    progress({ phase: 'import', step: 'bind', fraction: 0.5 });
    const bound = naming(job.fileName, () => bindEnsemble(ensemble, dataset, target));
    ensemble = bound.ensemble;
    notes = bound.notes;
    let metrics = null;
    if (bound.target !== null) {
      progress({ phase: 'import', step: 'evaluate', fraction: 0.6 });
      metrics = naming(fileName, () => metricsOf(ensembleRowPredictions(bound.ensemble, dataset)));
    } else notes.push(`${fileName} has no target column for this model (none named and more than one column is not a feature): predictions and paths are shown, no metrics.`);
    data = { fileName, rows: dataset.rowCount, target: bound.target, metrics };
  } else if (ensemble.classNames === 'indices') notes.push('The model stores class indices: choose a CSV with its target column to name them.');
  progress({ phase: 'import', step: 'summary', fraction: 0.9 });
  return { ensemble: packEnsemble(ensemble), report: ensembleReport(ensemble, job.fileName, notes, data) };
}

export function ensembleRowJob(job: EnsembleRowJob): RowContributions {
  return rowContributions(unpackEnsemble(job.ensemble), job.dataset, job.row);
}

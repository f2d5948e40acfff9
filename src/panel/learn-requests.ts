// The tree panel's learn-mode requests beyond a node's calculation: the pruning steps of the tree's
// settings and a rule's FOIL gains, each worked out in the engine worker
// (src/worker/jobs/pruning-rule-calculation.ts) on the file's tree as the host holds it.
import type * as vscode from 'vscode';
import type { TrainedFile } from '../host/trained-files';
import type { WorkerBridge } from '../host/worker-bridge';
import type { PruningCalculation } from '../engine/explain/pruning-calculation';
import type { RuleCalculation } from '../engine/explain/rule-calculation';

/** The panel's requests answered here (part of `PanelRequests`, tree-requests.ts). */
export interface LearnRequests {
  /** Both prunings of the tree's settings worked out on its tree as grown, or on the edited tree as shown (computed in the worker). */
  pruningCalculation(csvUri: vscode.Uri): Promise<PruningCalculation>;
  /** The worked calculation of the rule of leaf `leaf` of the file's tree. */
  ruleCalculation(csvUri: vscode.Uri, leaf: number): Promise<RuleCalculation>;
}

export interface LearnRequestDeps {
  /** The file's trained tree (trained again for a panel restored after a reload). */
  file(uri: vscode.Uri): Promise<TrainedFile>;
  worker(): WorkerBridge;
}

export function learnRequests(deps: LearnRequestDeps): LearnRequests {
  return {
    pruningCalculation: async (uri) => {
      const { dataset, report } = await deps.file(uri);
      const job = { dataset, model: report.model, settings: report.settings };
      return deps.worker().run('pruningCalculation', job, { key: `pruningCalculation:${uri.toString()}` }).result;
    },
    ruleCalculation: async (uri, leaf) => {
      const { report } = await deps.file(uri);
      // Opening another rule's calculation cancels the previous one's.
      return deps.worker().run('ruleCalculation', { model: report.model, leaf }, { key: `ruleCalculation:${uri.toString()}` }).result;
    },
  };
}

// The worker's part of growing a tree by hand (README "Learn mode"): one action on the steps so
// far, replayed from the report as trained (src/engine/edit/by-hand.ts), then the report of the tree
// grown so far — the trained report with the steps' edits, through the one assembly's edited
// report (src/engine/edited-report.ts) — and the candidates' table at an open leaf.
import { algorithmStep, chooseSplit, finishByAlgorithm, handEdits, makeLeaf, openLeaves, replaySteps, type HandState, type HandStep } from '../../engine/edit/by-hand';
import { editReport, scoredAsEdited, trainedRows } from '../../engine/edited-report';
import { handCandidates, type HandCandidates } from '../../engine/explain/hand-candidates';
import type { Dataset } from '../../engine/dataset';
import { decodeModel } from '../../engine/model-columns';
import { packModel } from '../../shared/report-transfer';
import type { AlternativesJob, GrowByHandJob, GrowByHandResult, HandAction } from '../../shared/worker-messages';

/** The steps after `action` on the tree `steps` grew (`grown` replays them: start, undo and resume need no replay). */
function act(train: Dataset, grown: () => HandState, steps: readonly HandStep[], action: HandAction): HandStep[] {
  switch (action.kind) {
    case 'start':
      return [];
    case 'resume':
      return [...steps];
    case 'undo':
      return steps.slice(0, -1);
    case 'algorithm':
      return [...steps, algorithmStep(train, grown(), action.node).step];
    case 'split':
      return [...steps, chooseSplit(train, grown(), action.node, action.split).step];
    case 'leaf':
      return [...steps, makeLeaf(grown(), action.node).step];
    case 'finish':
      return [...steps, finishByAlgorithm(train, grown()).step];
  }
}

export function growByHandJob(job: GrowByHandJob): GrowByHandResult {
  const trained = { model: decodeModel(job.report.model).model, settings: job.report.settings, metrics: job.report.metrics };
  const { train } = trainedRows(job.dataset, trained.model, trained.settings);
  const steps = act(train, () => replaySteps(train, trained.model, job.steps), job.steps, job.action);
  const state = replaySteps(train, trained.model, steps);
  const { parts } = editReport(job.dataset, trained, handEdits(trained.model, steps));
  const report = { ...job.report, ...parts, model: packModel(parts.model) };
  return { steps, report, open: openLeaves(state), ...(job.action.kind === 'start' || job.action.kind === 'resume' ? { algorithmMetrics: scoredAsEdited(job.dataset, trained) } : {}) };
}

export function handCandidatesJob(job: AlternativesJob): HandCandidates {
  return handCandidates(job.dataset, decodeModel(job.model).model, job.settings, job.nodeId);
}

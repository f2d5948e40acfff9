// The ensemble flags of `train` and `evaluate` (docs/cli.md "Forests"): --ensemble forest|bagging
// turns the run into a forest; the other flags shape it and are refused without it. --jobs picks
// the threads the trees are trained on.
import type { Dataset } from '../engine/dataset';
import { InputError } from '../engine/errors';
import type { ForestParams, MaxFeatures } from '../engine/forest/types';
import type { ForestTrainer } from '../engine/forest/validate';
import type { TrainParams } from '../engine/model';
import { trainForestOnPool } from '../worker/forest-pool';
import { defaultJobs } from '../worker/pool/thread-pool';
import { numberFlag, stringFlag, type ParsedArgs } from './args';
import { pruneOptions } from './prune-flags';
import { positiveClassFromArgs } from './validation-flags';
import type { OptionTable } from './options';

export const FOREST_OPTIONS: OptionTable = [
  { name: 'ensemble', value: 'forest|bagging', meaning: 'train many trees: a random forest (CART, a random feature subset per split) or bagging (any --algorithm, every feature)' },
  { name: 'n-trees', value: 'N', default: '100', meaning: 'with --ensemble: the number of trees' },
  { name: 'max-features', value: 'sqrt|third|log2|all|N|F', default: 'sqrt (regression: third; bagging: all)', meaning: 'with --ensemble forest: features tried per split, a count N or a fraction F like 0.5' },
  { name: 'max-samples', value: 'N|F', default: 'every training row', meaning: 'with --ensemble: rows drawn per tree, a count N or a fraction F ≤ 1.0' },
  { name: 'voting', value: 'soft|hard', default: 'soft', meaning: "with --ensemble, classification: mean of the trees' class shares, or their majority label" },
  { name: 'no-bootstrap', meaning: 'with --ensemble: every tree on every row (no bootstrap sample, no OOB score)' },
  { name: 'jobs', value: 'N', default: 'the available cores', meaning: 'with --ensemble: threads the trees are trained on (the same forest for any N)' },
];

const ENSEMBLE_ONLY = ['n-trees', 'max-features', 'max-samples', 'voting', 'no-bootstrap', 'jobs'];

/** A decimal point or exponent makes a fraction (as scikit-learn's float), else a count. */
function maxFeaturesFlag(args: ParsedArgs): MaxFeatures | undefined {
  const raw = stringFlag(args, 'max-features');
  if (raw === undefined) return undefined;
  const word = raw.trim().toLowerCase();
  if (word === 'sqrt' || word === 'third' || word === 'log2' || word === 'all') return word;
  const fraction = /[.eE]/.test(raw);
  const x = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(x) || x <= 0 || (fraction ? x > 1 : !Number.isInteger(x))) {
    throw new InputError('bad-option', `--max-features must be sqrt, third, log2, all, a count ≥ 1 or a fraction in (0, 1.0], got "${raw}"`);
  }
  return fraction && x === 1 ? 'all' : x;
}

function maxSamplesFlag(args: ParsedArgs): number | undefined {
  const raw = stringFlag(args, 'max-samples');
  if (raw === undefined) return undefined;
  const fraction = /[.eE]/.test(raw);
  const x = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(x) || x <= 0 || (fraction ? x > 1 : !Number.isInteger(x))) {
    throw new InputError('bad-option', `--max-samples must be a row count ≥ 1 or a fraction in (0, 1.0], got "${raw}"`);
  }
  return x;
}

/** The forest's parameters, or null without --ensemble (then no other ensemble flag may be given). */
export function forestParamsFromArgs(args: ParsedArgs, tree: TrainParams, seed: number | undefined): ForestParams | null {
  const ensemble = stringFlag(args, 'ensemble');
  if (ensemble === undefined) {
    const stray = ENSEMBLE_ONLY.find((name) => args.flags.has(name));
    if (stray !== undefined) throw new InputError('bad-option', `--${stray} applies to ensembles; add --ensemble forest or --ensemble bagging`);
    return null;
  }
  if (ensemble !== 'forest' && ensemble !== 'bagging') throw new InputError('bad-option', `--ensemble must be forest or bagging, got "${ensemble}"`);
  const pruning = pruneOptions(true).find((o) => args.flags.has(o.name));
  if (pruning !== undefined) throw new InputError('bad-option', `--${pruning.name} prunes a single tree; the trees of a forest are grown unpruned`);
  const voting = stringFlag(args, 'voting');
  if (voting !== undefined && voting !== 'soft' && voting !== 'hard') throw new InputError('bad-option', `--voting must be soft or hard, got "${voting}"`);
  return {
    ...tree,
    ensemble,
    nTrees: numberFlag(args, 'n-trees', { integer: true, min: 1 }),
    maxFeatures: maxFeaturesFlag(args),
    maxSamples: maxSamplesFlag(args),
    voting,
    bootstrap: !args.flags.has('no-bootstrap'),
    seed,
  };
}

/**
 * The trainer --jobs asks for (an integer ≥ 1; default the available cores): the trees on a pool
 * of worker threads (src/worker/forest-pool.ts), the same forest whatever --jobs says.
 * `oobPermutation: false` when nothing will show the report's OOB permutation importance.
 */
export function forestTrainer(args: ParsedArgs, oobPermutation = true): ForestTrainer {
  const jobs = numberFlag(args, 'jobs', { integer: true, min: 1 }) ?? defaultJobs();
  // The OOB and training metrics score the class --positive-class names, as hold-out and CV do.
  const positiveClass = positiveClassFromArgs(args);
  return (dataset: Dataset, params: ForestParams) => trainForestOnPool(dataset, params, { jobs, positiveClass, oobPermutation });
}

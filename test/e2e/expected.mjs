// What the tree panel should show for a CSV, computed independently of the extension host: the
// CLI's `evaluate --json` returns the same TreeReport the panel draws, run here with the defaults
// the extension contributes (package.json `decisionTree.*`), and the panel's own fold rule
// (src/shared/render/fold.ts, bundled on the fly) says how many nodes open by default.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import * as esbuild from 'esbuild';
import { repoRoot } from './paths.mjs';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));

/** The contributed default of setting `decisionTree.<key>`. */
function settingDefault(key) {
  const sections = [manifest.contributes?.configuration ?? []].flat();
  for (const section of sections) {
    const property = section.properties?.[`decisionTree.${key}`];
    if (property) return property.default;
  }
  throw new Error(`package.json contributes no decisionTree.${key}`);
}

// Settings where null / 0 / 'auto' mean "no limit" / "none" / "the task's (or algorithm's) default" have no CLI flag then.
function defaultFlags() {
  const flags = [
    ['--algorithm', settingDefault('algorithm')],
    ['--criterion', settingDefault('criterion') === 'auto' ? undefined : settingDefault('criterion')],
    ['--max-depth', settingDefault('maxDepth') || undefined],
    ['--min-samples-split', settingDefault('minSamplesSplit')],
    ['--min-samples-leaf', settingDefault('minSamplesLeaf')],
    ['--max-leaf-nodes', settingDefault('maxLeafNodes') || undefined],
    ['--min-impurity-decrease', settingDefault('minImpurityDecrease')],
    ['--min-category-samples', settingDefault('minCategorySamples')],
    ['--prune', settingDefault('prune') === 'auto' ? undefined : settingDefault('prune')],
    ['--ccp-alpha', settingDefault('ccpAlpha')],
    // The panel's validation: k-fold CV of a tree on all rows, or a hold-out the tree does not train on.
    ['--cv', settingDefault('validation') === 'cv' ? settingDefault('cvFolds') : undefined],
    ['--test-size', settingDefault('validation') === 'holdout' ? settingDefault('holdOutFraction') || undefined : undefined],
    ['--seed', settingDefault('seed')],
  ];
  // `evaluate` merges sibling leaves unless told not to; the panel only with decisionTree.mergeLeaves.
  const merge = settingDefault('mergeLeaves') ? '--simplify' : '--no-simplify';
  return [...flags.filter(([, value]) => value !== undefined).flatMap(([flag, value]) => [flag, String(value)]), merge];
}

/**
 * The TreeReport the panel should show for `csv` (repo-relative or absolute) and `target` under the
 * defaults; `extra`: flags for settings the test changed (they follow the defaults, so they win).
 */
export function defaultReport(csv, target, extra = []) {
  const r = spawnSync(
    process.execPath,
    [join(repoRoot, 'dist', 'cli.js'), 'evaluate', isAbsolute(csv) ? csv : join(repoRoot, csv), '--target', target, ...defaultFlags(), ...extra, '--json'],
    { encoding: 'utf8', maxBuffer: 1 << 30 },
  );
  if (r.status !== 0) throw new Error(`cli evaluate ${csv} failed (${r.status}): ${r.stderr}`);
  return JSON.parse(r.stdout);
}

let foldModule;
async function loadFold() {
  if (foldModule) return foldModule;
  const dir = mkdtempSync(join(tmpdir(), 'dte-fold-'));
  try {
    const outfile = join(dir, 'fold.cjs');
    await esbuild.build({
      entryPoints: [join(repoRoot, 'src', 'shared', 'render', 'fold.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      logLevel: 'warning',
    });
    foldModule = createRequire(import.meta.url)(outfile);
    return foldModule;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** How many `g.node` the panel draws when a model opens: shown model nodes plus one stub per fold. */
export async function defaultNodeCount(model) {
  const { foldTree, DEFAULT_FOLD } = await loadFold();
  const fold = foldTree(model, DEFAULT_FOLD);
  return fold.shown.length + fold.folded.length;
}

/** The first line that has a different number of fields than the header (1-based), for a quote-free CSV. */
export function firstRaggedLine(csv) {
  const lines = readFileSync(join(repoRoot, csv), 'utf8').split(/\r?\n/);
  const width = lines[0].split(',').length;
  const index = lines.findIndex((line, i) => i > 0 && line !== '' && line.split(',').length !== width);
  if (index < 0) throw new Error(`${csv} has no ragged line`);
  return index + 1;
}

// A forest as Python or JavaScript that reproduces `predict` exactly (docs/formulas.md
// "Ensembles"): every tree's nested tests (tree-code.ts), each leaf returning what the forest adds
// up — its class shares (soft voting), a one-hot vote (hard) or its value (regression), written as
// the same doubles predict computes — summed in tree order and decided as tally.ts does (the first
// class on a tie, the mean for regression). With a decision threshold the positive class is the
// answer where its sum over the trees divided by their number (the share predict compares) is ≥ it.
// Each tree reads its own list of the features it uses.
// The trees are unpacked one at a time (a big forest's node objects would not fit at once).
import type { ModelFeature, ModelNode } from '../model';
import { isPackedLeaf, nodeCount } from '../forest/packed-tree';
import { memberModel } from '../forest/predict';
import { leafContribution } from '../forest/tally';
import type { ForestModel } from '../forest/types';
import { commentText, numberLiteral } from './dialect';
import { JAVASCRIPT_HEADER, javascriptReads, javascriptSupport, javascriptSyntax } from './javascript';
import { pythonHeader, pythonReads, pythonSupport, pythonSyntax } from './python';
import { splitFeatures, treeFunctions, type TreeSyntax } from './tree-code';

interface ForestParts {
  /** Features any tree splits on, in model order. */
  features: ModelFeature[];
  /** Per tree: its root function and the indices (into `features`) of the features it reads. */
  trees: { root: string; used: number[] }[];
  functions: string[];
}

/** Indices into the forest's features of those some tree splits on (splitFeatures, read off the columns). */
function usedFeatures(model: ForestModel): Set<number> {
  const used = new Set<number>();
  for (const { packed } of model.trees) for (let id = 0; id < nodeCount(packed); id++) if (!isPackedLeaf(packed, id)) used.add(packed.feature[id]);
  return used;
}

function forestParts(model: ForestModel, syntaxOf: (t: number) => TreeSyntax, list: (xs: string[]) => string, close: string | null): ForestParts {
  const used = usedFeatures(model);
  const features = model.features.filter((_, j) => used.has(j));
  const index = new Map(features.map((f, i) => [f.name, i]));
  const trees: ForestParts['trees'] = [];
  const functions: string[] = [];
  model.trees.forEach((_, t) => {
    const member = memberModel(model, t);
    const s = syntaxOf(t);
    const leaf = (node: ModelNode): string => list(leafContribution(model, node.value).map((x) => numberLiteral(x)));
    trees.push({ root: s.functionName(0), used: splitFeatures(member).map((f) => index.get(f.name) as number) });
    for (const { id, lines } of treeFunctions(member, s, leaf)) functions.push('', s.functionHead(s.functionName(id)), ...lines, ...(close === null ? [] : [close]));
  });
  return { features, trees, functions };
}

const str = (s: string): string => JSON.stringify(s);
const decision = (model: ForestModel): string => {
  const t = model.decisionThreshold;
  if (model.task === 'regression') return 'mean of the trees';
  return t ? `${model.params.voting} voting, ${commentText(str(t.positiveClass))} where its share is >= ${numberLiteral(t.value)}` : `${model.params.voting} voting`;
};
const title = (model: ForestModel, language: '#' | '//'): string =>
  `${language} ${model.params.ensemble === 'forest' ? 'Random forest' : 'Bagging'} of ${model.trees.length} trees predicting ${commentText(str(model.target))} (${decision(model)}), exported by Decision Tree Explorer.`;

/** A decision threshold's positive class index and value as code constants (none without one). */
function thresholdConstants(model: ForestModel, semicolon: string, declare: string): string[] {
  const t = model.decisionThreshold;
  if (t === undefined) return [];
  return [`${declare}_POSITIVE = ${(model.classes ?? []).indexOf(t.positiveClass)}${semicolon}`, `${declare}_THRESHOLD = ${numberLiteral(t.value)}${semicolon}`];
}

/**
 * The last lines of predict(row) in one language, from the summed leaf values `total`: a
 * regression's mean, the positive class at the recorded threshold on the trees' mean share, or the
 * largest total.
 */
function decisionLines(model: ForestModel, lines: { mean: string[]; threshold: string[]; largest: string[] }): string[] {
  if (model.task === 'regression') return lines.mean;
  return model.decisionThreshold ? lines.threshold : lines.largest;
}

export function forestToPython(model: ForestModel): string {
  const parts = forestParts(model, (t) => pythonSyntax(`t${t}_`), (xs) => `(${xs.join(', ')}${xs.length === 1 ? ',' : ''})`, null);
  const k = model.task === 'regression' ? 1 : (model.classes ?? []).length;
  const decide = decisionLines(model, {
    mean: ['    return total[0] / _N_TREES'],
    threshold: ['    return _CLASSES[_POSITIVE] if total[_POSITIVE] / _N_TREES >= _THRESHOLD else _CLASSES[1 - _POSITIVE]'],
    largest: ['    best = 0', '    for k in range(1, _K):', '        if total[k] > total[best]:', '            best = k', '    return _CLASSES[best]'],
  });
  return [
    title(model, '#'),
    ...pythonHeader(parts.features),
    '',
    '',
    'def predict(row):',
    `    x = ${pythonReads(parts.features)}`,
    '    total = [0.0] * _K',
    '    for tree, used in _TREES:',
    '        xt = [x[i] for i in used]',
    '        r = tree(xt)',
    '        while callable(r):',
    '            r = r(xt)',
    '        for k in range(_K):',
    '            total[k] += r[k]',
    ...decide,
    '',
    '',
    ...pythonSupport(parts.features),
    '',
    `_K = ${k}`,
    `_N_TREES = ${model.trees.length}`,
    ...(model.task === 'regression' ? [] : [`_CLASSES = (${(model.classes ?? []).map(str).join(', ')},)`]),
    ...thresholdConstants(model, '', ''),
    ...parts.functions,
    '',
    '',
    '_TREES = (',
    ...parts.trees.map((t) => `    (${t.root}, (${t.used.join(', ')}${t.used.length === 1 ? ',' : ''})),`),
    ')',
    '',
  ].join('\n');
}

export function forestToJavaScript(model: ForestModel): string {
  const sets: string[] = [];
  const parts = forestParts(model, (t) => javascriptSyntax(sets, `t${t}_`), (xs) => `[${xs.join(', ')}]`, '}');
  const k = model.task === 'regression' ? 1 : (model.classes ?? []).length;
  const decide = decisionLines(model, {
    mean: ['  return total[0] / _N_TREES;'],
    threshold: ['  return total[_POSITIVE] / _N_TREES >= _THRESHOLD ? _CLASSES[_POSITIVE] : _CLASSES[1 - _POSITIVE];'],
    largest: ['  let best = 0;', '  for (let k = 1; k < _K; k++) if (total[k] > total[best]) best = k;', '  return _CLASSES[best];'],
  });
  return [
    title(model, '//'),
    ...JAVASCRIPT_HEADER,
    'function predict(row) {',
    `  const x = ${javascriptReads(parts.features)};`,
    '  const total = new Array(_K).fill(0);',
    '  for (const [tree, used] of _TREES) {',
    '    const xt = used.map((i) => x[i]);',
    '    let r = tree(xt);',
    "    while (typeof r === 'function') r = r(xt);",
    '    for (let k = 0; k < _K; k++) total[k] += r[k];',
    '  }',
    ...decide,
    '}',
    '',
    `const _K = ${k};`,
    `const _N_TREES = ${model.trees.length};`,
    ...(model.task === 'regression' ? [] : [`const _CLASSES = [${(model.classes ?? []).map(str).join(', ')}];`]),
    ...thresholdConstants(model, ';', 'const '),
    ...javascriptSupport(parts.features, sets),
    ...parts.functions,
    '',
    'const _TREES = [',
    ...parts.trees.map((t) => `  [${t.root}, [${t.used.join(', ')}]],`),
    '];',
    '',
  ].join('\n');
}

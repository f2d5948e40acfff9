// Simplify: merge sibling leaves that predict the same thing (a split that changes no
// prediction). A binary node whose two leaves agree becomes a leaf; in a multiway categorical
// node the agreeing leaves become one branch with the union of their categories. Every row gets
// the same prediction as before: merged leaves keep the prediction they shared.
import { nodeWeight, withoutSplitFacts, type ModelNode, type TreeModel } from '../model';
import { classImpurity } from '../tree/criteria';
import { mdiImportances } from '../tree/mdi';
import { rebuildPreorder } from './preorder';

interface Draft {
  node: ModelNode;
  children: Draft[];
}

const isLeaf = (d: Draft): boolean => d.children.length === 0;

function leafImpurity(model: TreeModel, counts: number[]): number {
  let w = 0;
  for (const c of counts) w += c;
  return classImpurity(model.params.criterion, counts, w);
}

/** One leaf standing for leaves `a` and `b` (same prediction): pooled counts, or pooled mean and variance. */
function mergeLeaves(model: TreeModel, a: ModelNode, b: ModelNode): ModelNode {
  const samples = a.samples + b.samples;
  const wa = nodeWeight(a);
  const wb = nodeWeight(b);
  const weight = wa + wb;
  const weighted = a.weightedSamples === undefined ? {} : { weightedSamples: weight };
  if (Array.isArray(a.value) && Array.isArray(b.value)) {
    const av = a.value;
    const value = b.value.map((v, i) => v + av[i]);
    return { ...a, samples, ...weighted, value, impurity: leafImpurity(model, value) };
  }
  const ma = a.value as number;
  const mb = b.value as number;
  const mean = (wa * ma + wb * mb) / weight;
  const impurity = (wa * (a.impurity + (ma - mean) ** 2) + wb * (b.impurity + (mb - mean) ** 2)) / weight;
  return { ...a, samples, ...weighted, value: mean, impurity };
}

function asLeaf(node: ModelNode, prediction: string | number): Draft {
  return { node: { ...withoutSplitFacts(node), prediction, split: null, missingGoesTo: null, children: [] }, children: [] };
}

/** The simplified subtree of `id`, given its children's simplified subtrees. */
function simplifyNode(model: TreeModel, id: number, children: Draft[]): Draft {
  const src = model.nodes[id];
  if (!src.split || children.length === 0) return { node: { ...src }, children: [] };
  if (src.split.kind === 'numeric') {
    const [l, r] = children;
    if (isLeaf(l) && isLeaf(r) && l.node.prediction === r.node.prediction) return asLeaf(src, l.node.prediction);
    return { node: { ...src }, children };
  }
  const branches = src.split.branches.map((b) => [...b]);
  let missingGoesTo = src.missingGoesTo ?? 0;
  for (let i = 0; i < children.length; i++) {
    for (let j = children.length - 1; j > i; j--) {
      const a = children[i];
      const b = children[j];
      if (!isLeaf(a) || !isLeaf(b) || a.node.prediction !== b.node.prediction) continue;
      a.node = mergeLeaves(model, a.node, b.node);
      branches[i].push(...branches[j]);
      children.splice(j, 1);
      branches.splice(j, 1);
      if (missingGoesTo === j) missingGoesTo = i;
      else if (missingGoesTo > j) missingGoesTo--;
    }
  }
  if (children.length === 1) return asLeaf(src, children[0].node.prediction);
  return { node: { ...src, split: { ...src.split, branches }, missingGoesTo }, children };
}

export function simplifyTree(model: TreeModel): TreeModel {
  if (model.nodes.length === 0) return model;
  // Reverse preorder: every child is simplified before its parent (no recursion: trees can be very deep).
  const drafts: Draft[] = new Array<Draft>(model.nodes.length);
  for (let id = model.nodes.length - 1; id >= 0; id--) {
    drafts[id] = simplifyNode(model, id, model.nodes[id].children.map((c) => drafts[c]));
  }
  const nodes = rebuildPreorder(
    drafts[0],
    (d) => d.children,
    (d) => d.node,
  );
  const result: TreeModel = { ...model, nodes };
  result.featureImportances = mdiImportances(result);
  return result;
}

// Depth-first growth (scikit-learn's DepthFirstTreeBuilder): a stack of nodes, each split as soon as
// it is popped, children pushed right then left so the left subtree is grown first.
import type { Growth } from './grow';
import type { GrowNode } from './splitter';

export function growDepthFirst<N extends GrowNode>(growth: Growth<N>): void {
  const root = growth.splitter.root();
  const stack: Array<{ id: number; node: N }> = [{ id: growth.add(root), node: root }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const plan = growth.plan(top.node);
    if (plan !== null) {
      const [l, r] = growth.expand(top.id, plan);
      stack.push({ id: r, node: plan.split.right }, { id: l, node: plan.split.left });
    }
    growth.splitter.release(top.node);
  }
}

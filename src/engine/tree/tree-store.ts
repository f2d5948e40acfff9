// The grown tree as flat typed arrays (scikit-learn's Tree): one slot per node, children of a node
// in consecutive slots [firstChild, firstChild + childCount). Learners append nodes here; the
// model JSON (preorder ids) is produced from it by to-model.ts.

const LEAF = -1;

function grown<T extends Int32Array | Float64Array | Uint8Array>(a: T, size: number): T {
  const b = new (a.constructor as { new (n: number): T })(size);
  b.set(a);
  return b;
}

export class TreeStore {
  count = 0;
  depth = new Int32Array(16);
  /** Sample (row) count; ID3/C4.5: weight (cases split fractionally at missing values). */
  samples = new Float64Array(16);
  /** Total weight of the samples (equal to `samples` without sample weights). */
  weight = new Float64Array(16);
  impurity = new Float64Array(16);
  /** `valueDim` entries per node: class weights, or the mean for regression. */
  value: Float64Array;
  feature = new Int32Array(16);
  threshold = new Float64Array(16);
  firstChild = new Int32Array(16);
  childCount = new Int32Array(16);
  /** Child index (0-based, within the node's children) taken by missing values and unseen categories. */
  missingChild = new Int32Array(16);
  /** 1 where training rows missing the split's feature reached the split node (docs/model-format.md `sawMissing`). */
  sawMissing = new Uint8Array(16);
  /** Categorical splits: where the node's (code, child) pairs start in the pools, or −1. */
  categoryOffset = new Int32Array(16);
  categoryCount = new Int32Array(16);
  /** Pools of (category code, child index) pairs: only the categories present at the node, so an
   * identifier-like column with many levels costs nothing at nodes where few of them occur. */
  categoryCode = new Int32Array(16);
  categoryChild = new Int32Array(16);
  private categoryUsed = 0;
  /** Weighted impurity decrease of each split node (N_t·imp_t − Σ N_c·imp_c), for importances. */
  decrease = new Float64Array(16);

  constructor(readonly valueDim: number) {
    this.value = new Float64Array(16 * valueDim);
  }

  /** Empties the tree, keeping its arrays for the next one (addNode writes every field of a node). */
  reset(): this {
    this.count = 0;
    this.categoryUsed = 0;
    return this;
  }

  /** Appends a leaf and returns its id. */
  addNode(depth: number, samples: number, weight: number, impurity: number, value: ArrayLike<number>): number {
    if (this.count === this.depth.length) this.reserve(this.count * 2);
    const id = this.count++;
    this.depth[id] = depth;
    this.samples[id] = samples;
    this.weight[id] = weight;
    this.impurity[id] = impurity;
    for (let k = 0; k < this.valueDim; k++) this.value[id * this.valueDim + k] = value[k];
    this.feature[id] = LEAF;
    this.threshold[id] = NaN;
    this.firstChild[id] = LEAF;
    this.childCount[id] = 0;
    this.missingChild[id] = LEAF;
    this.sawMissing[id] = 0;
    this.categoryOffset[id] = LEAF;
    this.categoryCount[id] = 0;
    this.decrease[id] = 0;
    return id;
  }

  isLeaf(id: number): boolean {
    return this.firstChild[id] === LEAF;
  }

  /** Turns leaf `id` into a split node whose children are the nodes [firstChild, firstChild + childCount). */
  setSplit(id: number, feature: number, threshold: number, firstChild: number, childCount: number, missingChild: number, sawMissing: boolean, decrease: number): void {
    this.feature[id] = feature;
    this.sawMissing[id] = sawMissing ? 1 : 0;
    this.threshold[id] = threshold;
    this.firstChild[id] = firstChild;
    this.childCount[id] = childCount;
    this.missingChild[id] = missingChild;
    this.decrease[id] = decrease;
  }

  /** Records, for a categorical split, the child index of each category code present at the node. */
  addCategoryBranch(id: number, code: number, child: number): void {
    if (this.categoryOffset[id] === LEAF) this.categoryOffset[id] = this.categoryUsed;
    if (this.categoryUsed === this.categoryCode.length) {
      this.categoryCode = grown(this.categoryCode, this.categoryUsed * 2);
      this.categoryChild = grown(this.categoryChild, this.categoryUsed * 2);
    }
    this.categoryCode[this.categoryUsed] = code;
    this.categoryChild[this.categoryUsed] = child;
    this.categoryUsed++;
    this.categoryCount[id]++;
  }

  private reserve(size: number): void {
    this.depth = grown(this.depth, size);
    this.samples = grown(this.samples, size);
    this.weight = grown(this.weight, size);
    this.impurity = grown(this.impurity, size);
    this.value = grown(this.value, size * this.valueDim);
    this.feature = grown(this.feature, size);
    this.threshold = grown(this.threshold, size);
    this.firstChild = grown(this.firstChild, size);
    this.childCount = grown(this.childCount, size);
    this.missingChild = grown(this.missingChild, size);
    this.sawMissing = grown(this.sawMissing, size);
    this.categoryOffset = grown(this.categoryOffset, size);
    this.categoryCount = grown(this.categoryCount, size);
    this.decrease = grown(this.decrease, size);
  }
}

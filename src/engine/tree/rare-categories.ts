// Many-valued categorical columns (README "CLI", `--min-category-samples`): in a CART subset split
// a category with fewer than `minCategorySamples` rows in the node joins the node's missing values
// — together they go to the side the search picks for them, and at prediction such a category
// follows `missingGoesTo` like an unseen one. A handful of rows gives no reliable class share
// (LightGBM's cat_smooth, default 10, leaves such categories out of its ordering the same way),
// and hundreds of them let a subset split memorise its rows. Counted in each node, as LightGBM does.

/** Default of TrainParams.minCategorySamples (LightGBM's cat_smooth). */
export const DEFAULT_MIN_CATEGORY_SAMPLES = 10;

/**
 * A node holding at most this many categories of a column searches all of them (LightGBM's
 * max_cat_to_onehot): so few subsets cannot memorise, and small textbook data keeps its trees.
 */
export const FEW_CATEGORIES = 4;

/** Whether a node holding `levels` categories of a column pools the rare ones with its missing values. */
export function poolsRareCategories(levels: number, minCategorySamples: number): boolean {
  return minCategorySamples > 1 && levels > FEW_CATEGORIES;
}

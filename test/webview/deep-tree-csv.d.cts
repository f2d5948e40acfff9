/** `rows` rows of a CSV whose depth-6 tree is full (127 nodes); see deep-tree-csv.cjs. */
export function deepTreeCsv(rows: number): string;

// Node colours. The Okabe–Ito hues stay distinguishable for colour-blind readers and, used as a
// translucent tint over the editor background with the theme's own text colour, read in dark,
// light and high-contrast themes alike.

export const CLASS_HUES: readonly string[] = [
  '#E69F00', // orange
  '#56B4E9', // sky blue
  '#009E73', // bluish green
  '#F0E442', // yellow
  '#0072B2', // blue
  '#D55E00', // vermillion
  '#CC79A7', // reddish purple
  '#999999', // grey
];

/** Hue of class `k`; the palette repeats beyond eight classes (the legend still tells them apart by name). */
export function classHue(k: number): string {
  return CLASS_HUES[k % CLASS_HUES.length];
}

/** Tint strengths as 8-bit alpha: a purer node gets a stronger fill. */
const ALPHAS = [0x26, 0x4d, 0x80, 0xb3];
export const STRENGTH_LEVELS = ALPHAS.length;

/**
 * Strength level 0..3 of a node whose majority share is `purity` among `classCount` classes:
 * chance level (1/K) maps to 0, a pure node to the top level.
 */
export function strengthLevel(purity: number, classCount: number): number {
  const chance = classCount > 1 ? 1 / classCount : 0;
  const strength = chance < 1 ? (purity - chance) / (1 - chance) : 1;
  return Math.max(0, Math.min(STRENGTH_LEVELS - 1, Math.floor(strength * STRENGTH_LEVELS)));
}

/** `#RRGGBBAA`: the hue at the given strength level. Hex, not rgba(), since Mermaid splits styles on commas. */
export function tint(hue: string, level: number): string {
  return hue + ALPHAS[level].toString(16).padStart(2, '0');
}

/** Colour of the highlighted path of a row (edges and node outlines). */
export const PATH_COLOUR = '#E0115F';

/** Outlines of the nodes that differ between two compared trees (src/shared/tree-diff.ts). */
export const DIFF_COLOUR = { changed: '#9B30FF', only: '#1E90FF' } as const;

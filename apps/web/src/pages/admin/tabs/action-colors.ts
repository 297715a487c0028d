/**
 * Filled buttons that say yes (approve a change, accept a proof): a green that white text reads
 * on at 4.5:1. Mantine's green-8 and green-9 give 3.4:1 and 4.4:1 with white (and autoContrast,
 * with its luminance threshold of 0.3, keeps white on them); teal-9 gives 5.0:1.
 */
export const YES_COLOR = 'teal.9';

/** Filled buttons that say no (reject, void): red-9, 5.5:1 with white (red-8 is 4.5:1, at the edge). */
export const NO_COLOR = 'red.9';

/** Strings of the parent screens. */
export const parent = {} as const;

/** Strings of the driver screens. */
export const driver = {} as const;

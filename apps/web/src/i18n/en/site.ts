/** Strings of the public site: landing, registration, terms, the login pages. */
export const site = {} as const;

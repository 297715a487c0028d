/**
 * The shape a second language must fill: every key of the English catalog, each a string. An Arabic
 * catalog typed with it fails the typecheck when a key is missing, extra or not a string.
 */
export type CatalogOf<T> = { readonly [K in keyof T]: T[K] extends string ? string : CatalogOf<T[K]> };

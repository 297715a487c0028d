import type { Access } from '../security/access.js';
import { PROCEDURES } from './procedures.js';

/**
 * Every procedure's access, as its kind states it (init.ts): what REST paths that call a procedure,
 * the OpenAPI document and the authorization matrix test read.
 */
export const PROCEDURE_ACCESS: Readonly<Record<string, Access>> = Object.fromEntries(PROCEDURES.map(({ name, meta }) => [name, meta.access]));

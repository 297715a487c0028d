import type { Access } from '../security/access.js';
import { appRouter } from './router.js';
import type { ProcedureMeta } from './init.js';

interface ProcedureDefinition {
  _def: { meta?: ProcedureMeta };
}

function readAccessFromRouter(): Record<string, Access> {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDefinition> } })._def.procedures;
  const table: Record<string, Access> = {};
  for (const [path, procedure] of Object.entries(procedures)) {
    const access = procedure._def.meta?.access;
    if (!access) throw new Error(`${path} states no access: build it from a procedure kind of trpc/init.ts`);
    table[path] = access;
  }
  return table;
}

/**
 * Every procedure's access, as its kind states it (init.ts): what REST paths that call a procedure,
 * the OpenAPI document and the authorization matrix test read. A procedure built without a kind
 * stops the server at start.
 */
export const PROCEDURE_ACCESS: Readonly<Record<string, Access>> = readAccessFromRouter();

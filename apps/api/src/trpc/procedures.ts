import type { AnyTRPCProcedure } from '@trpc/server';
import { appRouter } from './router.js';
import type { ProcedureMeta } from './init.js';

/** One procedure of the router: its dotted name ('admin.students.list'), its type and what it declares. */
export interface DeclaredProcedure {
  name: string;
  type: AnyTRPCProcedure['_def']['type'];
  meta: ProcedureMeta;
}

/** The router's tree, as built: a procedure is a function, a router an object of routers and procedures. */
type RouterNode = AnyTRPCProcedure | { readonly [key: string]: RouterNode };
const ROUTER_OWN_KEYS = new Set(['_def', 'createCaller']);

function* walk(node: { readonly [key: string]: RouterNode }, prefix: string): Generator<DeclaredProcedure> {
  for (const [key, child] of Object.entries(node)) {
    if (ROUTER_OWN_KEYS.has(key)) continue;
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof child !== 'function') {
      yield* walk(child, name);
      continue;
    }
    const meta = child.meta as ProcedureMeta | undefined;
    if (!meta?.access) throw new Error(`${name} states no access: build it from a procedure kind of trpc/init.ts`);
    yield { name, type: child._def.type, meta };
  }
}

/**
 * Every procedure of the router with its declaration, read once at start: what the REST paths, the
 * OpenAPI document, the access table and the tests that call every procedure are built from. A
 * procedure built without a kind stops the server at start.
 */
export const PROCEDURES: readonly DeclaredProcedure[] = [...walk(appRouter as unknown as { readonly [key: string]: RouterNode }, '')];
export const PROCEDURES_BY_NAME: ReadonlyMap<string, DeclaredProcedure> = new Map(PROCEDURES.map((procedure) => [procedure.name, procedure]));

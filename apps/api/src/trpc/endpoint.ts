import type { z } from 'zod';

/** A Standard Schema (standardschema.dev): the parser shape tRPC takes for `.input()` and `.output()`. */
export interface StandardParser<Input, Output> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { readonly value: Output } | { readonly issues: readonly { readonly message: string }[] };
    readonly types?: { readonly input: Input; readonly output: Output };
  };
}

/**
 * A procedure's REST path, as the published reference gives it: 'METHOD /api/path' (Fastify's
 * :param syntax). rest/json-paths.ts registers it and docs/api/openapi.json describes it, both read
 * from here, so the path and its procedure cannot drift apart.
 */
export interface RestRoute {
  route: `${'GET' | 'POST' | 'PUT' | 'DELETE'} /api/${string}`;
  summary: string;
  /**
   * The path's operationId in the OpenAPI document, where it is not the procedure's name.
   * OperationIds are a published contract, which clients generated from the document name their
   * functions by: a procedure renamed keeps the operationId its path was published with.
   */
  operationId?: string;
  /**
   * Where the input comes from besides the path's parameters (which win over a field of the same
   * name): the query string or the JSON body. Absent: the path's parameters only.
   */
  from?: 'query' | 'body';
  /** A path parameter the procedure knows by another name ({ id: 'studentId' }). */
  paramNames?: Record<string, string>;
  /** Status of a success when not 200; a function when the answer decides (201 created, 200 already there). */
  status?: number | ((answer: unknown) => number);
  /** The path names the caller's own id: anyone else's id answers 403 even to the allowed role. */
  ownIdOnly?: boolean;
}

/**
 * Everything a procedure declares about its endpoint, once: what it takes and what it answers (Zod
 * schemas from packages/contracts), and its REST paths if it has any. Who may call it is the kind
 * it is built from (init.ts).
 */
export interface Endpoint<Input extends z.ZodType | undefined, Answer extends z.ZodType> {
  input?: Input;
  answer: Answer;
  rest?: RestRoute | readonly RestRoute[];
  /**
   * A write that changes no session, user or cached answer (a phone's positions, several a minute
   * from every bus): the caches are left as they are after it, instead of cleared as after every
   * other mutation.
   */
  sparesCaches?: true;
}

/**
 * The input of a procedure that takes none, for its type: called without one. At run time such a
 * procedure has no input parser at all (init.ts), so whatever a client sends anyway (an empty
 * body, `{}`) is ignored rather than refused.
 */
export const NO_INPUT: StandardParser<void, undefined> = {
  '~standard': { version: 1, vendor: 'school-transport', validate: () => ({ value: undefined }) },
};

/** The parser tRPC is given for an endpoint's input: its schema, or NO_INPUT. */
export type InputParser<Input extends z.ZodType | undefined> = Input extends z.ZodType ? Input : typeof NO_INPUT;

/** A procedure's REST paths as a list (none, one or several). */
export function restRoutesOf(rest: Endpoint<undefined, z.ZodType>['rest']): readonly RestRoute[] {
  if (!rest) return [];
  return 'route' in rest ? [rest] : rest;
}

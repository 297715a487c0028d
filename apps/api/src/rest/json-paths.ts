import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { callByName } from '../trpc/router.js';
import type { CallerFor } from './caller.js';
import { REST_PATHS, type RestPath } from './paths.js';

const asObject = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/** The procedure's input: the query string or the JSON body (as the row says), with the path's parameters over it. */
function inputOf(row: RestPath, req: FastifyRequest): unknown {
  const params = Object.fromEntries(Object.entries(asObject(req.params)).map(([name, value]) => [row.paramNames?.[name] ?? name, value]));
  if (!row.from && Object.keys(params).length === 0) return undefined;
  const rest = row.from === 'query' ? asObject(req.query) : row.from === 'body' ? asObject(req.body) : {};
  return { ...rest, ...params };
}

/**
 * Registers every JSON path of rest/paths.ts: each calls its procedure, through the same gate
 * (who may call it, what text it takes) as the web app's calls, and answers the result as JSON
 * with the row's status. Errors go through the server's error handler: `{ message }` and the
 * status of the procedure's error.
 */
export function registerJsonPaths(app: FastifyInstance, callerFor: CallerFor): void {
  for (const [route, row] of Object.entries(REST_PATHS)) {
    const { procedure } = row;
    if (!procedure) continue;
    const [method, url] = route.split(' ') as [HTTPMethods, string];
    app.route({
      method,
      url,
      handler: async (req, reply) => {
        const result = await callByName(await callerFor(req, reply), procedure, inputOf(row, req));
        const status = typeof row.status === 'function' ? row.status(result) : (row.status ?? 200);
        return reply.code(status).send(result);
      },
    });
  }
}

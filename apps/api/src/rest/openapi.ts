import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { PROCEDURES_BY_NAME } from '../trpc/procedures.js';
import { PERMISSIONS } from '@school-transport/contracts';
import { accessOfPath, REST_PATHS, type RestPath } from './paths.js';
import { permissionOf, type Access } from '../security/access.js';

type JsonSchema = Record<string, unknown>;

/** A Zod schema as JSON Schema: what a client sends (io 'input') or what it is sent (io 'output'). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return json;
}

/** The request schema of a path (what a client sends), as JSON Schema. */
function inputSchema(row: RestPath): JsonSchema | undefined {
  const input = row.procedure ? PROCEDURES_BY_NAME.get(row.procedure)?.meta.input : row.handler?.input;
  return input ? jsonSchemaOf(input, 'input') : undefined;
}

/** A success answer: JSON with its schema, a file under its own media type, or no body at all. */
function successResponse(row: RestPath): Record<string, unknown> {
  const answer = row.procedure ? PROCEDURES_BY_NAME.get(row.procedure)?.meta.answer : undefined;
  if (answer) return { description: 'Success', content: { 'application/json': { schema: jsonSchemaOf(answer, 'output') } } };
  const handled = row.answer;
  if (!handled) throw new Error(`${row.summary}: a path states its answer (its procedure's answer schema, or its row's answer)`);
  if ('empty' in handled) return { description: handled.empty };
  if ('json' in handled) return { description: 'Success', content: { 'application/json': { schema: jsonSchemaOf(handled.json, 'output') } } };
  const file = (media: string) => ({ schema: media.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } });
  return { description: handled.description, content: Object.fromEntries(handled.media.map((media) => [media, file(media)])) };
}

const METHOD_ORDER = ['get', 'post', 'put', 'delete'];

const ERROR_BODY = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    issues: { type: 'object', additionalProperties: { type: 'string' } },
    code: {
      type: 'string',
      description:
        "The message's stable name ('server.tooManyAttempts'), when it is one of the product's messages: a translation is found by it, while the English of `message` may be reworded.",
    },
    issueCodes: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'The codes of the field messages in `issues` that have one, by field.',
    },
  },
  required: ['message'],
};
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

const ACCESS_TEXT: Partial<Record<Access, string>> = {
  anyone: 'No sign-in needed.',
  'signed-in': 'Any signed-in user.',
  parent: 'Parents only; a parent sees only their own records.',
  crew: "A bus's crew: its driver or its attendant; each sees only their own bus's list and day.",
  whatsapp:
    'The WhatsApp Cloud API: signed with X-Hub-Signature-256 (HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET); the handshake with WHATSAPP_VERIFY_TOKEN.',
  tracker:
    "A bus's tracker or tracking app: no session; the OsmAnd paths by the vehicle's tracker identifier (unknown ones counted per address), Traccar's forwarding by Authorization: Bearer TRACCAR_FORWARD_SECRET.",
  tap: "Tap Payments: the hashstring header, HMAC-SHA256 with TAP_SECRET_KEY over the charge's x_id, x_amount, x_currency, x_gateway_reference, x_payment_reference, x_status and x_created.",
};

/** Who may call, in words: the office's paths name the roles holding their permission. */
function accessText(access: Access): string {
  const text = ACCESS_TEXT[access];
  if (text) return text;
  const permission = permissionOf(access)!;
  const office = PERMISSIONS[permission].length === 1 ? 'Admins only.' : `The office (${PERMISSIONS[permission].join(' and ')}; permission ${permission}).`;
  return access.startsWith('parent-or-office:') ? `The family's parent, or the office (${PERMISSIONS[permission].join(' and ')}).` : office;
}

/**
 * The REST reference, generated from rest/paths.ts and the procedures' Zod input schemas, so it
 * cannot drift from what the server validates.
 */
export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [route, row] of Object.entries(REST_PATHS)) {
    const access = accessOfPath(route);
    const [method, pattern] = route.split(' ') as [string, string];
    const pathParams = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const openApiPath = pattern.replace(/:(\w+)/g, '{$1}');
    const schema = inputSchema(row);
    const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema?.required ?? []) as string[]);
    const parameters: unknown[] = pathParams.map((name) => ({ name, in: 'path', required: true, schema: properties[name] ?? { type: 'string' } }));
    const operation: Record<string, unknown> = {
      summary: row.summary,
      description: accessText(access),
      tags: [pattern.split('/')[2] ?? 'api'],
      operationId: row.operationId ?? row.procedure ?? row.handler?.name ?? route,
      responses: {
        [String(typeof row.status === 'number' ? row.status : 200)]: successResponse(row),
        '400': errorResponse('Invalid input: `message` and the field messages in `issues`'),
        ...(access === 'anyone' ? {} : { '401': errorResponse('Not signed in') }),
        ...(access === 'anyone' || access === 'signed-in' || access === 'tracker' ? {} : { '403': errorResponse('Signed in with another role') }),
        '404': errorResponse('Not found'),
        '429': errorResponse('Too many requests'),
      },
      // A tracker's paths take no session: the identifier or the forwarding secret is the key.
      ...(access === 'anyone' || access === 'tracker' ? {} : { security: [{ sessionCookie: [] }] }),
    };
    if (schema && (method === 'GET' || method === 'DELETE')) {
      for (const [name, property] of Object.entries(properties)) {
        if (!pathParams.includes(name)) parameters.push({ name, in: 'query', required: required.has(name), schema: property });
      }
    } else if (schema) {
      const bodyProperties = Object.fromEntries(Object.entries(properties).filter(([name]) => !pathParams.includes(name)));
      const body = schema.properties ? { ...schema, properties: bodyProperties, required: [...required].filter((name) => !pathParams.includes(name)) } : schema;
      operation.requestBody = { required: true, content: { [row.multipart ? 'multipart/form-data' : 'application/json']: { schema: body } } };
    }
    if (parameters.length > 0) operation.parameters = parameters;
    paths[openApiPath] = { ...paths[openApiPath], [method.toLowerCase()]: operation };
  }
  // In path order, whichever file declares a path: the document changes only where the API does.
  const sortedPaths = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((path) => [path, Object.fromEntries(METHOD_ORDER.filter((method) => paths[path]![method]).map((method) => [method, paths[path]![method]]))]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Student Transport API',
      version: '1',
      description:
        'The REST paths of the school transport application. Every error answers JSON { message }. Sign in with POST /api/auth/login (or /api/driver/login); the session cookie `sid` authenticates the rest.',
    },
    paths: sortedPaths,
    components: {
      schemas: { Error: ERROR_BODY },
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sid' } },
    },
  };
}

/**
 * The document is built on its first request and kept: building it (every schema turned into JSON
 * Schema) takes a few hundred milliseconds that a server start, and every test's server, need not pay.
 */
let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export function registerOpenApi(app: FastifyInstance): void {
  app.get('/api/openapi.json', async () => {
    document ??= buildOpenApiDocument();
    return document;
  });
}

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { OPENAPI_FILE, renderOpenApi } from '../cli/openapi.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('the REST reference', () => {
  it('is served at /api/openapi.json and names every /api path the server answers', async () => {
    const response = await t.client().get<{ openapi: string; paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    const documented = Object.entries(response.body.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const served = t.server.routes.filter((route) => route.split(' ')[1]!.startsWith('/api/'));
    expect(documented.sort()).toEqual(served.sort());
  });

  it('describes request bodies with the procedures’ own validation rules', async () => {
    const response = await t.client().get<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, { pattern?: string }>; required: string[] } }> } }>
      >;
    }>('/api/openapi.json');
    const registration = response.body.paths['/api/registrations']!.post!.requestBody!.content['application/json']!.schema;
    expect(registration.properties.parentPhone!.pattern).toBe('^\\d{8}$');
    expect(registration.required).toContain('termsAccepted');
  });

  it('documents every success answer: JSON with a schema, a file under its media type, or no body', async () => {
    type Operation = { responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }> };
    const response = await t.client().get<{ paths: Record<string, Record<string, Operation>> }>('/api/openapi.json');
    const undocumented = Object.entries(response.body.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => {
        const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
        const blank = successes.some(([, answer]) =>
          Object.values(answer.content ?? {}).some((media) => !media.schema || Object.keys(media.schema).length === 0),
        );
        return successes.length !== 1 || blank ? [`${method.toUpperCase()} ${path}`] : [];
      }),
    );
    expect(undocumented).toEqual([]);
    const students = response.body.paths['/api/parent/students']!.get!.responses['200']!.content!['application/json']!.schema!;
    expect(students).toMatchObject({ type: 'object', required: ['students'] });
  });

  it('is committed as docs/api/openapi.json exactly as generated (run `pnpm docs:openapi` after changing a path)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi());
  });
});

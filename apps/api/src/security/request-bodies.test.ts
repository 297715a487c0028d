import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.js';
import { createParent } from '../test/factories.js';
import { exposeGarbageCollection, peakGrowth, sendStreamed } from '../test/streamed-request.js';

const MEGABYTE = 1024 * 1024;
const JSON_ONLY = { message: 'Send the request as JSON (Content-Type: application/json)', code: 'server.jsonOnly' };
const TOO_LARGE = { message: 'The request is too large', code: 'server.payloadTooLarge' };

let t: TestServer;
beforeAll(async () => {
  // A full collection before each measurement, so that garbage left by earlier tests is not counted.
  exposeGarbageCollection();
  t = await startTestServer();
});
afterAll(() => t.close());

describe('the tRPC endpoint takes JSON only', () => {
  it('refuses a 96 MB multipart sign-in with 415 before reading it, and the server does not grow', async () => {
    // A well-formed form with one 96 MB field, as a form parser would read it whole.
    const boundary = 'x-boundary';
    const { result, growth } = await peakGrowth(() =>
      sendStreamed(t.url, '/trpc/auth.login', {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        head: `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n`,
        totalBytes: 96 * MEGABYTE,
        tail: `\r\n--${boundary}--\r\n`,
      }),
    );
    expect(result.status).toBe(415);
    expect(result.body).toEqual(JSON_ONLY);
    // Answered while the client was still sending: the body was not waited for.
    expect(result.bytesSent).toBeLessThan(16 * MEGABYTE);
    expect(growth).toBeLessThan(16 * MEGABYTE);
  });

  it('refuses every other body type, and a body with no type, with 415 { message }', async () => {
    const parent = await createParent(t.db);
    const body = JSON.stringify({ email: parent.email, password: parent.password });
    for (const type of [
      'multipart/form-data; boundary=x',
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/octet-stream',
      'application/x-www-form-urlencoded',
      'application/jsonx',
      undefined,
    ]) {
      const headers: Record<string, string> = type === undefined ? {} : { 'content-type': type };
      const response = await fetch(`${t.url}/trpc/auth.login`, { method: 'POST', headers, body: type === undefined ? new Blob([body]) : body });
      expect(response.status, String(type)).toBe(415);
      expect(await response.json(), String(type)).toEqual(JSON_ONLY);
      expect(response.headers.get('set-cookie'), `${type}: signed in`).toBeNull();
    }
    // The same sign-in as JSON works, charset or not; and queries still travel in the URL.
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const response = await fetch(`${t.url}/trpc/auth.login`, { method: 'POST', headers: { 'content-type': type }, body });
      expect(response.status, type).toBe(200);
    }
    expect((await fetch(`${t.url}/trpc/public.meta?input=${encodeURIComponent('{}')}`)).status).toBe(200);
  });

  it('still lets the proof upload take its multipart form (the refusal is the tRPC endpoint’s alone)', async () => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(10)], { type: 'image/png' }), 'proof.png');
    const response = await fetch(`${t.url}/api/parent/fees/00000000-0000-4000-8000-000000000000/proofs`, { method: 'POST', body: form });
    // Signed out: the upload path answers who may upload, not which body types exist.
    expect(response.status).toBe(401);
  });
});

describe('body limits hold while streaming', () => {
  const json = Buffer.from(`{"email":"${'a'.repeat(64 * 1024 - 12)}`);

  it('cuts off a 100 MB chunked JSON body past 1 MB with 413 { message }, without growing', async () => {
    for (const path of ['/trpc/auth.login', '/api/auth/login']) {
      const { result, growth } = await peakGrowth(() =>
        sendStreamed(t.url, path, { headers: { 'content-type': 'application/json' }, totalBytes: 100 * MEGABYTE, piece: json }),
      );
      // The answer reaches the client still writing (the server reads on and drops the rest, within bounds).
      expect(result.status, path).toBe(413);
      expect(result.body, path).toEqual(TOO_LARGE);
      expect(result.bytesSent, path).toBeLessThan(16 * MEGABYTE);
      expect(growth, path).toBeLessThan(16 * MEGABYTE);
    }
  });

  it('refuses a declared Content-Length over 1 MB at once', async () => {
    for (const path of ['/trpc/auth.login', '/api/auth/login', '/api/registrations']) {
      const result = await sendStreamed(t.url, path, {
        headers: { 'content-type': 'application/json', 'content-length': String(100 * MEGABYTE) },
        totalBytes: 100 * MEGABYTE,
        piece: json,
      });
      expect(result.status, path).toBe(413);
      expect(result.body, path).toEqual(TOO_LARGE);
      expect(result.bytesSent, path).toBeLessThan(16 * MEGABYTE);
    }
  });

  it('refuses a large body of a type no route takes with 415 before reading it', async () => {
    const result = await sendStreamed(t.url, '/api/auth/login', { headers: { 'content-type': 'application/octet-stream' }, totalBytes: 100 * MEGABYTE });
    expect(result.status).toBe(415);
    expect(result.bytesSent).toBeLessThan(16 * MEGABYTE);
  });
});

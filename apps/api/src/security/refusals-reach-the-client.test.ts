import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_MESSAGES, PROOF_PENDING_MAX_PER_FEE, SERVER_MESSAGES, STUDENT_IMPORT_MESSAGES } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../test/harness.js';
import { createAdmin, createArea, createSchool } from '../test/factories.js';
import { createFeeFamily } from '../test/families.js';
import { exposeGarbageCollection, peakGrowth } from '../test/streamed-request.js';

/**
 * A body refused before it has all been sent (over its size, of a type the path does not take)
 * is answered, and the answer reaches a client that is still sending: Node's fetch reads the 413
 * or 415 and its `{ message }` every time, instead of EPIPE. A sender that goes on and on is still
 * cut off, and the server does not hold what it throws away.
 */
const MEGABYTE = 1024 * 1024;
const ATTEMPTS = 10;
const SIX_MEGABYTES = new Uint8Array(6 * MEGABYTE).fill(0x41);
const PNG_HEAD = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** A 6 MB file that starts as a PNG. */
const BIG_PNG = Buffer.concat([PNG_HEAD, Buffer.alloc(6 * MEGABYTE)]);
const TOO_LARGE = { message: SERVER_MESSAGES.payloadTooLarge, code: 'server.payloadTooLarge' };
const JSON_ONLY = { message: SERVER_MESSAGES.jsonOnly, code: 'server.jsonOnly' };

let t: TestServer;
let office: HttpClient;
let schoolId: string;
let areaId: string;
const MONTHS = ['2027-09', '2027-10'];

beforeAll(async () => {
  exposeGarbageCollection();
  t = await startTestServer();
  office = await t.signIn(await createAdmin(t.db));
  schoolId = (await createSchool(t.db)).id;
  areaId = (await createArea(t.db, '30.00')).id;
});
afterAll(() => t.close());

/** A signed-in parent with one student and that student's fee rows of MONTHS. */
const family = () => createFeeFamily(t, { schoolId, areaId, months: MONTHS });

/** What Node's fetch makes of the answer: the status and body, or the error it threw instead. */
async function send(url: string, init: RequestInit): Promise<{ status: number; body: unknown } | { error: string }> {
  try {
    const response = await fetch(url, init);
    return { status: response.status, body: (await response.json()) as unknown };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { error: cause?.code ?? cause?.message ?? String(error) };
  }
}

function proofForm(file: Uint8Array, type = 'image/png') {
  const form = new FormData();
  form.append('amountBhd', '30');
  form.append('reference', 'BENEFIT-1');
  form.append('file', new Blob([file], { type }), 'proof.png');
  return form;
}

const withCookie = (client: HttpClient): Record<string, string> => (client.cookie ? { cookie: client.cookie } : {});

/** `answers` sent one after the other: every answer, so a failure shows them all. */
async function repeat(times: number, answer: () => Promise<unknown>): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (let attempt = 0; attempt < times; attempt += 1) answers.push(await answer());
  return answers;
}

describe('a 6 MB proof upload sent with fetch', () => {
  it(`is answered 413 { message } ${ATTEMPTS} times of ${ATTEMPTS}, and nothing is stored`, async () => {
    const parent = await family();
    const answers = await repeat(ATTEMPTS, () =>
      send(`${t.url}/api/parent/fees/${parent.feeIds[0]}/proofs`, { method: 'POST', body: proofForm(BIG_PNG), headers: withCookie(parent.client) }),
    );
    expect(answers).toEqual(Array(ATTEMPTS).fill({ status: 413, body: { message: FEE_MESSAGES.fileTooLarge, code: 'fees.fileTooLarge' } }));
    expect(await t.db.selectFrom('paymentProofs').select('id').where('feeId', '=', parent.feeIds[0]!).execute()).toEqual([]);
  });

  it('is answered 413 whatever else would refuse it: another family’s fee, a full month, a file that is no image, nobody signed in', async () => {
    const parent = await family();
    const other = await family();
    // The month's waiting places all taken: a small upload there is refused for that.
    const [fullFee] = parent.feeIds as [string];
    for (let i = 0; i < PROOF_PENDING_MAX_PER_FEE; i++) {
      const small = await send(`${t.url}/api/parent/fees/${fullFee}/proofs`, { method: 'POST', body: proofForm(PNG_HEAD), headers: withCookie(parent.client) });
      expect(small).toMatchObject({ status: 201 });
    }
    expect(
      await send(`${t.url}/api/parent/fees/${fullFee}/proofs`, { method: 'POST', body: proofForm(PNG_HEAD), headers: withCookie(parent.client) }),
    ).toMatchObject({ status: 429 });

    const refusedForSize = { status: 413, body: { message: FEE_MESSAGES.fileTooLarge, code: 'fees.fileTooLarge' } };
    const cases: Record<string, () => Promise<unknown>> = {
      'another family’s fee': () =>
        send(`${t.url}/api/parent/fees/${other.feeIds[0]}/proofs`, { method: 'POST', body: proofForm(BIG_PNG), headers: withCookie(parent.client) }),
      'a full month': () =>
        send(`${t.url}/api/parent/fees/${fullFee}/proofs`, { method: 'POST', body: proofForm(BIG_PNG), headers: withCookie(parent.client) }),
      'a file that is no image': () =>
        send(`${t.url}/api/parent/fees/${parent.feeIds[1]}/proofs`, {
          method: 'POST',
          body: proofForm(SIX_MEGABYTES, 'application/octet-stream'),
          headers: withCookie(parent.client),
        }),
      'nobody signed in': () => send(`${t.url}/api/parent/fees/${parent.feeIds[1]}/proofs`, { method: 'POST', body: proofForm(BIG_PNG) }),
    };
    for (const [what, answer] of Object.entries(cases)) expect(await repeat(3, answer), what).toEqual(Array(3).fill(refusedForSize));
  });
});

describe('a 6 MB student import sent with fetch', () => {
  it(`is answered 413 { message } ${ATTEMPTS} times of ${ATTEMPTS}`, async () => {
    const answers = await repeat(ATTEMPTS, () => {
      const form = new FormData();
      form.append('file', new Blob([SIX_MEGABYTES]), 'students.csv');
      return send(`${t.url}/api/admin/students/import?dryRun=true`, { method: 'POST', body: form, headers: withCookie(office) });
    });
    expect(answers).toEqual(Array(ATTEMPTS).fill({ status: 413, body: { message: STUDENT_IMPORT_MESSAGES.fileTooLarge, code: expect.any(String) } }));
  });
});

describe('bodies the JSON paths refuse, sent with fetch', () => {
  it(`a 6 MB multipart form to /trpc is answered 415 { message } ${ATTEMPTS} times of ${ATTEMPTS}`, async () => {
    const answers = await repeat(ATTEMPTS, () => {
      const form = new FormData();
      form.append('email', new Blob([SIX_MEGABYTES]), 'email.txt');
      return send(`${t.url}/trpc/auth.login`, { method: 'POST', body: form });
    });
    expect(answers).toEqual(Array(ATTEMPTS).fill({ status: 415, body: JSON_ONLY }));
  });

  it(`a 6 MB JSON body to /trpc and to /api is answered 413 { message } ${ATTEMPTS} times of ${ATTEMPTS}`, async () => {
    const body = JSON.stringify({ email: 'a'.repeat(6 * MEGABYTE), password: 'x' });
    for (const path of ['/trpc/auth.login', '/api/auth/login']) {
      const answers = await repeat(ATTEMPTS, () => send(`${t.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } }));
      expect(answers, path).toEqual(Array(ATTEMPTS).fill({ status: 413, body: TOO_LARGE }));
    }
  });

  it('a 6 MB body of a type no /api path takes is answered 415', async () => {
    const answers = await repeat(3, () =>
      send(`${t.url}/api/auth/login`, { method: 'POST', body: SIX_MEGABYTES, headers: { 'content-type': 'application/octet-stream' } }),
    );
    expect(answers).toEqual(Array(3).fill({ status: 415, body: expect.objectContaining({ message: expect.any(String) }) }));
  });
});

/**
 * A raw client that sends `head`, then body bytes for as long as the connection stays open
 * (never taking the answer as a reason to stop), up to `limit`. With `silentMs`, it sends nothing
 * for that long after the head, then tries to send on. It never closes its own side. Answers
 * what it read, how much it wrote, and whether the server had cut the connection.
 */
async function stubbornSender(path: string, head: string, options: { limit: number; silentMs?: number }) {
  const { hostname, port } = new URL(t.url);
  const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
  const received: Buffer[] = [];
  let cut = false;
  const cutting = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    // Writing to a connection the server destroyed fails (EPIPE, ECONNRESET); a close is a cut too.
    socket.on('error', () => {
      cut = true;
      resolve();
    });
    socket.on('close', () => {
      cut = true;
      resolve();
    });
  });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${head}Transfer-Encoding: chunked\r\n\r\n`);
  if (options.silentMs) await new Promise((resolve) => setTimeout(resolve, options.silentMs));
  const piece = Buffer.alloc(64 * 1024, 0x61);
  const chunk = Buffer.concat([Buffer.from(`${piece.byteLength.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
  let sent = 0;
  const write = () => new Promise<void>((resolve) => (socket.write(chunk) ? setTimeout(resolve, options.silentMs ? 50 : 0) : socket.once('drain', resolve)));
  while (!cut && sent < options.limit) {
    await Promise.race([write(), cutting]);
    sent += piece.byteLength;
  }
  await Promise.race([cutting, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  socket.destroy();
  const answer = Buffer.concat(received).toString('latin1');
  return { status: Number(answer.split(' ')[1]), connection: /^connection: *(\S+)/im.exec(answer)?.[1], cut, sent };
}

/**
 * A client that reads the answer only once it has written its whole body, as many simple clients
 * do: it writes `body` with its Content-Length, then reads. Answers the status it read, or the
 * error that writing or reading met instead.
 */
async function sendThenRead(path: string, headers: string, body: Uint8Array): Promise<{ status: number; body: unknown } | { error: string }> {
  const { hostname, port } = new URL(t.url);
  const socket = connect(Number(port), hostname);
  let failure: string | undefined;
  socket.on('error', (error: NodeJS.ErrnoException) => (failure ??= error.code ?? error.message));
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.pause();
  const write = (data: Uint8Array | string) =>
    new Promise<void>((resolve) => (socket.write(data, () => resolve()) ? resolve() : socket.once('drain', resolve)));
  await write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${headers}Content-Length: ${body.byteLength}\r\n\r\n`);
  for (let offset = 0; offset < body.byteLength && failure === undefined && !socket.destroyed; offset += 64 * 1024) {
    await write(body.subarray(offset, offset + 64 * 1024));
  }
  const received: Buffer[] = [];
  await new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('end', resolve);
    socket.on('close', resolve);
    setTimeout(resolve, 5_000);
    socket.resume();
  });
  socket.destroy();
  const answer = Buffer.concat(received).toString('latin1');
  if (!answer) return { error: failure ?? 'no answer' };
  return { status: Number(answer.split(' ')[1]), body: JSON.parse(answer.split('\r\n\r\n')[1] ?? 'null') as unknown };
}

describe('a client that reads only after sending its whole body', () => {
  it('reads the 413 of a 6 MB JSON body and the 415 of a 6 MB text body', async () => {
    const json = new TextEncoder().encode(JSON.stringify({ email: 'a'.repeat(6 * MEGABYTE) }));
    expect(await repeat(3, () => sendThenRead('/api/auth/login', 'Content-Type: application/json\r\n', json))).toEqual(
      Array(3).fill({ status: 413, body: TOO_LARGE }),
    );
    expect(await repeat(3, () => sendThenRead('/trpc/auth.login', 'Content-Type: text/plain\r\n', SIX_MEGABYTES))).toEqual(
      Array(3).fill({ status: 415, body: JSON_ONLY }),
    );
  });

  it('reads the 413 of a 6 MB proof upload', async () => {
    const parent = await family();
    const form = new Response(proofForm(BIG_PNG));
    const type = form.headers.get('content-type')!;
    const bytes = new Uint8Array(await form.arrayBuffer());
    const answers = await repeat(3, () =>
      sendThenRead(`/api/parent/fees/${parent.feeIds[0]}/proofs`, `Cookie: ${parent.client.cookie}\r\nContent-Type: ${type}\r\n`, bytes),
    );
    expect(answers).toEqual(Array(3).fill({ status: 413, body: { message: FEE_MESSAGES.fileTooLarge, code: 'fees.fileTooLarge' } }));
  });
});

describe('the bound on what is thrown away', () => {
  it('cuts off a sender that streams on and on after its 415, having read it no further than the bound', async () => {
    const { result: answer, growth } = await peakGrowth(() =>
      stubbornSender('/trpc/auth.login', 'Content-Type: multipart/form-data; boundary=x\r\n', { limit: 200 * MEGABYTE }),
    );
    expect(answer).toMatchObject({ status: 415, connection: 'close', cut: true });
    // The bound (twice the largest upload form, about 10.5 MB) plus what the sockets' buffers took.
    expect(answer.sent).toBeLessThan(40 * MEGABYTE);
    // What is thrown away is never held: the server (and this test's client) does not grow.
    expect(growth).toBeLessThan(16 * MEGABYTE);
  });

  it('cuts off a sender that streams on and on past a proof form’s size, after its 413', async () => {
    const parent = await family();
    const answer = await stubbornSender(
      `/api/parent/fees/${parent.feeIds[1]}/proofs`,
      `Cookie: ${parent.client.cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\n`,
      { limit: 200 * MEGABYTE },
    );
    expect(answer).toMatchObject({ status: 413, connection: 'close', cut: true });
    expect(answer.sent).toBeLessThan(48 * MEGABYTE);
  });

  it('cuts off a sender that falls silent after its answer and never closes, once 5 s have passed', async () => {
    // Silent for 6 s, then it sends on: by then the server has cut the connection.
    const answer = await stubbornSender('/trpc/auth.login', 'Content-Type: text/plain\r\n', { limit: 4 * MEGABYTE, silentMs: 6_000 });
    expect(answer).toMatchObject({ status: 415, connection: 'close', cut: true });
    // Cut at once when it sends on: a drain bounded only by its 10 s would have taken far more.
    expect(answer.sent).toBeLessThan(1 * MEGABYTE);
  });

  it('keeps serving after refusals: a small proof is still stored', async () => {
    const parent = await family();
    const stored = await send(`${t.url}/api/parent/fees/${parent.feeIds[1]}/proofs`, {
      method: 'POST',
      body: proofForm(PNG_HEAD),
      headers: withCookie(parent.client),
    });
    expect(stored).toMatchObject({ status: 201 });
  });
});

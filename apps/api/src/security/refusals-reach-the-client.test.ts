import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_MESSAGES, PROOF_PENDING_MAX_PER_FEE, SERVER_MESSAGES, STUDENT_IMPORT_MESSAGES } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../test/harness.js';
import { createAdmin, createArea, createParent, createSchool, createStudent } from '../test/factories.js';
import { generateFeesForMonth } from '../domain/fees/generate.js';

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
  t = await startTestServer();
  office = await t.signIn(await createAdmin(t.db));
  schoolId = (await createSchool(t.db)).id;
  areaId = (await createArea(t.db, '30.00')).id;
});
afterAll(() => t.close());

/** A signed-in parent with one student and that student's fee rows of MONTHS. */
async function family() {
  const parent = await createParent(t.db);
  const student = await createStudent(t.db, { schoolId, areaId, parentId: parent.parentId, priceBhd: '30.00', createdAt: new Date('2024-01-01T00:00:00Z') });
  for (const month of MONTHS) await generateFeesForMonth(t.db, month);
  const fees = await t.db.selectFrom('fees').select('id').where('studentId', '=', student.id).orderBy('month').execute();
  return { ...parent, client: await t.signIn(parent), feeIds: fees.map((fee) => fee.id) };
}

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

const withCookie = (client: HttpClient) => (client.cookie ? { cookie: client.cookie } : {});

/** `answers` sent one after the other: every answer, so a failure shows them all. */
async function repeat(times: number, answer: () => Promise<unknown>): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (let attempt = 0; attempt < times; attempt += 1) answers.push(await answer());
  return answers;
}

describe('a 6 MB proof upload sent with fetch', () => {
  it(`is answered 413 { message } ${ATTEMPTS} times of ${ATTEMPTS}, and nothing is stored`, async () => {
    const parent = await family();
    const answers = await repeat(ATTEMPTS, () => send(`${t.url}/api/parent/fees/${parent.feeIds[0]}/proofs`, { method: 'POST', body: proofForm(BIG_PNG), headers: withCookie(parent.client) }));
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
    expect(await send(`${t.url}/api/parent/fees/${fullFee}/proofs`, { method: 'POST', body: proofForm(PNG_HEAD), headers: withCookie(parent.client) })).toMatchObject({ status: 429 });

    const refusedForSize = { status: 413, body: { message: FEE_MESSAGES.fileTooLarge, code: 'fees.fileTooLarge' } };
    const cases: Record<string, () => Promise<unknown>> = {
      'another family’s fee': () => send(`${t.url}/api/parent/fees/${other.feeIds[0]}/proofs`, { method: 'POST', body: proofForm(BIG_PNG), headers: withCookie(parent.client) }),
      'a full month': () => send(`${t.url}/api/parent/fees/${fullFee}/proofs`, { method: 'POST', body: proofForm(BIG_PNG), headers: withCookie(parent.client) }),
      'a file that is no image': () => send(`${t.url}/api/parent/fees/${parent.feeIds[1]}/proofs`, { method: 'POST', body: proofForm(SIX_MEGABYTES, 'application/octet-stream'), headers: withCookie(parent.client) }),
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
    const answers = await repeat(3, () => send(`${t.url}/api/auth/login`, { method: 'POST', body: SIX_MEGABYTES, headers: { 'content-type': 'application/octet-stream' } }));
    expect(answers).toEqual(Array(3).fill({ status: 415, body: expect.objectContaining({ message: expect.any(String) }) }));
  });
});

/**
 * A raw client that sends `head`, then body bytes for as long as the connection stays open
 * (never reading the answer's end as a reason to stop), up to `limit`; or, with `stall`, sends
 * nothing after the head. Answers what it read, how much it wrote, and when the server closed.
 */
async function stubbornSender(path: string, head: string, options: { limit: number; stall?: boolean }) {
  const { hostname, port } = new URL(t.url);
  const socket = connect(Number(port), hostname);
  const received: Buffer[] = [];
  let closed = false;
  const started = Date.now();
  let closedAfterMs = Infinity;
  const closing = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      closedAfterMs = Date.now() - started;
      resolve();
    });
  });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${head}Transfer-Encoding: chunked\r\n\r\n`);
  const piece = Buffer.alloc(64 * 1024, 0x61);
  const chunk = Buffer.concat([Buffer.from(`${piece.byteLength.toString(16)}\r\n`), piece, Buffer.from('\r\n')]);
  let sent = 0;
  const write = () => new Promise<void>((resolve) => (socket.write(chunk) ? resolve() : socket.once('drain', resolve)));
  if (!options.stall) {
    while (!closed && sent < options.limit) {
      await Promise.race([write(), closing]);
      sent += piece.byteLength;
    }
  }
  await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  socket.destroy();
  const answer = Buffer.concat(received).toString('latin1');
  return { status: Number(answer.split(' ')[1]), connection: /^connection: *(\S+)/im.exec(answer)?.[1], closed, closedAfterMs, sent };
}

describe('the bound on what is thrown away', () => {
  it('cuts off a sender that streams on and on after its 415, having read it no further than the bound', async () => {
    const answer = await stubbornSender('/trpc/auth.login', 'Content-Type: multipart/form-data; boundary=x\r\n', { limit: 200 * MEGABYTE });
    expect(answer).toMatchObject({ status: 415, connection: 'close', closed: true });
    // The bound (twice the largest upload form, about 10.5 MB) plus what the sockets' buffers took.
    expect(answer.sent).toBeLessThan(40 * MEGABYTE);
  });

  it('cuts off a sender that streams on and on past a proof form’s size, after its 413', async () => {
    const parent = await family();
    const answer = await stubbornSender(`/api/parent/fees/${parent.feeIds[1]}/proofs`, `Cookie: ${parent.client.cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\n`, { limit: 200 * MEGABYTE });
    expect(answer).toMatchObject({ status: 413, connection: 'close', closed: true });
    expect(answer.sent).toBeLessThan(48 * MEGABYTE);
  });

  it('closes the connection of a sender that stops sending after its answer, within seconds', async () => {
    const answer = await stubbornSender('/trpc/auth.login', 'Content-Type: text/plain\r\n', { limit: 0, stall: true });
    expect(answer).toMatchObject({ status: 415, connection: 'close', closed: true });
    expect(answer.closedAfterMs).toBeLessThan(10_000);
  });

  it('keeps serving after refusals: a small proof is still stored', async () => {
    const parent = await family();
    const stored = await send(`${t.url}/api/parent/fees/${parent.feeIds[1]}/proofs`, { method: 'POST', body: proofForm(PNG_HEAD), headers: withCookie(parent.client) });
    expect(stored).toMatchObject({ status: 201 });
  });
});

import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_MESSAGES, PROOF_MAX_BYTES, PROOF_PENDING_MAX_PER_FEE, PROOF_UPLOADS_MAX_PER_DAY, SERVER_MESSAGES, bahrainDate } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createSchool } from '../../test/factories.js';
import { createFeeFamily } from '../../test/families.js';

/**
 * What a stranger who registers can make the server hold through proof uploads, and who reads the
 * files back: at most 3 proofs waiting per month and 20 uploads per family and Bahrain day (429,
 * nothing stored, even when sent at once), a body cut off once it passes a proof form's size
 * (413), and the files served by their REST paths only, never by a procedure.
 */
let t: TestServer;
let office: HttpClient;
let schoolId: string;
let areaId: string;

// Months of the school year after next: due, never paid, whatever today is.
const MONTHS = ['2027-09', '2027-10', '2027-11'];
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await startTestServer();
  office = await t.signIn(await createAdmin(t.db));
  schoolId = (await createSchool(t.db)).id;
  areaId = (await createArea(t.db, '30.00')).id;
});
afterAll(() => t.close());

/** A signed-in parent with one student and that student's fee rows of MONTHS. */
const family = () => createFeeFamily(t, { schoolId, areaId, months: MONTHS });

async function upload(client: HttpClient, feeId: string) {
  const form = new FormData();
  form.append('amountBhd', '30');
  form.append('reference', 'BENEFIT-1');
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
  const response = await fetch(`${client.baseUrl}/api/parent/fees/${feeId}/proofs`, {
    method: 'POST',
    body: form,
    headers: client.cookie ? { cookie: client.cookie } : {},
  });
  return { status: response.status, body: (await response.json()) as { proof?: { id: string; fileUrl: string }; message?: string } };
}

/** What an upload or refusal leaves behind: the proofs and their audit rows. */
async function stored() {
  const proofs = await t.db
    .selectFrom('paymentProofs')
    .select(({ fn }) => fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const audits = await t.db
    .selectFrom('auditLogs')
    .select(({ fn }) => fn.countAll<string>().as('n'))
    .where('entityType', '=', 'payment_proof')
    .executeTakeFirstOrThrow();
  return { proofs: Number(proofs.n), audits: Number(audits.n) };
}

/** A proof written straight to the database, as if sent earlier (decided ones do not wait for the office). */
async function earlierProof(parentId: string, feeId: string, status: 'pending' | 'rejected', createdAt = new Date()) {
  await t.db
    .insertInto('paymentProofs')
    .values({ feeId, parentId, file: PNG, mime: 'image/png', size: PNG.byteLength, amount: '30', reference: 'EARLIER', status, createdAt })
    .execute();
}

describe('proof uploads are capped', () => {
  it(`keeps at most ${PROOF_PENDING_MAX_PER_FEE} proofs of a month waiting for the office: the next is 429 and stores nothing`, async () => {
    const parent = await family();
    const [feeId] = parent.feeIds as [string];
    for (let i = 0; i < PROOF_PENDING_MAX_PER_FEE; i++) expect((await upload(parent.client, feeId)).status).toBe(201);
    const before = await stored();
    expect(await upload(parent.client, feeId)).toEqual({
      status: 429,
      body: { message: FEE_MESSAGES.tooManyPendingProofs, code: 'fees.tooManyPendingProofs' },
    });
    expect(await stored()).toEqual(before);

    // Another month of the family still takes proofs, and a decided proof frees its month's place.
    expect((await upload(parent.client, parent.feeIds[1]!)).status).toBe(201);
    const waiting = await t.db.selectFrom('paymentProofs').select('id').where('feeId', '=', feeId).where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect((await office.post(`/api/admin/payment-proofs/${waiting.id}/reject`, { reason: 'Not in our account' })).status).toBe(200);
    expect((await upload(parent.client, feeId)).status).toBe(201);
  });

  it(`takes at most ${PROOF_UPLOADS_MAX_PER_DAY} uploads of a family in a Bahrain day, decided or not`, async () => {
    const parent = await family();
    const dayStart = new Date(`${bahrainDate(new Date())}T00:00:00+03:00`);
    // Yesterday's do not count; today's count whatever became of them.
    for (let i = 0; i < 5; i++) await earlierProof(parent.parentId, parent.feeIds[0]!, 'rejected', new Date(dayStart.getTime() - 60_000));
    for (let i = 0; i < PROOF_UPLOADS_MAX_PER_DAY - 1; i++) await earlierProof(parent.parentId, parent.feeIds[i % 2]!, 'rejected');
    expect((await upload(parent.client, parent.feeIds[2]!)).status).toBe(201);
    const before = await stored();
    expect(await upload(parent.client, parent.feeIds[2]!)).toEqual({
      status: 429,
      body: { message: FEE_MESSAGES.tooManyProofsToday, code: 'fees.tooManyProofsToday' },
    });
    expect(await upload(parent.client, parent.feeIds[0]!)).toEqual({
      status: 429,
      body: { message: FEE_MESSAGES.tooManyProofsToday, code: 'fees.tooManyProofsToday' },
    });
    expect(await stored()).toEqual(before);

    // Another family is not held back by this one.
    const other = await family();
    expect((await upload(other.client, other.feeIds[0]!)).status).toBe(201);
  });

  it('lets only one of several uploads sent at once take the last waiting place of a month', async () => {
    const parent = await family();
    const [feeId] = parent.feeIds as [string];
    for (let i = 0; i < PROOF_PENDING_MAX_PER_FEE - 1; i++) await earlierProof(parent.parentId, feeId, 'pending');
    const answers = await Promise.all(Array.from({ length: 6 }, () => upload(parent.client, feeId)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 429, 429, 429, 429, 429]);
    const waiting = await t.db.selectFrom('paymentProofs').select('id').where('feeId', '=', feeId).where('status', '=', 'pending').execute();
    expect(waiting).toHaveLength(PROOF_PENDING_MAX_PER_FEE);
  });
});

/**
 * A proof upload over a raw connection, so the test controls how the body is framed and sees what
 * the server does while it is still being sent. With a Content-Length, only the form's first bytes
 * are sent and the rest is waited for; without one the body is chunked and sent until `bodyBytes`,
 * or until the server closes the connection.
 */
async function rawUpload(client: HttpClient, feeId: string, options: { contentLength: number } | { bodyBytes: number }) {
  const { hostname, port } = new URL(client.baseUrl);
  const socket = connect(Number(port), hostname);
  const boundary = 'proof-form-boundary';
  const framing = 'contentLength' in options ? `Content-Length: ${options.contentLength}` : 'Transfer-Encoding: chunked';
  const head = `POST /api/parent/fees/${feeId}/proofs HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${client.cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n${framing}\r\n\r\n`;
  const formStart = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="amountBhd"\r\n\r\n30\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
  ]);
  const received: Buffer[] = [];
  let closed = false;
  const closing = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      resolve();
    });
  });
  const write = (data: Buffer | string) => new Promise<void>((resolve) => (socket.write(data) ? resolve() : socket.once('drain', resolve)));
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  await write(head);
  let sent = 0;
  if ('contentLength' in options) {
    await write(formStart);
    sent = formStart.byteLength;
  } else {
    const filler = Buffer.alloc(64 * 1024);
    for (let chunk = formStart; !closed && sent < options.bodyBytes; chunk = filler) {
      await Promise.race([write(Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])), closing]);
      sent += chunk.byteLength;
    }
  }
  // The answer, and whether the server closed the connection, within 5 s.
  await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  socket.destroy();
  const answer = Buffer.concat(received).toString('latin1');
  const [headers = '', body = ''] = answer.split('\r\n\r\n');
  return {
    status: Number(headers.split(' ')[1]),
    connection: /^connection: *(\S+)/im.exec(headers)?.[1],
    body: body ? (JSON.parse(body) as unknown) : undefined,
    closedByServer: closed,
    sent,
  };
}

describe('the upload body limit', () => {
  it('refuses a declared length over a proof form at once (413), without waiting for the body', async () => {
    const parent = await family();
    const before = await stored();
    const answer = await rawUpload(parent.client, parent.feeIds[0]!, { contentLength: PROOF_MAX_BYTES * 3 });
    expect(answer).toMatchObject({ status: 413, body: { message: FEE_MESSAGES.fileTooLarge }, connection: 'close', closedByServer: true });
    expect(await stored()).toEqual(before);
  });

  it('cuts a chunked body off once it passes a proof form (413), and closes the connection after a bounded drain', async () => {
    const parent = await family();
    const before = await stored();
    const bodyBytes = 64 * 1024 * 1024;
    const answer = await rawUpload(parent.client, parent.feeIds[0]!, { bodyBytes });
    // The answer reaches the client still writing: the server reads on and drops the rest, then closes.
    expect(answer).toMatchObject({ status: 413, body: { message: FEE_MESSAGES.fileTooLarge }, connection: 'close', closedByServer: true });
    // What was sent is the limit, the bounded drain after the answer, and what the sockets' buffers took.
    expect(answer.sent).toBeLessThan(bodyBytes / 2);
    expect(await stored()).toEqual(before);
    // The server is no worse for it.
    expect((await upload(parent.client, parent.feeIds[0]!)).status).toBe(201);
  });

  it('settles who is asking before reading the body', async () => {
    const parent = await family();
    const anonymous = t.client();
    const answer = await rawUpload(anonymous, parent.feeIds[0]!, { contentLength: PROOF_MAX_BYTES });
    expect(answer).toMatchObject({ status: 401, body: { message: SERVER_MESSAGES.notSignedIn }, closedByServer: true });
  });
});

describe('proof files', () => {
  it('are no procedure: a tRPC call for one is 404, for the parent and the office alike', async () => {
    const parent = await family();
    const sent = await upload(parent.client, parent.feeIds[0]!);
    const input = encodeURIComponent(JSON.stringify({ id: sent.body.proof!.id }));
    for (const [client, path] of [
      [parent.client, 'parent.fees.proofFile'],
      [office, 'admin.fees.proofFile'],
    ] as const) {
      const answer = await client.get(`/trpc/${path}?input=${input}`);
      expect(answer.status, path).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('"0":137');
      const batched = await client.get(
        `/trpc/${path},${path}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { id: sent.body.proof!.id }, 1: { id: sent.body.proof!.id } }))}`,
      );
      expect(batched.status, `${path} batched`).toBe(404);
    }
  });

  it('are served by their path with their type to the family and the office; another parent 404, anonymous 401, a driver 403', async () => {
    const parent = await family();
    const sent = await upload(parent.client, parent.feeIds[0]!);
    const path = sent.body.proof!.fileUrl;
    for (const client of [parent.client, office]) {
      const response = await fetch(`${t.url}${path}`, { headers: { cookie: client.cookie! } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    }
    const stranger = await family();
    expect(await stranger.client.get(path)).toMatchObject({ status: 404, body: { message: FEE_MESSAGES.proofNotFound } });
    expect(await t.client().get(path)).toMatchObject({ status: 401, body: { message: SERVER_MESSAGES.notSignedIn } });
    const driver = await createDriver(t.db);
    const driverClient = await t.signIn(driver);
    expect(await driverClient.get(path)).toMatchObject({ status: 403, body: { message: SERVER_MESSAGES.forbidden } });
    expect(await driverClient.get('/api/receipts/00000000-0000-4000-8000-000000000000.pdf')).toMatchObject({
      status: 403,
      body: { message: SERVER_MESSAGES.forbidden },
    });
    expect(await t.client().get('/api/receipts/00000000-0000-4000-8000-000000000000.pdf')).toMatchObject({
      status: 401,
      body: { message: SERVER_MESSAGES.notSignedIn },
    });
  });
});

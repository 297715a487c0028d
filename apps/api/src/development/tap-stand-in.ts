import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tapAmountText, tapHashstring } from '../domain/fees/online/tap-client.js';

/**
 * A small local stand-in for Tap's API and hosted payment page, for the tests and the demo (never
 * production): POST /v2/charges, GET /v2/charges/{id} and the page at the charge's transaction.url,
 * where a person picks BENEFIT, a card or Apple Pay and pays, sees a decline, or cancels. Its charge
 * objects carry the fields of Tap's documentation (id chg_…, status in capitals, amount a number,
 * currency, reference.transaction/gateway/payment, transaction.url/created, source.payment_method,
 * response.code/message), its webhook the documented `hashstring`, and the return address gets
 * ?tap_id=chg_….
 */
export interface TapStandInCharge {
  id: string;
  object: 'charge';
  live_mode: false;
  status: string;
  amount: number;
  currency: string;
  description: string;
  metadata: Record<string, unknown>;
  reference: { transaction: string; order: string; gateway: string; payment: string };
  transaction: { url: string; created: string; timezone: string; expiry: { period: number; type: string } };
  customer: Record<string, unknown>;
  source: { object: 'source'; id: string; payment_method?: string; payment_type?: string };
  response: { code: string; message: string };
  redirect: { status: string; url: string };
  post: { status: string; url: string };
}

export interface TapStandInRefund {
  id: string;
  object: 'refund';
  live_mode: false;
  charge_id: string;
  amount: number;
  currency: string;
  status: string;
  reason: string;
  description: string;
  created: string;
  reference: { merchant: string };
  metadata: Record<string, unknown>;
  response: { code: string; message: string };
}

/** The body of POST /charges/list as Tap documents it: epoch milliseconds and the limit written as strings. */
interface ListRequest {
  period?: { date?: { from?: string; to?: string } };
  limit?: string;
  order?: 'chronological' | 'reverse_chronological';
  starting_after?: string;
}

export type HostedOutcome = { pay: 'BENEFIT' | 'VISA' | 'APPLE_PAY' } | 'decline' | 'cancel';

export interface TapStandIn {
  /** TAP_API_URL for the server: `${origin}/v2`. */
  apiUrl: string;
  charges: Map<string, TapStandInCharge>;
  /**
   * When the webhook goes, against the family's return: 'before-return' (awaited, then the browser
   * is sent back), 'after-return' (sent once the browser is on its way), or 'never'.
   */
  webhook: 'before-return' | 'after-return' | 'never';
  /** Added to what the next captured charge says it took (a gateway taking another amount), in fils. */
  capturedAmountShift: number;
  refunds: Map<string, TapStandInRefund>;
  /** The status the next refunds get: REFUNDED (Tap's answer at once), PENDING, or DECLINED (a refusal). */
  refundStatus: 'REFUNDED' | 'PENDING' | 'DECLINED';
  /** The bodies of POST /charges/list received, oldest first (a test checks them against Tap's documentation). */
  listRequests: unknown[];
  /** Settles a charge as the hosted page would, without a browser. */
  settle(chargeId: string, outcome: HostedOutcome): TapStandInCharge;
  /** Posts the charge's webhook, signed (or with the given hashstring); answers the status. */
  postWebhook(chargeId: string, hashstring?: string): Promise<number>;
  close(): Promise<void>;
}

const STATUS_OF: Record<'decline' | 'cancel', { status: string; code: string; message: string }> = {
  decline: { status: 'DECLINED', code: '507', message: 'Declined, Card Issuer' },
  cancel: { status: 'CANCELLED', code: '301', message: 'Cancelled by the customer' },
};

export async function startTapStandIn({ secretKey, port = 0, host = '127.0.0.1' }: { secretKey: string; port?: number; host?: string }): Promise<TapStandIn> {
  const charges = new Map<string, TapStandInCharge>();
  let origin = '';

  const standIn: TapStandIn = {
    apiUrl: '',
    charges,
    webhook: 'after-return',
    capturedAmountShift: 0,
    refunds: new Map(),
    refundStatus: 'REFUNDED',
    listRequests: [],
    settle(chargeId, outcome) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`No charge ${chargeId}`);
      if (charge.status !== 'INITIATED') return charge;
      if (typeof outcome === 'object') {
        charge.status = 'CAPTURED';
        charge.response = { code: '000', message: 'Captured' };
        charge.source = { ...charge.source, payment_method: outcome.pay, payment_type: outcome.pay === 'BENEFIT' ? 'DEBIT' : 'CREDIT' };
        charge.reference = { ...charge.reference, gateway: randomDigits(12), payment: randomDigits(20) };
        if (standIn.capturedAmountShift) charge.amount = Number((charge.amount + standIn.capturedAmountShift / 1000).toFixed(3));
      } else {
        const settled = STATUS_OF[outcome];
        charge.status = settled.status;
        charge.response = { code: settled.code, message: settled.message };
      }
      return charge;
    },
    async postWebhook(chargeId, hashstring) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`No charge ${chargeId}`);
      const response = await fetch(charge.post.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', hashstring: hashstring ?? tapHashstring(charge, secretKey) },
        body: JSON.stringify(charge),
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { errors: [{ code: '500', description: (err as Error).message }] });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'v2') {
      if (req.headers.authorization !== `Bearer ${secretKey}`) return json(res, 401, { errors: [{ code: '2107', description: 'Invalid API key' }] });
      if (req.method === 'POST' && parts[1] === 'charges' && parts.length === 2)
        return json(res, 200, createCharge(JSON.parse(await bodyOf(req)) as Record<string, unknown>));
      if (req.method === 'POST' && parts[1] === 'charges' && parts[2] === 'list')
        return json(res, 200, listCharges(JSON.parse(await bodyOf(req)) as ListRequest));
      if (req.method === 'POST' && parts[1] === 'refunds' && parts.length === 2)
        return createRefund(res, JSON.parse(await bodyOf(req)) as Record<string, unknown>);
      if (req.method === 'GET' && parts[1] === 'charges' && parts[2]) {
        const charge = charges.get(parts[2]);
        return charge ? json(res, 200, charge) : json(res, 404, { errors: [{ code: '1143', description: 'Charge not found' }] });
      }
      return json(res, 404, { errors: [{ code: '404', description: 'Not found' }] });
    }
    if (parts[0] === 'pay' && parts[1]) {
      const charge = charges.get(parts[1]);
      if (!charge) return html(res, 404, page('Payment not found', '<p>This payment does not exist.</p>'));
      if (req.method === 'GET') return html(res, 200, hostedPage(charge));
      if (req.method === 'POST') {
        const form = new URLSearchParams(await bodyOf(req));
        const action = form.get('action');
        const method = form.get('method');
        const outcome: HostedOutcome =
          action === 'cancel' ? 'cancel' : action === 'decline' ? 'decline' : { pay: method === 'VISA' || method === 'APPLE_PAY' ? method : 'BENEFIT' };
        standIn.settle(charge.id, outcome);
        if (standIn.webhook === 'before-return') await standIn.postWebhook(charge.id).catch(() => 0);
        const back = new URL(charge.redirect.url);
        back.searchParams.set('tap_id', charge.id);
        res.writeHead(303, { location: back.toString() }).end();
        if (standIn.webhook === 'after-return') setTimeout(() => void standIn.postWebhook(charge.id).catch(() => 0), 50);
        return;
      }
    }
    // Browsers ask every page's origin for an icon: none here, and no 404 in the console.
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    res.writeHead(404).end();
  }

  function listCharges(body: ListRequest) {
    standIn.listRequests.push(body);
    const from = Number(body.period?.date?.from ?? 0);
    const to = Number(body.period?.date?.to ?? Number.MAX_SAFE_INTEGER);
    const byDate = [...charges.values()].sort((a, b) => Number(a.transaction.created) - Number(b.transaction.created));
    // Tap's default order is the newest first.
    if (body.order !== 'chronological') byDate.reverse();
    const inPeriod = byDate.filter((charge) => Number(charge.transaction.created) >= from && Number(charge.transaction.created) < to);
    const start = body.starting_after ? inPeriod.findIndex((charge) => charge.id === body.starting_after) + 1 : 0;
    const limit = Math.min(Math.max(Number(body.limit ?? 25), 1), 50);
    const page = inPeriod.slice(start, start + limit);
    return { object: 'list', has_more: start + limit < inPeriod.length, charges: page };
  }

  /**
   * POST /v2/refunds as Tap documents it: charge_id, amount, currency and reason are required; only a
   * CAPTURED charge in that currency is refunded, and never beyond what it captured (several partial
   * refunds add up). A refusal is Tap's error list with status 400.
   */
  function createRefund(res: ServerResponse, body: Record<string, unknown>): void {
    const charge = charges.get(String(body.charge_id ?? ''));
    const refuse = (code: string, description: string) => json(res, 400, { errors: [{ code, description }] });
    if (!charge) return refuse('1143', 'Charge not found');
    if (typeof body.amount !== 'number' || body.amount <= 0 || typeof body.reason !== 'string' || body.reason === '')
      return refuse('1110', 'amount, currency and reason are required');
    if (body.currency !== charge.currency) return refuse('1117', 'Currency does not match the charge');
    if (charge.status !== 'CAPTURED') return refuse('1150', 'Only a captured charge can be refunded');
    const given = [...standIn.refunds.values()]
      .filter((refund) => refund.charge_id === charge.id && refund.status !== 'DECLINED')
      .reduce((sum, refund) => sum + Math.round(refund.amount * 1000), 0);
    if (given + Math.round(body.amount * 1000) > Math.round(charge.amount * 1000)) return refuse('1151', 'The refund exceeds the captured amount');
    const id = `re_TS${randomDigits(6)}${randomBytes(6).toString('hex')}`;
    const status = standIn.refundStatus;
    const refund: TapStandInRefund = {
      id,
      object: 'refund',
      live_mode: false,
      charge_id: charge.id,
      amount: body.amount,
      currency: charge.currency,
      status,
      reason: body.reason,
      description: String(body.description ?? ''),
      created: String(Date.now()),
      reference: { merchant: String((body.reference as { merchant?: string } | undefined)?.merchant ?? '') },
      metadata: (body.metadata ?? {}) as Record<string, unknown>,
      response:
        status === 'DECLINED'
          ? { code: '507', message: 'Declined' }
          : { code: status === 'PENDING' ? '100' : '000', message: status === 'PENDING' ? 'Pending' : 'Refunded' },
    };
    standIn.refunds.set(id, refund);
    json(res, 200, refund);
  }

  function createCharge(body: Record<string, unknown>): TapStandInCharge {
    const id = `chg_TS${randomDigits(6)}${randomBytes(6).toString('hex')}`;
    const reference = (body.reference ?? {}) as Record<string, string>;
    const charge: TapStandInCharge = {
      id,
      object: 'charge',
      live_mode: false,
      status: 'INITIATED',
      amount: Number(body.amount),
      currency: String(body.currency),
      description: String(body.description ?? ''),
      metadata: (body.metadata ?? {}) as Record<string, unknown>,
      reference: { transaction: reference.transaction ?? '', order: reference.order ?? '', gateway: '', payment: '' },
      transaction: { url: `${origin}/pay/${id}`, created: String(Date.now()), timezone: 'UTC+03:00', expiry: { period: 30, type: 'MINUTE' } },
      customer: (body.customer ?? {}) as Record<string, unknown>,
      source: { object: 'source', id: String((body.source as { id?: string } | undefined)?.id ?? '') },
      response: { code: '100', message: 'Initiated' },
      redirect: { status: 'PENDING', url: String((body.redirect as { url?: string } | undefined)?.url ?? '') },
      post: { status: 'PENDING', url: String((body.post as { url?: string } | undefined)?.url ?? '') },
    };
    charges.set(id, charge);
    return charge;
  }

  await new Promise<void>((listening) => server.listen(port, host, listening));
  const address = server.address() as AddressInfo;
  origin = `http://${host}:${address.port}`;
  standIn.apiUrl = `${origin}/v2`;
  return standIn;
}

function randomDigits(count: number): string {
  return Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 100_000) throw new Error('Body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, main: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;max-width:420px;margin-inline:auto;color:#1a1a1a}h1{font-size:1.3rem}fieldset{border:1px solid #888;border-radius:8px;padding:12px}label{display:block;padding:8px 0;font-size:1rem}button{display:block;width:100%;min-height:44px;margin-top:12px;font-size:1rem;border-radius:8px;border:1px solid #333;background:#fff}button.pay{background:#1c4f9c;color:#fff;border-color:#1c4f9c}.note{background:#fff4d6;padding:8px;border-radius:6px}</style></head>
<body><main>${main}</main></body></html>`;
}

function hostedPage(charge: TapStandInCharge): string {
  if (charge.status !== 'INITIATED') return page('Payment finished', `<h1>This payment is ${escape(charge.status.toLowerCase())}</h1>`);
  return page(
    'Tap test checkout',
    `<h1>Tap test checkout</h1>
<p class="note">A local stand-in of Tap's payment page: no money moves.</p>
<p>Amount: <strong>${escape(charge.currency)} ${escape(tapAmountText(charge.amount, charge.currency))}</strong></p>
<form method="post">
<fieldset><legend>Pay with</legend>
<label><input type="radio" name="method" value="BENEFIT" checked> BENEFIT</label>
<label><input type="radio" name="method" value="VISA"> Card</label>
<label><input type="radio" name="method" value="APPLE_PAY"> Apple Pay</label>
</fieldset>
<button class="pay" type="submit" name="action" value="pay">Pay ${escape(charge.currency)} ${escape(tapAmountText(charge.amount, charge.currency))}</button>
<button type="submit" name="action" value="decline">Pay with a card that is declined</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`,
  );
}

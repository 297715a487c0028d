import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Tap Payments' REST API (https://developers.tap.company), the few calls online payments need:
 * create a charge, retrieve it, and the webhook's `hashstring`. Amounts travel as numbers in the
 * currency's unit; BHD has three decimals. Only the fields this product reads are validated;
 * Tap adds others freely.
 */
export interface TapSettings {
  /** sk_test_… or sk_live_… (TAP_SECRET_KEY); it signs the webhooks too. */
  secretKey: string;
  /** https://api.tap.company/v2 by default (TAP_API_URL), a local stand-in in tests and the demo. */
  apiUrl: string;
  /** Where parents reach the app (PUBLIC_URL): the return and webhook addresses are built on it. */
  publicUrl: string;
}

export const isTestKey = (secretKey: string) => secretKey.startsWith('sk_test_');

/** Tap's charge object, as far as it is read here. */
export const tapCharge = z.object({
  id: z.string().min(1).max(100),
  status: z.string().min(1).max(40),
  amount: z.number(),
  currency: z.string().min(3).max(3),
  reference: z
    .object({ transaction: z.string().optional(), order: z.string().optional(), gateway: z.string().optional(), payment: z.string().optional() })
    .partial()
    .optional(),
  transaction: z
    .object({ url: z.string().optional(), created: z.union([z.string(), z.number()]).optional() })
    .partial()
    .optional(),
  source: z.object({ id: z.string().optional(), payment_method: z.string().optional() }).partial().optional(),
  response: z.object({ code: z.string().optional(), message: z.string().optional() }).partial().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type TapCharge = z.infer<typeof tapCharge>;

export interface NewTapCharge {
  /** "55.000": sent as the number 55 (Tap's amount is a number; BHD's three decimals are exact in it). */
  amountBhd: string;
  reference: string;
  description: string;
  customer: { firstName: string; lastName: string; email: string; phone: { countryCode: string; number: string } | null };
  metadata: Record<string, string>;
  redirectUrl: string;
  postUrl: string;
}

/** A call to Tap that failed (network, timeout, a refusal): nothing was recorded as paid. */
export class TapUnavailable extends Error {}

const TIMEOUT_MS = 15_000;

async function call(settings: TapSettings, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${settings.apiUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${settings.secretKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new TapUnavailable(`Tap did not answer ${method} ${path}: ${(err as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok) throw new TapUnavailable(`Tap answered ${response.status} to ${method} ${path}: ${text.slice(0, 300)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TapUnavailable(`Tap answered ${method} ${path} with something not JSON`);
  }
}

function parseCharge(value: unknown): TapCharge {
  const parsed = tapCharge.safeParse(value);
  if (!parsed.success) throw new TapUnavailable(`Tap's answer is not a charge: ${parsed.error.message.slice(0, 300)}`);
  return parsed.data;
}

/** POST /charges with `source.id: src_all`: Tap's hosted page offers every method the account enables. */
export async function createTapCharge(settings: TapSettings, charge: NewTapCharge): Promise<TapCharge> {
  const body = {
    amount: Number(charge.amountBhd),
    currency: 'BHD',
    customer_initiated: true,
    threeDSecure: true,
    save_card: false,
    description: charge.description,
    metadata: charge.metadata,
    reference: { transaction: charge.reference, order: charge.reference },
    customer: {
      first_name: charge.customer.firstName,
      last_name: charge.customer.lastName,
      email: charge.customer.email,
      ...(charge.customer.phone ? { phone: { country_code: charge.customer.phone.countryCode, number: charge.customer.phone.number } } : {}),
    },
    source: { id: 'src_all' },
    post: { url: charge.postUrl },
    redirect: { url: charge.redirectUrl },
  };
  return parseCharge(await call(settings, 'POST', '/charges', body));
}

/** GET /charges/{id}: the charge as Tap has it now, the only source a booking believes. */
export async function retrieveTapCharge(settings: TapSettings, chargeId: string): Promise<TapCharge> {
  return parseCharge(await call(settings, 'GET', `/charges/${encodeURIComponent(chargeId)}`));
}

/** Tap's refund object, as far as it is read here. */
export const tapRefund = z.object({
  id: z.string().min(1).max(100),
  status: z.string().min(1).max(40),
  amount: z.number(),
  currency: z.string().min(3).max(3),
  charge_id: z.string().optional(),
  response: z.object({ code: z.string().optional(), message: z.string().optional() }).partial().optional(),
});
export type TapRefund = z.infer<typeof tapRefund>;

/** The refund statuses by which Tap has taken the refund on (REFUNDED at once, or on its way); any other is a refusal. */
export const TAP_REFUND_ACCEPTED = ['REFUNDED', 'PENDING', 'IN_PROGRESS', 'ACCEPTED'] as const;

/**
 * POST /refunds, as Tap documents it: the charge, the amount in the currency's unit (BHD with three
 * decimals), the currency, and a reason among Tap's own (duplicate, fraudulent,
 * requested_by_customer); the office's words go in the description, and our refund id in
 * reference.merchant so the refund can be found from either side.
 */
export async function createTapRefund(
  settings: TapSettings,
  refund: { chargeId: string; amountBhd: string; description: string; reference: string },
): Promise<TapRefund> {
  const body = {
    charge_id: refund.chargeId,
    amount: Number(refund.amountBhd),
    currency: 'BHD',
    reason: 'requested_by_customer',
    description: refund.description,
    reference: { merchant: refund.reference },
    metadata: { refund: refund.reference },
  };
  const parsed = tapRefund.safeParse(await call(settings, 'POST', '/refunds', body));
  if (!parsed.success) throw new TapUnavailable(`Tap's answer is not a refund: ${parsed.error.message.slice(0, 300)}`);
  return parsed.data;
}

/** Tap's largest page of charges. */
const PAGE_SIZE = 50;

const chargeList = z.object({ charges: z.array(z.unknown()), has_more: z.boolean().optional() });

/**
 * POST /charges/list: every charge created in [from, to) (milliseconds), page by page, at most
 * `maxPages` pages so a runaway list cannot hold a request. The body is Tap's documented one:
 * `period.date.from`/`to` as Unix epoch milliseconds written as strings, `limit` a string of at
 * most 50 (Tap's maximum; 25 by default), `order` chronological so that `starting_after` (the last
 * charge id of a page) walks forward, and the answer's `charges` with `has_more`.
 */
export async function listTapCharges(settings: TapSettings, period: { from: number; to: number }, maxPages = 40): Promise<TapCharge[]> {
  const charges: TapCharge[] = [];
  let startingAfter: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const body = {
      period: { date: { from: String(period.from), to: String(period.to) } },
      limit: String(PAGE_SIZE),
      order: 'chronological',
      ...(startingAfter ? { starting_after: startingAfter } : {}),
    };
    const parsed = chargeList.safeParse(await call(settings, 'POST', '/charges/list', body));
    if (!parsed.success) throw new TapUnavailable("Tap's answer is not a list of charges");
    const pageCharges = parsed.data.charges.map(parseCharge);
    charges.push(...pageCharges);
    if (!parsed.data.has_more || pageCharges.length === 0) return charges;
    startingAfter = pageCharges.at(-1)!.id;
  }
  throw new TapUnavailable(`Tap listed more than ${maxPages * PAGE_SIZE} charges for one day`);
}

/** An amount as Tap writes it in the hashstring: with the currency's decimals (three for BHD, KWD, OMR, JOD). */
export function tapAmountText(amount: number | string, currency: string): string {
  const decimals = ['BHD', 'KWD', 'OMR', 'JOD', 'IQD', 'LYD', 'TND'].includes(currency.toUpperCase()) ? 3 : 2;
  return Number(amount).toFixed(decimals);
}

/**
 * The webhook's `hashstring` header, as Tap documents it: HMAC-SHA256 with the secret key, in hex,
 * over x_id, x_amount (with the currency's decimals), x_currency, x_gateway_reference,
 * x_payment_reference, x_status and x_created, each name followed by its value from the posted charge.
 */
export function tapHashstring(
  charge: {
    id?: unknown;
    amount?: unknown;
    currency?: unknown;
    status?: unknown;
    reference?: { gateway?: unknown; payment?: unknown } | undefined;
    transaction?: { created?: unknown } | undefined;
  },
  secretKey: string,
): string {
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value as string));
  const currency = text(charge.currency);
  const amount = typeof charge.amount === 'number' || typeof charge.amount === 'string' ? tapAmountText(charge.amount, currency) : '';
  const toBeHashed =
    `x_id${text(charge.id)}` +
    `x_amount${amount}` +
    `x_currency${currency}` +
    `x_gateway_reference${text(charge.reference?.gateway)}` +
    `x_payment_reference${text(charge.reference?.payment)}` +
    `x_status${text(charge.status)}` +
    `x_created${text(charge.transaction?.created)}`;
  return createHmac('sha256', secretKey).update(toBeHashed).digest('hex');
}

/** Whether a posted charge carries Tap's signature; compared in constant time. */
export function signedByTap(body: unknown, header: string | string[] | undefined, secretKey: string): boolean {
  if (typeof header !== 'string' || typeof body !== 'object' || body === null) return false;
  const expected = Buffer.from(tapHashstring(body as Parameters<typeof tapHashstring>[0], secretKey));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { z } from 'zod';
import { ANALYTICS_MESSAGES, FEE_MESSAGES } from './messages.js';

/**
 * Paying fee rows online through the card gateway (Tap's hosted page: BENEFIT, cards, Apple Pay).
 * A checkout is `initiated` until the gateway's charge is settled: `paid` once the captured charge is
 * booked to the ledger, `failed` (declined) or `cancelled` (abandoned), which free the rows for another try.
 */
export const ONLINE_PAYMENT_STATUSES = ['initiated', 'paid', 'failed', 'cancelled'] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];

const id = z.string().trim().min(1).max(64);

export const checkoutInput = z.object({
  feeIds: z.array(id, { error: FEE_MESSAGES.feesRequired }).min(1, FEE_MESSAGES.feesRequired).max(24),
});
export type CheckoutInput = z.input<typeof checkoutInput>;

export const onlinePaymentById = z.object({ id });

/** A checkout as the family sees it. amountBhd has three decimals, as BHD is charged ("55.000"). */
export const onlinePayment = z.object({
  id: z.string(),
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  amountBhd: z.string(),
  feeIds: z.array(z.string()),
  /** The card scheme or wallet it was paid with (BENEFIT, VISA, APPLE_PAY...), once the gateway tells. */
  method: z.string().nullable(),
  receiptNumbers: z.array(z.string()),
});
export type OnlinePayment = z.output<typeof onlinePayment>;
export const onlinePaymentAnswer = z.object({ payment: onlinePayment });

export const checkout = z.object({
  payment: onlinePayment,
  /** The gateway's hosted payment page for this charge: the browser goes there. */
  checkoutUrl: z.string(),
});
export type Checkout = z.output<typeof checkout>;

/** Whether the family can pay online, and whether the gateway's keys are test keys (a banner says so). */
export const onlinePaymentSettings = z.object({
  testMode: z.boolean(),
});
export type OnlinePaymentSettings = z.output<typeof onlinePaymentSettings>;
/** The family's online payment settings: null when online payments are off (no Pay button). */
export const onlinePaymentSettingsAnswer = z.object({ onlinePayments: onlinePaymentSettings.nullable() });

/** BHD has 1000 fils: "55.00" or "55" as "55.000", as the gateway is sent and the family is shown. */
export function bhdWithFils(amount: string): string {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return `${BigInt(whole || '0').toString()}.${fraction.padEnd(3, '0').slice(0, 3)}`;
}

/** Where the gateway sends the family back to, and the web app shows the outcome of a checkout. */
export const onlinePaymentPagePath = (paymentId: string) => `/parent/payments/${paymentId}`;

/** The office's list of online payments: all, or those waiting for the office ('Needs attention'). */
export const officeOnlinePaymentsQuery = z.object({
  filter: z.enum(['all', 'attention']).optional().default('all'),
  page: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(50),
});
export type OfficeOnlinePaymentsQuery = z.input<typeof officeOnlinePaymentsQuery>;

/** A checkout as the office sees it: the family, Tap's charge and its state, and why it waits for the office. */
export const officeOnlinePayment = z.object({
  id: z.string(),
  parentId: z.string(),
  parentName: z.string(),
  amountBhd: z.string(),
  status: z.enum(ONLINE_PAYMENT_STATUSES),
  /** Tap's charge id (chg_…) and its last status there (CAPTURED, DECLINED…). */
  chargeId: z.string().nullable(),
  chargeStatus: z.string().nullable(),
  /** The card scheme or wallet (BENEFIT, VISA, APPLE_PAY…). */
  method: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** Why the office must look at it; null when nothing is wrong. */
  attention: z.string().nullable(),
  createdAt: z.string(),
  feeCount: z.number(),
  /** The months it paid (the rows a partial refund picks from), each with what the checkout paid on it. */
  fees: z.array(z.object({ feeId: z.string(), studentName: z.string(), month: z.string(), amountBhd: z.string() })),
  /** Its refunds, oldest first, each with its credit note (GET /api/credit-notes/{id}.pdf). */
  refunds: z.array(z.object({ id: z.string(), amountBhd: z.string(), reason: z.string(), creditNoteNumber: z.string(), createdAt: z.string() })),
});
export type OfficeOnlinePayment = z.output<typeof officeOnlinePayment>;
/** One page of the office's online payments, and how many there are over every page. */
export const officeOnlinePaymentsAnswer = z.object({ payments: z.array(officeOnlinePayment), total: z.number() });

/** A day's reconciliation: what Tap captured against what the ledger booked, by Bahrain date. */
export const reconciliationQuery = z.object({
  date: z
    .string({ error: ANALYTICS_MESSAGES.dateInvalid })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_MESSAGES.dateInvalid)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), ANALYTICS_MESSAGES.dateInvalid),
});

export const reconciliationDifference = z.object({
  chargeId: z.string(),
  /** What Tap captured on this charge (null: Tap shows no capture). */
  capturedBhd: z.string().nullable(),
  /** What the ledger booked from it (null: nothing booked). */
  bookedBhd: z.string().nullable(),
  /** Why the server did not book it, when it said. */
  attention: z.string().nullable(),
});
export type ReconciliationDifference = z.output<typeof reconciliationDifference>;

const chargeTotal = z.object({ count: z.number(), totalBhd: z.string() });
export const reconciliation = z.object({
  date: z.string(),
  captured: chargeTotal,
  booked: chargeTotal,
  /** captured minus booked: 0.000 when they agree. */
  differenceBhd: z.string(),
  differences: z.array(reconciliationDifference),
});
export type Reconciliation = z.output<typeof reconciliation>;
export const reconciliationAnswer = z.object({ reconciliation });

/**
 * A fee reminder's pay link: `/pay/<token>`, opened without signing in. The token is 22 characters
 * of base64url (128 random bits), short enough for a text message.
 */
export const payLinkPagePath = (token: string) => `/pay/${token}`;

export const payLinkByToken = z.object({ token: z.string().trim().min(1).max(64) });

/** A row of a pay link, as anyone holding the link sees it: a child's first name, the month and what it still owes. */
export const payLinkItem = z.object({
  feeId: z.string(),
  firstName: z.string(),
  month: z.string(),
  /** What the row still owes ("30.000"); 0.000 once paid or waived. */
  amountBhd: z.string(),
  paid: z.boolean(),
});
export type PayLinkItem = z.output<typeof payLinkItem>;

/**
 * What a pay link shows: the rows of its reminder, what is left to pay of them, and the outcome of
 * the latest payment started from the link (after Tap sends the family back). No surname, address
 * or phone: anyone who sees the text message sees this page.
 */
export const payLink = z.object({
  items: z.array(payLinkItem),
  /** What the rows still owe together; 0.000 when every one is paid. */
  totalBhd: z.string(),
  allPaid: z.boolean(),
  expiresAt: z.string(),
  /** Tap's test keys: the page says these are test payments. */
  testMode: z.boolean(),
  payment: onlinePayment.nullable(),
});
export type PayLink = z.output<typeof payLink>;
export const payLinkAnswer = z.object({ payLink });

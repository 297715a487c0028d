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
export interface OnlinePayment {
  id: string;
  status: OnlinePaymentStatus;
  amountBhd: string;
  feeIds: string[];
  /** The card scheme or wallet it was paid with (BENEFIT, VISA, APPLE_PAY...), once the gateway tells. */
  method: string | null;
  receiptNumbers: string[];
}

export interface Checkout {
  payment: OnlinePayment;
  /** The gateway's hosted payment page for this charge: the browser goes there. */
  checkoutUrl: string;
}

/** Whether the family can pay online, and whether the gateway's keys are test keys (a banner says so). */
export interface OnlinePaymentSettings {
  testMode: boolean;
}

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
export interface OfficeOnlinePayment {
  id: string;
  parentId: string;
  parentName: string;
  amountBhd: string;
  status: OnlinePaymentStatus;
  /** Tap's charge id (chg_…) and its last status there (CAPTURED, DECLINED…). */
  chargeId: string | null;
  chargeStatus: string | null;
  /** The card scheme or wallet (BENEFIT, VISA, APPLE_PAY…). */
  method: string | null;
  receiptNumber: string | null;
  paymentId: string | null;
  /** Why the office must look at it; null when nothing is wrong. */
  attention: string | null;
  createdAt: string;
  feeCount: number;
  /** The months it paid (the rows a partial refund picks from), each with what the checkout paid on it. */
  fees: { feeId: string; studentName: string; month: string; amountBhd: string }[];
  /** Its refunds, oldest first, each with its credit note (GET /api/credit-notes/{id}.pdf). */
  refunds: { id: string; amountBhd: string; reason: string; creditNoteNumber: string; createdAt: string }[];
}

/** A day's reconciliation: what Tap captured against what the ledger booked, by Bahrain date. */
export const reconciliationQuery = z.object({
  date: z
    .string({ error: ANALYTICS_MESSAGES.dateInvalid })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_MESSAGES.dateInvalid)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), ANALYTICS_MESSAGES.dateInvalid),
});

export interface ReconciliationDifference {
  chargeId: string;
  /** What Tap captured on this charge (null: Tap shows no capture). */
  capturedBhd: string | null;
  /** What the ledger booked from it (null: nothing booked). */
  bookedBhd: string | null;
  /** Why the server did not book it, when it said. */
  attention: string | null;
}

export interface Reconciliation {
  date: string;
  captured: { count: number; totalBhd: string };
  booked: { count: number; totalBhd: string };
  /** captured minus booked: 0.000 when they agree. */
  differenceBhd: string;
  differences: ReconciliationDifference[];
}

/**
 * A fee reminder's pay link: `/pay/<token>`, opened without signing in. The token is 22 characters
 * of base64url (128 random bits), short enough for a text message.
 */
export const payLinkPagePath = (token: string) => `/pay/${token}`;

export const payLinkByToken = z.object({ token: z.string().trim().min(1).max(64) });

/** A row of a pay link, as anyone holding the link sees it: a child's first name, the month and what it still owes. */
export interface PayLinkItem {
  feeId: string;
  firstName: string;
  month: string;
  /** What the row still owes ("30.000"); 0.000 once paid or waived. */
  amountBhd: string;
  paid: boolean;
}

/**
 * What a pay link shows: the rows of its reminder, what is left to pay of them, and the outcome of
 * the latest payment started from the link (after Tap sends the family back). No surname, address
 * or phone: anyone who sees the text message sees this page.
 */
export interface PayLink {
  items: PayLinkItem[];
  /** What the rows still owe together; 0.000 when every one is paid. */
  totalBhd: string;
  allPaid: boolean;
  expiresAt: string;
  /** Tap's test keys: the page says these are test payments. */
  testMode: boolean;
  payment: OnlinePayment | null;
}

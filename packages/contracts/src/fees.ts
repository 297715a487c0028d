import { z } from 'zod';
import { FEE_MESSAGES, MESSAGES } from './messages.js';
import { moneyInput } from './money.js';
import { isMonth } from './school-year.js';

/** The monthly fee ledger: fee rows per student and service month, payments, receipts, proofs of payment. */

export const FEE_STATUSES = ['due', 'partly_paid', 'paid', 'overdue', 'waived'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];

export const PAYMENT_METHODS = ['benefit_pay', 'bank_transfer', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * Every method a ledger payment can have: those the office records, and `online` (a card gateway's
 * captured charge, booked by the server itself; never chosen in the office's forms).
 */
export const LEDGER_PAYMENT_METHODS = [...PAYMENT_METHODS, 'online'] as const;
export type LedgerPaymentMethod = (typeof LEDGER_PAYMENT_METHODS)[number];

export const PROOF_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type ProofStatus = (typeof PROOF_STATUSES)[number];

/** Proofs of payment: screenshots or a PDF from the bank app, at most 5 MB. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/pdf'] as const;
export type ProofMimeType = (typeof PROOF_MIME_TYPES)[number];
/**
 * Proof uploads are open to anyone who registers, so they are capped: a month waits for the office
 * with at most 3 unchecked proofs, and a family sends at most 20 a day (Bahrain's day).
 */
export const PROOF_PENDING_MAX_PER_FEE = 3;
export const PROOF_UPLOADS_MAX_PER_DAY = 20;

/** The reason the ledger voids a month's payments when the office sets a student unpaid in the edit dialog. */
export const SET_UNPAID_VOID_REASON = 'set unpaid in the edit dialog';

export const month = z
  .string({ error: FEE_MESSAGES.monthInvalid })
  .trim()
  .refine((value) => isMonth(value), FEE_MESSAGES.monthInvalid);

const positiveMoney = z
  .union([z.string(), z.number()], { error: FEE_MESSAGES.amountRequired })
  .refine((value) => String(value).trim() !== '', FEE_MESSAGES.amountRequired)
  .pipe(moneyInput)
  .refine((value) => value !== '0.00', FEE_MESSAGES.amountPositive);

const reference = z
  .string()
  .trim()
  .max(120, MESSAGES.tooLong)
  .nullish()
  .transform((value) => value ?? '');

const isoDate = z
  .string({ error: FEE_MESSAGES.paidAtInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, FEE_MESSAGES.paidAtInvalid)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), FEE_MESSAGES.paidAtInvalid);

const id = z.string().trim().min(1).max(64);

export const generateFeesInput = z.object({ month });

export const adminFeesQuery = z.object({
  month,
  status: z.enum(FEE_STATUSES).or(z.literal('')).optional().transform((value) => (value ? value : undefined)),
  schoolId: id.optional(),
  areaId: id.optional(),
  driverId: id.optional(),
  page: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(200).optional().default(50),
});
export type AdminFeesQuery = z.input<typeof adminFeesQuery>;

export const recordPaymentInput = z.object({
  feeIds: z.array(id, { error: FEE_MESSAGES.feesRequired }).min(1, FEE_MESSAGES.feesRequired).max(24),
  amountBhd: positiveMoney,
  method: z.enum(PAYMENT_METHODS, { error: FEE_MESSAGES.methodRequired }),
  reference,
  paidAt: isoDate,
  note: z
    .string()
    .trim()
    .max(500, MESSAGES.tooLong)
    .nullish()
    .transform((value) => value ?? ''),
});
export type RecordPaymentInput = z.input<typeof recordPaymentInput>;

const reason = z.string({ error: FEE_MESSAGES.reasonRequired }).trim().min(1, FEE_MESSAGES.reasonRequired).max(300, MESSAGES.tooLong);

export const voidPaymentInput = z.object({ id, reason });
/**
 * Refunding an online payment through the gateway: amountBhd absent gives back all that is left of it;
 * with feeIds the office picks the months the refund covers (all of the payment's months otherwise).
 */
export const refundPaymentInput = z.object({
  id,
  amountBhd: positiveMoney.optional(),
  reason,
  feeIds: z.array(id).min(1, FEE_MESSAGES.feesRequired).max(24).optional(),
});
export type RefundPaymentInput = z.input<typeof refundPaymentInput>;

/** A refund as recorded: what went back, on which months, its credit note, and Tap's refund. */
export interface Refund {
  id: string;
  paymentId: string;
  amountBhd: string;
  reason: string;
  creditNoteNumber: string;
  gatewayRefundId: string | null;
  /** Tap's status when it accepted the refund (REFUNDED, PENDING, IN_PROGRESS, ACCEPTED). */
  gatewayStatus: string | null;
  createdAt: string;
  allocations: { feeId: string; amountBhd: string }[];
}
export const waiveFeeInput = z.object({ id, waived: z.boolean(), reason: z.string().trim().max(300, MESSAGES.tooLong).optional().default('') });

export const proofListQuery = z.object({
  status: z.enum(PROOF_STATUSES).or(z.literal('')).optional().transform((value) => (value ? value : undefined)),
});

/** Accepting a proof records a payment: the amount and reference come prefilled from the proof, the office may correct them. */
export const acceptProofInput = z.object({
  id,
  amountBhd: positiveMoney,
  reference,
  method: z.enum(PAYMENT_METHODS, { error: FEE_MESSAGES.methodRequired }).optional().default('bank_transfer'),
  paidAt: isoDate.optional(),
  /** The months it pays; by default the month the parent uploaded it for. */
  feeIds: z.array(id).min(1, FEE_MESSAGES.feesRequired).max(24).optional(),
});
export type AcceptProofInput = z.input<typeof acceptProofInput>;

export const rejectProofInput = z.object({ id, reason });

/** The typed fields of the proof upload form (multipart: these plus `file`). */
export const proofUploadFields = z.object({
  amountBhd: positiveMoney,
  reference,
});
export type ProofUploadFields = z.input<typeof proofUploadFields>;

export const yearSummaryQuery = z.object({ month: month.optional() });

/** Answers. */
export interface ReceiptRef {
  paymentId: string;
  receiptNumber: string;
  amountBhd: string;
  paidAt: string;
}

export interface ProofRef {
  id: string;
  status: ProofStatus;
  reason: string | null;
  amountBhd: string;
  reference: string;
  createdAt: string;
}

export interface ParentFee {
  id: string;
  studentId: string;
  month: string;
  amountBhd: string;
  paidBhd: string;
  dueFrom: string;
  dueDate: string;
  status: FeeStatus;
  receipts: ReceiptRef[];
  proofs: ProofRef[];
}

export interface AdminFee {
  id: string;
  studentId: string;
  automatedId: string;
  studentName: string;
  parentId: string;
  parentName: string;
  parentPhone: string | null;
  schoolName: string;
  areaName: string;
  driverName: string | null;
  month: string;
  amountBhd: string;
  paidBhd: string;
  outstandingBhd: string;
  dueFrom: string;
  dueDate: string;
  status: FeeStatus;
  waived: boolean;
  payments: (ReceiptRef & { method: LedgerPaymentMethod; reference: string; voided: boolean })[];
}

export interface FeeTotals {
  expectedBhd: string;
  collectedBhd: string;
  outstandingBhd: string;
  overdueBhd: string;
}

export interface Payment {
  id: string;
  parentId: string;
  amountBhd: string;
  method: LedgerPaymentMethod;
  reference: string;
  note: string;
  paidAt: string;
  receiptNumber: string;
  voidedAt: string | null;
  voidReason: string | null;
  allocations: { feeId: string; amountBhd: string }[];
}

export interface PaymentProof {
  id: string;
  feeId: string;
  parentId: string;
  parentName: string;
  parentPhone: string | null;
  studentName: string;
  month: string;
  amountBhd: string;
  reference: string;
  mime: string;
  size: number;
  status: ProofStatus;
  reason: string | null;
  paymentId: string | null;
  createdAt: string;
  /** Where the file is served (the owning parent and admins only). */
  fileUrl: string;
  /** The family's rows still to pay, shown beside the proof. */
  familyDueFees: { id: string; studentName: string; month: string; amountBhd: string; outstandingBhd: string; status: FeeStatus }[];
}

export interface OverdueFamily {
  parentId: string;
  parentName: string;
  phone: string | null;
  whatsappNumber: string | null;
  students: string[];
  months: string[];
  outstandingBhd: string;
}

export interface Receipt {
  id: string;
  receiptNumber: string;
  paidAt: string;
  method: LedgerPaymentMethod;
  reference: string;
  amountBhd: string;
  voided: boolean;
  voidReason: string | null;
  parentName: string;
  lines: { studentName: string; automatedId: string; month: string; amountBhd: string }[];
  /** Present when a VAT rate is set: the amounts include VAT. */
  vat: { ratePercent: string; netBhd: string; vatBhd: string; totalBhd: string; registrationNumber: string } | null;
  company: { name: string; contactText: string; phones: string[] };
}

/** Where the parent portal and the admin screens find a receipt's PDF and a proof's file. */
export const receiptPdfPath = (paymentId: string) => `/api/receipts/${paymentId}.pdf`;
/** The printable receipt page of the web app (A4), for its family and the office. */
export const receiptPagePath = (paymentId: string) => `/receipts/${paymentId}`;
export const proofFilePath = (proofId: string) => `/api/payment-proofs/${proofId}/file`;
export const proofUploadPath = (feeId: string) => `/api/parent/fees/${feeId}/proofs`;

/** A WhatsApp chat with a Bahraini number (8 digits), with a prefilled message. */
export function whatsappLink(phone: string, text: string): string {
  return `https://wa.me/973${phone.replace(/\D/g, '').slice(-8)}?text=${encodeURIComponent(text)}`;
}

/** VAT contained in a VAT-inclusive total, by rate in percent: net + VAT = total, rounded to 2 decimals. */
export function splitVat(totalBhd: string, ratePercent: string): { netBhd: string; vatBhd: string } {
  const toCents = (money: string) => {
    const [whole = '0', fraction = ''] = money.split('.');
    return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  };
  const total = toCents(totalBhd);
  const rate = toCents(ratePercent); // percent in hundredths: 10 % → 1000
  const net = (total * 10000n * 2n + (10000n + rate)) / ((10000n + rate) * 2n); // rounded half up
  const show = (cents: bigint) => `${(cents / 100n).toString()}.${(cents % 100n).toString().padStart(2, '0')}`;
  return { netBhd: show(net), vatBhd: show(total - net) };
}

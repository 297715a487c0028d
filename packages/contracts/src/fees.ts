import { z } from 'zod';
import { FEE_MESSAGES, MESSAGES } from './messages.js';
import { moneyInput } from './money.js';
import { LANGUAGES } from './options.js';
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
  status: z
    .enum(FEE_STATUSES)
    .or(z.literal(''))
    .optional()
    .transform((value) => (value ? value : undefined)),
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

/** How much of a payment or refund went to each fee row. */
export const feeAllocation = z.object({ feeId: z.string(), amountBhd: z.string() });

/** A refund as recorded: what went back, on which months, its credit note, and Tap's refund. */
export const refund = z.object({
  id: z.string(),
  paymentId: z.string(),
  amountBhd: z.string(),
  reason: z.string(),
  creditNoteNumber: z.string(),
  gatewayRefundId: z.string().nullable(),
  /** Tap's status when it accepted the refund (REFUNDED, PENDING, IN_PROGRESS, ACCEPTED). */
  gatewayStatus: z.string().nullable(),
  createdAt: z.string(),
  allocations: z.array(feeAllocation),
});
export type Refund = z.output<typeof refund>;
export const refundAnswer = z.object({ refund });
export const waiveFeeInput = z.object({ id, waived: z.boolean(), reason: z.string().trim().max(300, MESSAGES.tooLong).optional().default('') });

export const proofListQuery = z.object({
  status: z
    .enum(PROOF_STATUSES)
    .or(z.literal(''))
    .optional()
    .transform((value) => (value ? value : undefined)),
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
export const receiptRef = z.object({
  paymentId: z.string(),
  receiptNumber: z.string(),
  amountBhd: z.string(),
  paidAt: z.string(),
});
export type ReceiptRef = z.output<typeof receiptRef>;

export const proofRef = z.object({
  id: z.string(),
  status: z.enum(PROOF_STATUSES),
  reason: z.string().nullable(),
  amountBhd: z.string(),
  reference: z.string(),
  createdAt: z.string(),
});
export type ProofRef = z.output<typeof proofRef>;
/** An uploaded proof's answer: the proof, with where its file is read. */
export const uploadedProofAnswer = z.object({ proof: proofRef.extend({ fileUrl: z.string() }) });

export const parentFee = z.object({
  id: z.string(),
  studentId: z.string(),
  month: z.string(),
  amountBhd: z.string(),
  paidBhd: z.string(),
  dueFrom: z.string(),
  dueDate: z.string(),
  status: z.enum(FEE_STATUSES),
  receipts: z.array(receiptRef),
  proofs: z.array(proofRef),
});
export type ParentFee = z.output<typeof parentFee>;
export const parentFeesAnswer = z.object({ fees: z.array(parentFee) });

export const adminFee = z.object({
  id: z.string(),
  studentId: z.string(),
  automatedId: z.string(),
  studentName: z.string(),
  parentId: z.string(),
  parentName: z.string(),
  parentPhone: z.string().nullable(),
  schoolName: z.string(),
  areaName: z.string(),
  driverName: z.string().nullable(),
  month: z.string(),
  amountBhd: z.string(),
  paidBhd: z.string(),
  outstandingBhd: z.string(),
  dueFrom: z.string(),
  dueDate: z.string(),
  status: z.enum(FEE_STATUSES),
  waived: z.boolean(),
  payments: z.array(receiptRef.extend({ method: z.enum(LEDGER_PAYMENT_METHODS), reference: z.string(), voided: z.boolean() })),
});
export type AdminFee = z.output<typeof adminFee>;

export const feeTotals = z.object({
  expectedBhd: z.string(),
  collectedBhd: z.string(),
  outstandingBhd: z.string(),
  overdueBhd: z.string(),
});
export type FeeTotals = z.output<typeof feeTotals>;
/** A month's fee rows, one page of them, the number of rows over every page, and the month's totals. */
export const adminFeesAnswer = z.object({ fees: z.array(adminFee), total: z.number(), totals: feeTotals });
/** How many fee rows the generation made (0 when the month had them all). */
export const generateFeesAnswer = z.object({ created: z.number() });
/** Expected and collected per service month of the school year. */
export const yearSummaryAnswer = z.object({ months: z.array(z.object({ month: z.string(), expectedBhd: z.string(), collectedBhd: z.string() })) });
/** A write that answers nothing else. */
export const okAnswer = z.object({ ok: z.literal(true) });

export const payment = z.object({
  id: z.string(),
  parentId: z.string(),
  amountBhd: z.string(),
  method: z.enum(LEDGER_PAYMENT_METHODS),
  reference: z.string(),
  note: z.string(),
  paidAt: z.string(),
  receiptNumber: z.string(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  allocations: z.array(feeAllocation),
});
export type Payment = z.output<typeof payment>;
export const paymentAnswer = z.object({ payment });

export const paymentProof = z.object({
  id: z.string(),
  feeId: z.string(),
  parentId: z.string(),
  parentName: z.string(),
  parentPhone: z.string().nullable(),
  studentName: z.string(),
  month: z.string(),
  amountBhd: z.string(),
  reference: z.string(),
  mime: z.string(),
  size: z.number(),
  status: z.enum(PROOF_STATUSES),
  reason: z.string().nullable(),
  paymentId: z.string().nullable(),
  createdAt: z.string(),
  /** Where the file is served (the owning parent and admins only). */
  fileUrl: z.string(),
  /** The family's rows still to pay, shown beside the proof. */
  familyDueFees: z.array(
    z.object({ id: z.string(), studentName: z.string(), month: z.string(), amountBhd: z.string(), outstandingBhd: z.string(), status: z.enum(FEE_STATUSES) }),
  ),
});
export type PaymentProof = z.output<typeof paymentProof>;
export const proofsAnswer = z.object({ proofs: z.array(paymentProof) });

export const overdueFamily = z.object({
  parentId: z.string(),
  parentName: z.string(),
  phone: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  students: z.array(z.string()),
  months: z.array(z.string()),
  outstandingBhd: z.string(),
});
export type OverdueFamily = z.output<typeof overdueFamily>;
export const overdueAnswer = z.object({ families: z.array(overdueFamily) });

export const receipt = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  paidAt: z.string(),
  method: z.enum(LEDGER_PAYMENT_METHODS),
  reference: z.string(),
  amountBhd: z.string(),
  voided: z.boolean(),
  voidReason: z.string().nullable(),
  parentName: z.string(),
  lines: z.array(z.object({ studentName: z.string(), automatedId: z.string(), month: z.string(), amountBhd: z.string() })),
  /** Present when a VAT rate is set: the amounts include VAT. */
  vat: z.object({ ratePercent: z.string(), netBhd: z.string(), vatBhd: z.string(), totalBhd: z.string(), registrationNumber: z.string() }).nullable(),
  company: z.object({ name: z.string(), contactText: z.string(), phones: z.array(z.string()) }),
});
export type Receipt = z.output<typeof receipt>;
/** A receipt and the language its PDF is written in: the reader's. */
export const receiptAnswer = z.object({ receipt, language: z.enum(LANGUAGES) });

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

/**
 * The messages the product sends to parents and drivers (the outbox). Each event writes
 * one row per recipient in the same transaction as the change it reports; the worker renders the
 * template of `templateKey` from `payload` in the recipient's language when it delivers.
 */
export interface NotificationPayloads {
  /** To the parent after registration: the student's ID (payment instructions come from settings). */
  registration_received: { automatedId: string; studentName: string };
  /**
   * To the owner of an account whose email a registration used without its password: nothing was
   * added (the registration's answer does not say so, so that it does not tell which emails exist).
   */
  registration_email_in_use: { studentName: string };
  /** To the parent: a driver now carries the student (first assignment or a change of driver). */
  driver_assigned: { automatedId: string; studentName: string; driverName: string; driverPhone: string };
  /** To the parent: the student has no driver any more. */
  driver_removed: { automatedId: string; studentName: string };
  /** To the driver: a student joined their list. */
  student_assigned: {
    automatedId: string;
    studentName: string;
    schoolName: string;
    areaName: string;
    address: string;
    contactNumber1: string;
    serviceType: string;
  };
  /** To the parent: the office decided a modification request. */
  modification_approved: { studentName: string; adminNote: string | null };
  modification_rejected: { studentName: string; adminNote: string | null };
  /** To the parent: the office marked the student's fee paid. */
  payment_received: { automatedId: string; studentName: string; amountBhd: string; month: string | null };
  /**
   * To the parent, once per fee row: the family's months due in the window that opened today, and,
   * with online payments on, the pay link that pays exactly these rows without signing in.
   */
  fee_reminder: {
    parentName: string;
    items: { studentName: string; month: string; amountBhd: string }[];
    totalBhd: string;
    dueDate: string;
    payUrl?: string | null;
  };
  /** To the parent: the office recorded a payment; the receipt is in the parent portal. */
  payment_recorded: { receiptNumber: string; amountBhd: string; months: string[]; studentNames: string[] };
  /** To the parent: a payment was voided (recorded by mistake, or the student set unpaid). */
  payment_voided: { receiptNumber: string; amountBhd: string; reason: string };
  /** To the parent: the office gave back all or part of an online payment; the credit note is in the parent portal. */
  payment_refunded: { creditNoteNumber: string; receiptNumber: string; amountBhd: string; months: string[]; reason: string };
  /** To the parent: the office accepted their proof of payment and recorded the payment. */
  proof_accepted: { studentName: string; month: string; amountBhd: string; receiptNumber: string };
  /** To the parent: the office could not match their proof of payment. */
  proof_rejected: { studentName: string; month: string; amountBhd: string; reason: string };
  /** To a parent, driver or office user who forgot their password (or whom the office helps): a one-time code. */
  password_reset: { code: string; minutes: number };
  /**
   * To the old phone (and the email, where known) of a parent or driver whose phone the office
   * changed: the new number's last digits (null: removed), so that an owner who did not ask can call.
   */
  phone_changed: { name: string; newPhoneEnding: string | null };
  /** To a new account the office made without a password: a one-time code to choose one, and the sign-in it is for. */
  welcome_code: { name: string; code: string; signIn: string; days: number };
  /**
   * To the parent, from a driver's mark (time as an ISO instant, shown in Bahrain's time). A no-show
   * and a return to school always go; boarded and dropped only to parents who turned them on.
   */
  student_boarded: { studentName: string; run: 'morning' | 'afternoon'; at: string };
  student_dropped: { studentName: string; run: 'morning' | 'afternoon'; at: string; schoolName: string };
  student_no_show: {
    studentName: string;
    run: 'morning' | 'afternoon';
    at: string;
    driverName: string;
    driverPhone: string;
    /** A morning no-show of a child who rides home too: the WhatsApp reply button's payload, 'Not riding' this afternoon (notRidingReply). */
    notRidingReply?: string | null;
  };
  student_returned_to_school: { studentName: string; at: string; schoolName: string; driverName: string; driverPhone: string };
  /** To the office's alert phone, once per run: a run still open with children on board past its planned end. */
  run_overdue: { driverName: string; driverPhone: string; run: 'morning' | 'afternoon'; date: string; studentNames: string[] };
  /** To a family, from the office (a late bus, a closure): its English and, when written, its Arabic. */
  family_message: { textEn: string; textAr: string | null };
  /** To the family that tapped 'Not riding' on WhatsApp: the absence recorded, or why not. */
  /** To a family that turned it on (WhatsApp only), the evening before a school day: a 'Not riding' reply records the absence. */
  tomorrow_bus: { studentName: string; date: string; notRidingReply: string };
  absence_by_reply: { studentName: string; date: string; run: 'morning' | 'afternoon' | 'both'; outcome: 'recorded' | 'too_late' | 'already_reported' };
  /** To a family that turned it on, once per child and run: the bus is about this many minutes from their stop. */
  bus_near: { studentName: string; minutes: number };
  /** To the parent, when the driver undid a mark whose message had already gone: that message was a wrong tap. */
  mark_undone: { studentName: string; event: 'boarded' | 'dropped' | 'no_show' | 'returned_to_school'; at: string };
  /** To the family, every time a child whose handover is required is received at the stop: who received them and when. */
  student_handed_over: {
    studentName: string;
    receiverName: string;
    relation: 'mother' | 'father' | 'grandparent' | 'aunt' | 'uncle' | 'sibling' | 'driver' | 'nanny' | 'other' | 'parent' | 'day_code';
    at: string;
  };
  /** To a one-day delegate: the code they show the bus to receive the child, on that date only. */
  handover_code: { delegateName: string; studentName: string; date: string; code: string };
  /** To the office's alert phone: a child was taken back to school (nobody received them at the stop). */
  returned_to_school_office: { studentName: string; schoolName: string; at: string; driverName: string; driverPhone: string };
  /** To the family whose erasure the office completed: its last message, whose recipient is erased once delivered. */
  data_erased: { familyNumber: string };
  /** To the family whose erasure request the office refused, with the reason. */
  erasure_refused: { reason: string };
}

export type NotificationTemplateKey = keyof NotificationPayloads;
export const NOTIFICATION_TEMPLATE_KEYS = [
  'registration_received',
  'registration_email_in_use',
  'driver_assigned',
  'driver_removed',
  'student_assigned',
  'modification_approved',
  'modification_rejected',
  'payment_received',
  'fee_reminder',
  'payment_recorded',
  'payment_voided',
  'payment_refunded',
  'proof_accepted',
  'proof_rejected',
  'password_reset',
  'welcome_code',
  'phone_changed',
  'student_boarded',
  'student_dropped',
  'student_no_show',
  'student_returned_to_school',
  'run_overdue',
  'family_message',
  'absence_by_reply',
  'tomorrow_bus',
  'bus_near',
  'mark_undone',
  'student_handed_over',
  'handover_code',
  'returned_to_school_office',
  'data_erased',
  'erasure_refused',
] as const satisfies readonly NotificationTemplateKey[];

/** Who a message goes to; `sms` rows are delivered by SMS or WhatsApp, whichever transport is configured. */
/** Messages whose payload holds a one-time code: the office's Outbox shows them with the code masked. */
export const ONE_TIME_CODE_TEMPLATE_KEYS: readonly NotificationTemplateKey[] = ['password_reset', 'welcome_code', 'handover_code'];

export const NOTIFICATION_CHANNELS = ['sms', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

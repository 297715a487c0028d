import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable, Updateable } from 'kysely';
import type {
  AdultRelation,
  Language,
  MarkedByRole,
  ReceiverRelation,
  ModificationStatus,
  NotificationStatus,
  PaymentStatus,
  Role,
  ServiceType,
  UserStatus,
  Weekday,
} from '@school-transport/contracts';

/**
 * The typed shape of every table. Columns are snake_case in PostgreSQL and
 * camelCase here: the CamelCasePlugin translates. Money is numeric(10,2) and reads as a string.
 */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Money = ColumnType<string, string, string>;

export interface UsersTable {
  id: Generated<string>;
  email: string | null;
  passwordHash: string;
  role: ColumnType<Role, Role | undefined, Role>;
  name: string;
  phone: string | null;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  /** The language of the account's screens and of the messages sent to it. */
  language: ColumnType<Language, Language | undefined, Language>;
  /** Whether its person chose `language` (the switch); if not, the screen they sign in on sets it. */
  languageChosen: ColumnType<boolean, boolean | undefined, boolean>;
  /** When the account last signed in (null: never); shown for office accounts. */
  lastSignInAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the office last changed the account's phone (null: never): a reset code within a day of it needs an admin. */
  phoneChangedByOfficeAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ParentsTable {
  id: Generated<string>;
  userId: string;
  whatsappNumber: string | null;
  /** Whether boarded and dropped messages are sent to this family (they cost money; off by default). */
  boardedDroppedMessages: ColumnType<boolean, boolean | undefined, boolean>;
  /** Whether the evening message about tomorrow's bus (with a Not riding reply) is sent (WhatsApp only; off by default). */
  tomorrowMessages: ColumnType<boolean, boolean | undefined, boolean>;
  /** When the family was erased (its accounts closed, its personal data replaced); null: never. */
  erasedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface SchoolsTable {
  id: Generated<string>;
  schoolCode: string;
  name: string;
  address: string | null;
  contactName: string | null;
  contactPhone: string | null;
  /** When lessons start ('07:30', Bahrain time); a new morning run's times default from it. */
  startTime: ColumnType<string | null, string | null | undefined, string | null>;
  /** When children are dismissed ('13:30'); a new afternoon run's times default from it. */
  dismissalTime: ColumnType<string | null, string | null | undefined, string | null>;
  /** Handover at the afternoon stop is required up to this grade (KG below grade 1); null: no rule. */
  handoverUpToGrade: ColumnType<string | null, string | null | undefined, string | null>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface AreasTable {
  /** Readable ids allocated by the database: area-001, area-002, ... */
  id: Generated<string>;
  name: string;
  price: ColumnType<string, string | undefined, string>;
  /** Null or 0: the area offers no roundabout choice. */
  roundaboutCount: number | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface DriversTable {
  id: Generated<string>;
  userId: string;
  name: string;
  phone: string;
  licenseNo: string;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  areaIds: JSONColumnType<string[], string, string>;
  vehiclePlate: string | null;
  vehicleSeats: number | null;
  /** The identifier the bus's tracker reports under (migration 2026-11-28T1400); unique, null: none. */
  vehicleTrackerId: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** The attendant of a bus (migration 2026-11-27T1100): a user of role `attendant` working the day of the driver's bus. */
export interface AttendantsTable {
  id: Generated<string>;
  userId: string;
  driverId: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface TermsTable {
  id: Generated<string>;
  version: number;
  content: string;
  /** The Arabic text of the same terms; null until the office writes it. */
  contentAr: ColumnType<string | null, string | null | undefined, string | null>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  effectiveFrom: Date | null;
  createdAt: CreatedAt;
}

export interface StudentsTable {
  id: Generated<string>;
  /** Readable, sequential, allocated by the database: STU-2026-00042. */
  automatedId: Generated<string>;
  schoolId: string;
  firstName: string;
  fathersName: string;
  lastName: string;
  grade: string;
  class: string | null;
  studentSchoolId: string;
  contactNumber1: string;
  contactNumber2: string | null;
  serviceType: ServiceType;
  priceBhd: Money;
  areaId: string;
  roundabout: number | null;
  address: string;
  address2: string | null;
  flatHome: string | null;
  houseBuilding: string;
  road: string;
  block: string;
  driverId: string | null;
  /** The run the office placed the child on by hand (null: the run of their bus serving their school). */
  morningRunId: ColumnType<string | null, string | null | undefined, string | null>;
  afternoonRunId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The bus home when it is not the morning's (null: the same as `driverId`). */
  afternoonDriverId: ColumnType<string | null, string | null | undefined, string | null>;
  /** 'required' (asked by the family or the office) or 'lifted' (by the office); null: the school's rule decides. */
  handoverChoice: ColumnType<'required' | 'lifted' | null, 'required' | 'lifted' | null | undefined, 'required' | 'lifted' | null>;
  locationLink: string | null;
  paymentStatus: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  parentId: string;
  termsVersionId: string | null;
  termsAcceptedAt: Date | null;
  termsIp: string | null;
  /** The language of the terms text accepted; null where the office recorded the acceptance. */
  termsLanguage: ColumnType<Language | null, Language | null | undefined, Language | null>;
  /** Set when the office deletes the student: the row stays for the records, every list hides it. */
  deletedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ModificationRequestsTable {
  id: Generated<string>;
  studentId: string;
  parentId: string;
  payloadOld: JSONColumnType<Record<string, unknown>, string, string>;
  payloadNew: JSONColumnType<Record<string, unknown>, string, string>;
  status: ColumnType<ModificationStatus, ModificationStatus | undefined, ModificationStatus>;
  adminNote: string | null;
  decidedBy: string | null;
  createdAt: CreatedAt;
  decidedAt: Date | null;
}

export interface NotificationsTable {
  id: Generated<string>;
  recipientType: 'email' | 'sms';
  recipient: string;
  templateKey: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  /** `held` (migration 2026-11-26T0910): written, not sent until the office releases it. */
  status: ColumnType<NotificationStatus, NotificationStatus | undefined, NotificationStatus>;
  errorMsg: string | null;
  createdAt: CreatedAt;
  /** Delivery (migration 2026-11-22T1300): tries made, when the next may start, and the lease of the process sending it. */
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: ColumnType<Date, Date | string | undefined, Date | string>;
  lockedUntil: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  lockedBy: string | null;
  sentAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updatedAt: UpdatedAt;
  language: ColumnType<Language, Language | undefined, Language>;
  /** The text as it went out (set at delivery). */
  body: string | null;
  /** One message per key: an event written twice stays one message. */
  idempotencyKey: ColumnType<string, string | undefined, never>;
}

export interface SettingsTable {
  id: Generated<number>;
  key: string;
  value: ColumnType<unknown, string, string>;
  updatedAt: UpdatedAt;
}

export interface AuditLogsTable {
  id: Generated<string>;
  actorUserId: string | null;
  entityType: string;
  entityId: string;
  action: string;
  diff: JSONColumnType<Record<string, unknown>, string, string>;
  ip: string | null;
  createdAt: CreatedAt;
}

export interface SessionsTable {
  sid: string;
  sess: JSONColumnType<Record<string, unknown>, string, string>;
  expire: Date;
  /** The session's last request, written at most every few minutes (an idle office session ends). */
  lastSeenAt: ColumnType<Date, Date | undefined, Date>;
}

/** Sign-in attempts in the current window of one account identifier or one client address (domain/login-throttle.ts). */
export interface SignInAttemptsTable {
  scope: 'account' | 'account_address' | 'address';
  key: string;
  attempts: number;
  windowStartedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Registrations and reset requests of one client address in its current hour (domain/address-limits.ts). */
export interface AddressRequestsTable {
  action: 'registration' | 'password_reset' | 'pay_link' | 'unknown_tracker';
  address: string;
  requests: number;
  windowStartedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A one-time code that sets an account's password (domain/account-codes.ts); only its hash is kept. */
export interface AccountCodesTable {
  id: Generated<string>;
  userId: string;
  purpose: 'password_reset' | 'welcome';
  codeHash: string;
  wrongAttempts: ColumnType<number, number | undefined, number>;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  /** Used, voided by the fifth wrong try, or replaced by a newer code. */
  endedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The office user who sent it; null when the account's owner asked for it. */
  sentBy: string | null;
  createdAt: CreatedAt;
}

/** A student's fee for one service month; its status is computed from its payments. */
export interface FeesTable {
  id: Generated<string>;
  studentId: string;
  /** 'YYYY-MM' */
  month: string;
  amount: Money;
  /** `date` columns: the drivers read them as Date objects (so the type says Date); the ledger selects them as 'YYYY-MM-DD' text with to_char. Written as 'YYYY-MM-DD'. */
  dueFrom: ColumnType<Date, string, string>;
  dueDate: ColumnType<Date, string, string>;
  waived: ColumnType<boolean, boolean | undefined, boolean>;
  waivedReason: string | null;
  remindedAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface PaymentsTable {
  id: Generated<string>;
  parentId: string;
  amount: Money;
  method: 'benefit_pay' | 'bank_transfer' | 'cash' | 'other' | 'online';
  reference: ColumnType<string, string | undefined, string>;
  /** For an online payment: the card scheme or wallet the family paid with (BENEFIT, VISA, APPLE_PAY...). */
  onlineScheme: ColumnType<string | null, string | null | undefined, string | null>;
  note: ColumnType<string, string | undefined, string>;
  /** A `date` column, read as a Date (see FeesTable.dueFrom); written as 'YYYY-MM-DD'. */
  paidAt: ColumnType<Date, string, string>;
  receiptNumber: Generated<string>;
  recordedBy: string | null;
  voidedAt: Date | null;
  voidReason: string | null;
  voidedBy: string | null;
  createdAt: CreatedAt;
}

export interface PaymentAllocationsTable {
  paymentId: string;
  feeId: string;
  amount: Money;
}

export interface PaymentProofsTable {
  id: Generated<string>;
  feeId: string;
  parentId: string;
  file: Uint8Array;
  mime: string;
  size: number;
  amount: Money;
  reference: ColumnType<string, string | undefined, string>;
  status: ColumnType<'pending' | 'accepted' | 'rejected', 'pending' | 'accepted' | 'rejected' | undefined, 'pending' | 'accepted' | 'rejected'>;
  reason: string | null;
  paymentId: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: CreatedAt;
}

/** A family's checkout of fee rows through the card gateway, and the gateway's charge it became. */
export interface OnlinePaymentsTable {
  id: Generated<string>;
  parentId: string;
  amount: Money;
  status: ColumnType<
    'initiated' | 'paid' | 'failed' | 'cancelled',
    'initiated' | 'paid' | 'failed' | 'cancelled' | undefined,
    'initiated' | 'paid' | 'failed' | 'cancelled'
  >;
  chargeId: string | null;
  /** The gateway's last status of the charge, as it wrote it (CAPTURED, DECLINED...). */
  chargeStatus: string | null;
  checkoutUrl: string | null;
  scheme: string | null;
  /** The ledger payment the captured charge was booked as. */
  paymentId: string | null;
  /** Why the office must look at it (a captured charge the server would not book); null: nothing to see. */
  attention: string | null;
  /** The reminder's pay link the checkout was started from; null: from the family's signed-in Fees view. */
  payLinkId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A fee reminder's pay link (domain/fees/online/pay-links.ts): only the SHA-256 of its random token is kept. */
export interface PayLinksTable {
  id: Generated<string>;
  tokenHash: string;
  parentId: string;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  revokedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: CreatedAt;
}

/** The fee rows a pay link names: exactly those of its reminder. */
export interface PayLinkFeesTable {
  payLinkId: string;
  feeId: string;
}

/** The fee rows a checkout pays, with what each still owed then. */
export interface OnlinePaymentFeesTable {
  onlinePaymentId: string;
  feeId: string;
  amount: Money;
}

/** Money given back on a payment through the card gateway, with its credit note (CRN-000001...). */
export interface RefundsTable {
  id: Generated<string>;
  paymentId: string;
  amount: Money;
  reason: string;
  /** The gateway's refund id (re_…) and its status when it accepted the refund (REFUNDED, PENDING...). */
  gatewayRefundId: string | null;
  gatewayStatus: string | null;
  creditNoteNumber: Generated<string>;
  refundedBy: string | null;
  createdAt: CreatedAt;
}

/** The fee rows a refund gives back, and how much of each: they owe it again. */
export interface RefundAllocationsTable {
  refundId: string;
  feeId: string;
  amount: Money;
}

/** A printed invoice: numbered 1, 2, 3 ... without gaps; the amount is the fee when it was issued. */
export interface InvoicesTable {
  id: Generated<string>;
  invoiceNumber: number;
  studentId: string;
  /** The service month it bills, 'YYYY-MM' (Bahrain time). */
  period: string;
  amountBhd: Money;
  issuedBy: string | null;
  issuedAt: CreatedAt;
}

/** A student will not ride, from one Bahrain date to another ('YYYY-MM-DD'); cancelled, never deleted. */
export interface AbsencesTable {
  id: Generated<string>;
  studentId: string;
  fromDate: string;
  toDate: string;
  run: 'morning' | 'afternoon' | 'both';
  reason: string | null;
  createdBy: string | null;
  createdAt: CreatedAt;
  cancelledAt: Date | null;
  cancelledBy: string | null;
}

/** A run the office plans for a bus (a driver): its direction, name, schools, times and weekdays. */
export interface PlannedRunsTable {
  id: Generated<string>;
  driverId: string;
  direction: 'morning' | 'afternoon';
  name: string;
  /** The schools it serves; empty: every school the bus's children go to. */
  schoolIds: JSONColumnType<string[], string | undefined, string>;
  /** Bahrain 'HH:MM'. */
  plannedStart: string;
  plannedEnd: string;
  /** The weekdays it operates; null: the school week as set. */
  weekdays: JSONColumnType<Weekday[] | null, string | null | undefined, string | null>;
  /** Removed by the office: its past days stay in the records. */
  deletedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** One planned run on one Bahrain date; not started, in progress or done by started_at and ended_at. */
export interface SchoolRunsTable {
  id: Generated<string>;
  plannedRunId: string;
  /** The driver whose students ride it (the planned run's bus). */
  driverId: string;
  date: string;
  /** The planned run's direction on that day. */
  run: 'morning' | 'afternoon';
  /** Another driver the office handed this day's run to. */
  substituteDriverId: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  /** When the office's phone was told the run is overdue (once per run). */
  overdueAlertedAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** What happened to one child on a run; one row per id from the phone. */
export interface RunMarksTable {
  id: Generated<string>;
  runId: string;
  studentId: string;
  event: 'boarded' | 'dropped' | 'no_show' | 'returned_to_school';
  at: Date;
  clientId: string;
  position: JSONColumnType<{ lat: number; lng: number; accuracy: number } | null, string | null, string | null>;
  recordedBy: string | null;
  /** Who made the mark (migration 2026-11-27T1100): the bus's driver, its attendant, or the office acting for them. */
  markedByRole: ColumnType<MarkedByRole | null, MarkedByRole | null | undefined, MarkedByRole | null>;
  createdAt: CreatedAt;
  /** When the mark was undone (migration 2026-11-27T0900): kept in the records, no longer the child's status. */
  undoneAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Who received the child at the stop (migration 2026-11-28T1030), as named then: null when nobody had to. */
  receivedByName: ColumnType<string | null, string | null | undefined, string | null>;
  receivedByRelation: ColumnType<ReceiverRelation | null, ReceiverRelation | null | undefined, ReceiverRelation | null>;
  receivedByAdultId: ColumnType<string | null, string | null | undefined, string | null>;
  receivedByCodeId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An adult a family named who may receive their children at the afternoon stop. */
export interface AuthorisedAdultsTable {
  id: Generated<string>;
  parentId: string;
  name: string;
  relation: AdultRelation;
  phone: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A one-day delegate's code for one child and one date (only its hash). */
export interface HandoverCodesTable {
  id: Generated<string>;
  studentId: string;
  /** The Bahrain date it is valid on ('YYYY-MM-DD'). */
  date: ColumnType<string, string, string>;
  name: string;
  phone: string;
  codeHash: string;
  wrongTries: ColumnType<number, number | undefined, number>;
  usedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  voidedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  cancelledAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  createdAt: CreatedAt;
}

/** An undo of a mark, once per id from the phone (migration 2026-11-27T0900). */
export interface RunMarkUndosTable {
  id: Generated<string>;
  runId: string;
  markId: string;
  clientId: string;
  at: Date;
  recordedBy: string | null;
  createdAt: CreatedAt;
}

/** A reply tap the WhatsApp webhook delivered, once per WhatsApp message id, and what came of it. */
export interface WhatsappRepliesTable {
  messageId: string;
  fromPhone: string;
  payload: string;
  outcome: 'absence_recorded' | 'too_late' | 'already_reported' | 'not_recognised';
  absenceId: string | null;
  createdAt: CreatedAt;
}

/** The latest position of a driver's phone during a run; one row per driver. */
export interface BusPositionsTable {
  driverId: string;
  /** The planned run the phone was driving. */
  plannedRunId: string;
  date: string;
  run: 'morning' | 'afternoon';
  lat: number;
  lng: number;
  accuracy: number;
  speed: number | null;
  heading: number | null;
  at: Date;
  /** What the position came from (migration 2026-11-28T1400): the bus's tracker, a tracking app, or the driver's browser. */
  source: ColumnType<PositionSource, PositionSource | undefined, PositionSource>;
  /** The sender's battery in percent, where it is known. */
  battery: number | null;
  updatedAt: UpdatedAt;
}

export type PositionSource = 'tracker' | 'phone_app' | 'browser';

/** A run's trail: every accepted fix of the phone of the driver who drove it. */
export interface RunPositionsTable {
  id: Generated<string>;
  driverId: string;
  /** The planned run the phone was driving. */
  plannedRunId: string;
  date: string;
  run: 'morning' | 'afternoon';
  lat: number;
  lng: number;
  accuracy: number;
  speed: number | null;
  heading: number | null;
  at: Date;
  /** What the fix came from (migration 2026-11-28T1400). */
  source: ColumnType<PositionSource, PositionSource | undefined, PositionSource>;
  createdAt: CreatedAt;
}

/** A family's 'bus is near' message for a student: minutes before the stop (off without a row). */
export interface BusNearSettingsTable {
  studentId: string;
  minutes: 5 | 10;
  updatedAt: UpdatedAt;
}

/** One stop of a driver's run: the children at one address (a key made of block, road and house). */
export interface RunStopsTable {
  id: Generated<string>;
  plannedRunId: string;
  driverId: string;
  run: 'morning' | 'afternoon';
  addressKey: string;
  /** The stop's place in the run's order (smallest first); numbers may skip. */
  position: number;
  createdAt: CreatedAt;
}

/** Who ordered a driver's run last; an afternoon without a row follows the morning reversed. */
export interface RunStopOrdersTable {
  plannedRunId: string;
  driverId: string;
  run: 'morning' | 'afternoon';
  orderedBy: string | null;
  orderedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The office's pin for an address (the same key as run_stops). */
export interface StopLocationsTable {
  addressKey: string;
  lat: number;
  lng: number;
  setBy: string | null;
  setAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A family's request to erase its data (Bahrain's PDPL): due within 10 working days, completed or refused by an admin. */
export interface ErasureRequestsTable {
  id: Generated<string>;
  parentId: string;
  status: ColumnType<'open' | 'completed' | 'refused', 'open' | undefined, 'completed' | 'refused'>;
  reason: string | null;
  /** Why the office refused (sent to the family); set exactly when refused. */
  refusalReason: string | null;
  /** Bahrain 'YYYY-MM-DD': 10 working days after the request. */
  dueBy: string;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: CreatedAt;
}

/** An office user opened a child's record, live position or a run's trail: who, when, which child, what. */
export interface RecordViewsTable {
  id: Generated<string>;
  viewerUserId: string | null;
  studentId: string;
  what: 'record' | 'position' | 'trail';
  at: Date;
}

export interface Database {
  authorisedAdults: AuthorisedAdultsTable;
  handoverCodes: HandoverCodesTable;
  erasureRequests: ErasureRequestsTable;
  recordViews: RecordViewsTable;
  busPositions: BusPositionsTable;
  runPositions: RunPositionsTable;
  busNearSettings: BusNearSettingsTable;
  runStops: RunStopsTable;
  runStopOrders: RunStopOrdersTable;
  stopLocations: StopLocationsTable;
  whatsappReplies: WhatsappRepliesTable;
  absences: AbsencesTable;
  plannedRuns: PlannedRunsTable;
  schoolRuns: SchoolRunsTable;
  runMarks: RunMarksTable;
  runMarkUndos: RunMarkUndosTable;
  users: UsersTable;
  parents: ParentsTable;
  schools: SchoolsTable;
  areas: AreasTable;
  drivers: DriversTable;
  attendants: AttendantsTable;
  terms: TermsTable;
  students: StudentsTable;
  modificationRequests: ModificationRequestsTable;
  notifications: NotificationsTable;
  settings: SettingsTable;
  auditLogs: AuditLogsTable;
  sessions: SessionsTable;
  signInAttempts: SignInAttemptsTable;
  addressRequests: AddressRequestsTable;
  accountCodes: AccountCodesTable;
  fees: FeesTable;
  payments: PaymentsTable;
  paymentAllocations: PaymentAllocationsTable;
  paymentProofs: PaymentProofsTable;
  onlinePayments: OnlinePaymentsTable;
  onlinePaymentFees: OnlinePaymentFeesTable;
  payLinks: PayLinksTable;
  payLinkFees: PayLinkFeesTable;
  refunds: RefundsTable;
  refundAllocations: RefundAllocationsTable;
  invoices: InvoicesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type School = Selectable<SchoolsTable>;
export type Area = Selectable<AreasTable>;
export type Driver = Selectable<DriversTable>;
export type Terms = Selectable<TermsTable>;
export type Student = Selectable<StudentsTable>;
export type NewStudent = Insertable<StudentsTable>;
export type StudentUpdate = Updateable<StudentsTable>;
export type AuditLog = Selectable<AuditLogsTable>;
export type Notification = Selectable<NotificationsTable>;
export type Invoice = Selectable<InvoicesTable>;

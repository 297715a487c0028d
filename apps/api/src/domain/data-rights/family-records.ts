import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { PARENT_MESSAGES, type Language } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { readReceipt } from '../fees/receipts.js';
import { renderReceiptPdf } from '../fees/receipt-pdf.js';

/**
 * Everything the service holds about one family, for its 'My data' download: one JSON document per
 * kind of record, and its receipts as PDFs. Read in one read-only, repeatable-read transaction, so
 * that the files agree with each other. Nothing of another family: every query starts from the
 * family's parents row, its children or its own phones and email. No password hash, no session.
 */
export interface FamilyRecords {
  language: Language;
  /** 'account.json' → its content, in the order the README lists them. */
  documents: Record<RecordKind, unknown>;
  receipts: { fileName: string; bytes: Uint8Array }[];
}

export const RECORD_KINDS = [
  'account',
  'children',
  'terms-accepted',
  'modification-requests',
  'fees',
  'payments',
  'messages',
  'absences',
  'school-day-marks',
  'choices',
  'authorised-adults',
  'office-views',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

const iso = (value: Date | null) => value?.toISOString() ?? null;

export async function readFamilyRecords(db: Kysely<Database>, userId: string): Promise<FamilyRecords> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`SET TRANSACTION READ ONLY`.execute(trx);
      const account = await trx
        .selectFrom('users')
        .innerJoin('parents', 'parents.userId', 'users.id')
        .select([
          'parents.id as parentId',
          'users.name',
          'users.email',
          'users.phone',
          'users.language',
          'users.createdAt',
          'users.lastSignInAt',
          'parents.whatsappNumber',
          'parents.boardedDroppedMessages',
          'parents.tomorrowMessages',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      if (!account) throw new AppError('NOT_FOUND', PARENT_MESSAGES.studentNotFound);
      const { parentId } = account;
      const children = await trx
        .selectFrom('students')
        .innerJoin('schools', 'schools.id', 'students.schoolId')
        .innerJoin('areas', 'areas.id', 'students.areaId')
        .leftJoin('terms', 'terms.id', 'students.termsVersionId')
        .select([
          'students.id',
          'students.automatedId',
          'students.firstName',
          'students.fathersName',
          'students.lastName',
          'students.grade',
          'students.class',
          'students.studentSchoolId',
          'schools.name as school',
          'areas.name as area',
          'students.serviceType',
          'students.priceBhd',
          'students.contactNumber1',
          'students.contactNumber2',
          'students.address',
          'students.address2',
          'students.flatHome',
          'students.houseBuilding',
          'students.road',
          'students.block',
          'students.roundabout',
          'students.locationLink',
          'students.createdAt',
          'students.deletedAt',
          'terms.version as termsVersion',
          'students.termsAcceptedAt',
          'students.termsIp',
          'students.termsLanguage',
        ])
        .where('students.parentId', '=', parentId)
        .orderBy('students.createdAt')
        .execute();
      const studentIds = children.map((child) => child.id);
      const some = studentIds.length > 0 ? studentIds : ['00000000-0000-0000-0000-000000000000'];
      const recipients = [account.phone, account.whatsappNumber, account.email].filter((value): value is string => Boolean(value));

      const [modificationRequests, fees, payments, messages, absences, marks, busNear, views, adults, handoverCodes] = await Promise.all([
        trx
          .selectFrom('modificationRequests')
          .select(['id', 'studentId', 'payloadOld', 'payloadNew', 'status', 'adminNote', 'createdAt', 'decidedAt'])
          .where('parentId', '=', parentId)
          .orderBy('createdAt')
          .execute(),
        trx
          .selectFrom('fees')
          .select(['id', 'studentId', 'month', 'amount', sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('dueDate'), 'waived', 'waivedReason', 'createdAt'])
          .where('studentId', 'in', some)
          .orderBy('month')
          .execute(),
        trx
          .selectFrom('payments')
          .select([
            'id',
            'receiptNumber',
            'amount',
            'method',
            'onlineScheme',
            'reference',
            sql<string>`to_char(paid_at, 'YYYY-MM-DD')`.as('paidAt'),
            'voidedAt',
            'createdAt',
          ])
          .where('parentId', '=', parentId)
          .orderBy('createdAt')
          .execute(),
        recipients.length === 0
          ? Promise.resolve([])
          : trx
              .selectFrom('notifications')
              .select(['recipientType as channel', 'recipient', 'templateKey', 'status', 'body as text', 'createdAt', 'sentAt'])
              .where('recipient', 'in', recipients)
              .orderBy('createdAt')
              .execute(),
        trx
          .selectFrom('absences')
          .select(['id', 'studentId', 'fromDate', 'toDate', 'run', 'reason', 'createdAt', 'cancelledAt'])
          .where('studentId', 'in', some)
          .orderBy('fromDate')
          .execute(),
        trx
          .selectFrom('runMarks')
          .innerJoin('schoolRuns', 'schoolRuns.id', 'runMarks.runId')
          .select([
            'runMarks.studentId',
            'schoolRuns.date',
            'schoolRuns.run',
            'runMarks.event',
            'runMarks.at',
            'runMarks.position',
            'runMarks.markedByRole',
            'runMarks.receivedByName',
            'runMarks.receivedByRelation',
            'runMarks.undoneAt',
          ])
          .where('runMarks.studentId', 'in', some)
          .orderBy('runMarks.at')
          .execute(),
        trx.selectFrom('busNearSettings').select(['studentId', 'minutes', 'updatedAt']).where('studentId', 'in', some).execute(),
        trx
          .selectFrom('recordViews')
          .leftJoin('users', 'users.id', 'recordViews.viewerUserId')
          .select(['recordViews.studentId', 'recordViews.what', 'recordViews.at', 'users.name as viewer', 'users.role as viewerRole'])
          .where('recordViews.studentId', 'in', some)
          .orderBy('recordViews.at')
          .execute(),
        trx
          .selectFrom('authorisedAdults')
          .select(['id', 'name', 'relation', 'phone', 'createdAt'])
          .where('parentId', '=', parentId)
          .orderBy('createdAt')
          .execute(),
        trx
          .selectFrom('handoverCodes')
          .select(['studentId', 'date', 'name', 'phone', 'usedAt', 'cancelledAt', 'createdAt'])
          .where('studentId', 'in', some)
          .orderBy('createdAt')
          .execute(),
      ]);

      const receipts: FamilyRecords['receipts'] = [];
      for (const payment of payments) {
        if (payment.voidedAt) continue;
        const receipt = await readReceipt(trx, payment.id, userId);
        receipts.push({ fileName: `receipts/receipt-${payment.receiptNumber}.pdf`, bytes: await renderReceiptPdf(receipt, account.language) });
      }

      const documents: FamilyRecords['documents'] = {
        account: {
          name: account.name,
          email: account.email,
          phone: account.phone,
          whatsappNumber: account.whatsappNumber,
          language: account.language,
          createdAt: iso(account.createdAt),
          lastSignInAt: iso(account.lastSignInAt),
        },
        children: children.map(({ termsVersion: _version, termsAcceptedAt: _at, termsIp: _ip, termsLanguage: _language, ...child }) => ({
          ...child,
          createdAt: iso(child.createdAt),
          deletedAt: iso(child.deletedAt),
        })),
        'terms-accepted': children.map((child) => ({
          studentId: child.id,
          version: child.termsVersion,
          acceptedAt: iso(child.termsAcceptedAt),
          fromAddress: child.termsIp,
          language: child.termsLanguage,
        })),
        'modification-requests': modificationRequests.map((row) => ({ ...row, createdAt: iso(row.createdAt), decidedAt: iso(row.decidedAt) })),
        fees: fees.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
        payments: payments.map((row) => ({ ...row, voidedAt: iso(row.voidedAt), createdAt: iso(row.createdAt) })),
        messages: messages.map((row) => ({ ...row, createdAt: iso(row.createdAt), sentAt: iso(row.sentAt) })),
        absences: absences.map((row) => ({ ...row, createdAt: iso(row.createdAt), cancelledAt: iso(row.cancelledAt) })),
        'school-day-marks': marks.map((row) => ({ ...row, at: iso(row.at), undoneAt: iso(row.undoneAt) })),
        choices: {
          boardedAndDroppedMessages: account.boardedDroppedMessages,
          tomorrowMessages: account.tomorrowMessages,
          busNear: busNear.map((row) => ({ ...row, updatedAt: iso(row.updatedAt) })),
        },
        'authorised-adults': {
          adults: adults.map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
          oneDayCodes: handoverCodes.map((row) => ({ ...row, usedAt: iso(row.usedAt), cancelledAt: iso(row.cancelledAt), createdAt: iso(row.createdAt) })),
        },
        'office-views': views.map((row) => ({ ...row, at: iso(row.at) })),
      };
      return { language: account.language, documents, receipts };
    });
}

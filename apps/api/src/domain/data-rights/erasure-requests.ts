import type { Kysely } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import {
  bahrainToday,
  DATA_RIGHTS_MESSAGES,
  ERASURE_ANSWER_WORKING_DAYS,
  type ErasureRequest,
  type ErasureRequestInput,
  type OfficeErasureRequest,
  type RefuseErasureInput,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { recordAudit, type Actor } from '../audit.js';
import { parentIdOfUser, familyContact } from '../fees/family.js';
import { enqueueNotification } from '../notifications/outbox.js';
import { readSchoolCalendar } from '../school-day/settings.js';
import { eraseFamily } from './erase-family.js';
import { workingDaysAfter, workingDaysLeft } from './working-days.js';

/**
 * A family's request to erase its data, and the office's answer. The request is due 10 Bahrain
 * working days after it is made (the law's answer time); a family has at most one open request.
 * An admin completes it (the family is erased: erase-family.ts) or refuses it with a reason the
 * family is sent (unpaid fees, for example). Every step is audited.
 */
const COLUMNS = [
  'erasureRequests.id',
  'erasureRequests.status',
  'erasureRequests.dueBy',
  'erasureRequests.reason',
  'erasureRequests.refusalReason',
  'erasureRequests.createdAt',
  'erasureRequests.decidedAt',
] as const;

type Row = {
  id: string;
  status: ErasureRequest['status'];
  dueBy: string;
  reason: string | null;
  refusalReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

const toRequest = (row: Row): ErasureRequest => ({
  id: row.id,
  status: row.status,
  dueBy: row.dueBy,
  reason: row.reason,
  refusalReason: row.refusalReason,
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

async function familyOf(db: Db, userId: string): Promise<string> {
  const parentId = await parentIdOfUser(db, userId);
  if (!parentId) throw new AppError('NOT_FOUND', DATA_RIGHTS_MESSAGES.erasureRequestNotFound);
  return parentId;
}

export async function requestErasure(db: Kysely<Database>, actor: Actor, input: ErasureRequestInput, now: Date): Promise<ErasureRequest> {
  return db.transaction().execute(async (trx) => {
    const parentId = await familyOf(trx, actor.userId);
    const open = await trx.selectFrom('erasureRequests').select('id').where('parentId', '=', parentId).where('status', '=', 'open').executeTakeFirst();
    if (open) throw new AppError('CONFLICT', DATA_RIGHTS_MESSAGES.erasureAlreadyRequested);
    const dueBy = workingDaysAfter(await readSchoolCalendar(trx), bahrainToday(now), ERASURE_ANSWER_WORKING_DAYS);
    const row = await trx
      .insertInto('erasureRequests')
      .values({ parentId, reason: input.reason?.trim() || null, dueBy })
      .returning(['id', 'status', 'dueBy', 'reason', 'refusalReason', 'createdAt', 'decidedAt'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { entityType: 'erasure_request', entityId: row.id, action: 'create', diff: { dueBy } });
    return toRequest(row);
  });
}

/** The family's own requests, newest first. */
export async function familyErasureRequests(db: Db, userId: string): Promise<ErasureRequest[]> {
  const parentId = await parentIdOfUser(db, userId);
  if (!parentId) return [];
  const rows = await db.selectFrom('erasureRequests').select(COLUMNS).where('parentId', '=', parentId).orderBy('createdAt', 'desc').execute();
  return rows.map(toRequest);
}

/** The office's list: open requests first (soonest due first, then first come), then the answered ones, latest answer first. */
export async function officeErasureRequests(db: Db, now: Date): Promise<OfficeErasureRequest[]> {
  const [rows, calendar] = await Promise.all([
    db
      .selectFrom('erasureRequests')
      .innerJoin('parents', 'parents.id', 'erasureRequests.parentId')
      .innerJoin('users', 'users.id', 'parents.userId')
      .select([...COLUMNS, 'users.name as familyName'])
      .orderBy((eb) => eb.case().when('erasureRequests.status', '=', 'open').then(0).else(1).end())
      .orderBy('erasureRequests.decidedAt', (ob) => ob.desc().nullsFirst())
      .orderBy('erasureRequests.dueBy')
      .orderBy('erasureRequests.createdAt')
      .limit(500)
      .execute(),
    readSchoolCalendar(db),
  ]);
  const today = bahrainToday(now);
  return rows.map((row) => ({ ...toRequest(row), familyName: row.familyName, workingDaysLeft: workingDaysLeft(calendar, today, row.dueBy) }));
}

async function openRequest(trx: Db, id: string): Promise<{ id: string; parentId: string }> {
  const row = await trx.selectFrom('erasureRequests').select(['id', 'parentId', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', DATA_RIGHTS_MESSAGES.erasureRequestNotFound);
  if (row.status !== 'open') throw new AppError('CONFLICT', DATA_RIGHTS_MESSAGES.erasureNotOpen);
  return row;
}

/** Completes the request: the family is erased, in the same transaction as the answer. */
export async function completeErasure(db: Kysely<Database>, actor: Actor, id: string): Promise<ErasureRequest> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', DATA_RIGHTS_MESSAGES.erasureRequestNotFound);
  return db.transaction().execute(async (trx) => {
    const request = await openRequest(trx, id);
    await eraseFamily(trx, actor, request.parentId, 'request');
    const row = await trx
      .updateTable('erasureRequests')
      .set({ status: 'completed', reason: null, decidedBy: actor.userId, decidedAt: new Date() })
      .where('id', '=', id)
      .returning(['id', 'status', 'dueBy', 'reason', 'refusalReason', 'createdAt', 'decidedAt'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, { entityType: 'erasure_request', entityId: id, action: 'complete', diff: {} });
    return toRequest(row);
  });
}

/** Refuses the request with a reason, which the family is sent. */
export async function refuseErasure(db: Kysely<Database>, actor: Actor, input: RefuseErasureInput): Promise<ErasureRequest> {
  if (!isUuid(input.id)) throw new AppError('NOT_FOUND', DATA_RIGHTS_MESSAGES.erasureRequestNotFound);
  return db.transaction().execute(async (trx) => {
    const request = await openRequest(trx, input.id);
    const reason = input.reason.trim();
    const row = await trx
      .updateTable('erasureRequests')
      .set({ status: 'refused', refusalReason: reason, decidedBy: actor.userId, decidedAt: new Date() })
      .where('id', '=', input.id)
      .returning(['id', 'status', 'dueBy', 'reason', 'refusalReason', 'createdAt', 'decidedAt'])
      .executeTakeFirstOrThrow();
    const contact = await familyContact(trx, request.parentId);
    if (contact?.phone)
      await enqueueNotification(trx, {
        recipient: contact.phone,
        language: contact.language,
        templateKey: 'erasure_refused',
        payload: { reason },
        idempotencyKey: `erasure_refused:${input.id}`,
      });
    await recordAudit(trx, actor, { entityType: 'erasure_request', entityId: input.id, action: 'refuse', diff: { reason } });
    return toRequest(row);
  });
}

import type { Db } from '@school-transport/db';
import { MARK_UNDO_MINUTES, SCHOOL_DAY_MESSAGES, type DriverRun, type RunMark } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { recordAudit } from '../audit.js';
import { enqueueNotification } from '../notifications/outbox.js';
import { announceBusChange } from '../live-bus/channel.js';
import { actorUserId, type RunActor } from './runs.js';
import type { RunRow } from './riders.js';

/**
 * Undo of a wrong tap: the child's latest mark, within 2 minutes of its reaching the server, on a
 * run not yet ended (an ended run has every child accounted for). The mark stays in the records,
 * marked undone, so the child's status is what it was before it. Its message to the family, when
 * not yet sent, is cancelled (removed from the outbox); one already sent (or being sent) is
 * followed by a correction. Every undo is audited, the driver's as well as the office's.
 */
export interface UndoContext {
  runRow: RunRow;
  /** The driver whose run it is. */
  owner: string;
  student: { id: string; firstName: string; lastName: string };
  date: string;
  run: DriverRun;
  markId: string;
  clientId: string;
  /** When the undo was tapped on the phone. */
  at: Date;
}

type UndoAnswer = Omit<RunMark, 'studentId' | 'run' | 'date' | 'status'>;

const NOT_FOUND = () => new AppError('NOT_FOUND', SCHOOL_DAY_MESSAGES.markNotFound);

function toUndo(row: { id: string; markId: string; clientId: string; at: Date }): UndoAnswer {
  return { id: row.id, event: 'undo', undoes: row.markId, at: row.at.toISOString(), clientId: row.clientId, position: null };
}

/** The undo already recorded with this id from the phone, if any: the same undo sent again. */
export async function undoOfClientId(trx: Db, runId: string, clientId: string): Promise<UndoAnswer | null> {
  const row = await trx
    .selectFrom('runMarkUndos')
    .select(['id', 'markId', 'clientId', 'at'])
    .where('runId', '=', runId)
    .where('clientId', '=', clientId)
    .executeTakeFirst();
  return row ? toUndo(row) : null;
}

export async function undoMark(trx: Db, now: Date, who: RunActor, context: UndoContext): Promise<{ mark: UndoAnswer; created: boolean }> {
  const { runRow, student } = context;
  if (!isUuid(context.markId)) throw NOT_FOUND();
  const target = await trx
    .selectFrom('runMarks')
    .select(['id', 'event', 'at', 'createdAt', 'undoneAt'])
    .where('id', '=', context.markId)
    .where('runId', '=', runRow.id)
    .where('studentId', '=', student.id)
    .executeTakeFirst();
  if (!target) throw NOT_FOUND();
  if (runRow.endedAt) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runEnded);
  const latest = await trx
    .selectFrom('runMarks')
    .select('id')
    .where('runId', '=', runRow.id)
    .where('studentId', '=', student.id)
    .where('undoneAt', 'is', null)
    .orderBy('at', 'desc')
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (target.undoneAt || latest?.id !== target.id) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.undoNotLatest);
  // Measured from when the server recorded the mark: a phone's clock cannot stretch the window.
  if (now.getTime() - target.createdAt.getTime() > MARK_UNDO_MINUTES * 60_000) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.undoTooLate);

  const inserted = await trx
    .insertInto('runMarkUndos')
    .values({ runId: runRow.id, markId: target.id, clientId: context.clientId, at: context.at, recordedBy: actorUserId(who), createdAt: now })
    .onConflict((oc) => oc.columns(['runId', 'clientId']).doNothing())
    .returning(['id', 'markId', 'clientId', 'at'])
    .executeTakeFirst();
  if (!inserted) {
    const same = await undoOfClientId(trx, runRow.id, context.clientId);
    if (!same) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.undoNotLatest);
    return { mark: same, created: false };
  }
  await trx.updateTable('runMarks').set({ undoneAt: now }).where('id', '=', target.id).execute();
  const message = await withdrawMessage(trx, now, target.id, {
    studentName: `${student.firstName} ${student.lastName}`,
    event: target.event,
    at: target.at.toISOString(),
  });
  await announceBusChange(trx, runRow.substituteDriverId ?? context.owner);
  const actor = who.kind === 'office' ? who.actor : { userId: who.userId, ip: null };
  await recordAudit(trx, actor, {
    entityType: 'run',
    entityId: runRow.id,
    action: 'undo_mark',
    diff: {
      driverId: context.owner,
      date: context.date,
      run: context.run,
      studentId: student.id,
      markId: target.id,
      event: target.event,
      at: target.at.toISOString(),
      message,
      ...(who.kind === 'office' ? { undoneBy: who.officeName } : {}),
    },
  });
  return { mark: toUndo(inserted), created: true };
}

/**
 * The family's message about the undone mark: removed while nobody has sent it (waiting, held or
 * failed, and not being sent at this moment), else followed by a correction, once per mark.
 */
async function withdrawMessage(
  trx: Db,
  now: Date,
  markId: string,
  payload: { studentName: string; event: 'boarded' | 'dropped' | 'no_show' | 'returned_to_school'; at: string },
): Promise<'none' | 'cancelled' | 'corrected'> {
  const row = await trx
    .selectFrom('notifications')
    .select(['id', 'status', 'lockedUntil', 'recipient', 'recipientType', 'language'])
    .where('idempotencyKey', '=', `run_mark:${markId}`)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return 'none';
  const beingSent = row.lockedUntil !== null && row.lockedUntil.getTime() > now.getTime();
  if (row.status !== 'sent' && !beingSent) {
    await trx.deleteFrom('notifications').where('id', '=', row.id).execute();
    return 'cancelled';
  }
  await enqueueNotification(trx, {
    channel: row.recipientType,
    recipient: row.recipient,
    language: row.language,
    templateKey: 'mark_undone',
    payload,
    idempotencyKey: `run_mark_undone:${markId}`,
  });
  return 'corrected';
}

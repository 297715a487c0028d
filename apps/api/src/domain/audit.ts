import type { Db } from '@school-transport/db';

export interface Actor {
  userId: string;
  ip: string | null;
}

/** Who a ledger change is by: a signed-in user, or the server's own daily job (no user; the audit log shows 'System'). */
export type AuditActor = Actor | { userId: null; ip: null };

export const SYSTEM_ACTOR: AuditActor = { userId: null, ip: null };

export interface AuditEntry {
  entityType: string;
  entityId: string;
  action: string;
  diff: Record<string, unknown>;
}

/** Writes one audit_logs row, inside the caller's transaction so the change and its record stand or fall together. */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLogs')
    .values({
      actorUserId: actor.userId,
      entityType: entry.entityType,
      entityId: entry.entityId,
      action: entry.action,
      diff: JSON.stringify(entry.diff),
      ip: actor.ip,
    })
    .execute();
}

/** The fields whose values differ, as { field: { from, to } }: what an audit row records for an edit. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): Record<string, { from: unknown; to: unknown }> {
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (to !== undefined && JSON.stringify(from) !== JSON.stringify(to)) diff[key] = { from, to };
  }
  return diff;
}

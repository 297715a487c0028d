import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { OFFICE_ROLES, type AuditLogEntry, type AuditLogFilterChoices, type AuditLogPage, type auditLogQuery } from '@school-transport/contracts';
import type { z } from 'zod';
import { isUuid } from '../ids.js';
import { businessDayStart } from './statistics.js';

type Query = z.output<typeof auditLogQuery>;

/** The filters of the audit log, as one WHERE for both the page and its count. */
function filtered(db: Kysely<Database>, query: Query) {
  let rows = db.selectFrom('auditLogs');
  if (query.entityType) rows = rows.where('auditLogs.entityType', '=', query.entityType);
  if (query.action) rows = rows.where('auditLogs.action', '=', query.action);
  if (query.actorUserId) {
    // Text that cannot be a user id names no actor: an empty page, not a failed uuid cast.
    rows = isUuid(query.actorUserId) ? rows.where('auditLogs.actorUserId', '=', query.actorUserId) : rows.where(sql<boolean>`false`);
  }
  if (query.from) rows = rows.where('auditLogs.createdAt', '>=', businessDayStart(query.from));
  if (query.to) rows = rows.where('auditLogs.createdAt', '<', businessDayStart(query.to, 1));
  return rows;
}

/**
 * Every audit row, newest first, a page at a time, with who made the change and, where the
 * entity still exists, what it is called (a school's name, a student's name and ID).
 */
export async function listAuditLogs(db: Kysely<Database>, query: Query): Promise<AuditLogPage> {
  const [rows, count] = await Promise.all([
    filtered(db, query)
      .leftJoin('users', 'users.id', 'auditLogs.actorUserId')
      .select([
        'auditLogs.id',
        'auditLogs.entityType',
        'auditLogs.entityId',
        'auditLogs.action',
        'auditLogs.diff',
        'auditLogs.ip',
        'auditLogs.createdAt',
        'auditLogs.actorUserId',
        'users.name as actorName',
        'users.email as actorEmail',
        // Labels are looked up only for the rows of the page (at most 200).
        sql<string | null>`CASE audit_logs.entity_type
          WHEN 'school' THEN (SELECT s.name FROM schools s WHERE s.id::text = audit_logs.entity_id)
          WHEN 'area' THEN (SELECT a.name FROM areas a WHERE a.id = audit_logs.entity_id)
          WHEN 'driver' THEN (SELECT d.name FROM drivers d WHERE d.id::text = audit_logs.entity_id)
          WHEN 'terms' THEN (SELECT 'Version ' || t.version FROM terms t WHERE t.id::text = audit_logs.entity_id)
          WHEN 'user' THEN (SELECT u.name FROM users u WHERE u.id::text = audit_logs.entity_id)
          WHEN 'student' THEN (SELECT st.first_name || ' ' || st.last_name || ' (' || st.automated_id || ')' FROM students st WHERE st.id::text = audit_logs.entity_id)
          ELSE NULL END`.as('entityLabel'),
      ])
      .orderBy('auditLogs.createdAt', 'desc')
      .orderBy('auditLogs.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered(db, query)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const auditLogs: AuditLogEntry[] = rows.map((row) => ({
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    entityLabel: row.entityLabel,
    action: row.action,
    diff: row.diff,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    actor: row.actorUserId && row.actorName !== null ? { id: row.actorUserId, name: row.actorName, email: row.actorEmail } : null,
  }));
  return { auditLogs, total: Number(count.n), page: query.page, pageSize: query.pageSize };
}

/** The choices of the audit log's filters: the entity types and actions that occur, and who acted. */
export async function auditLogFilterChoices(db: Kysely<Database>): Promise<AuditLogFilterChoices> {
  const [entityTypes, actions, actors] = await Promise.all([
    db.selectFrom('auditLogs').select('entityType').distinct().orderBy('entityType').execute(),
    db.selectFrom('auditLogs').select('action').distinct().orderBy('action').execute(),
    db
      .selectFrom('users')
      .select(['users.id', 'users.name', 'users.email'])
      .where((eb) =>
        eb.or([
          eb('users.role', 'in', OFFICE_ROLES),
          eb.exists(eb.selectFrom('auditLogs').select('auditLogs.id').whereRef('auditLogs.actorUserId', '=', 'users.id')),
        ]),
      )
      .orderBy('users.name')
      .execute(),
  ]);
  return {
    entityTypes: entityTypes.map((row) => row.entityType),
    actions: actions.map((row) => row.action),
    actors,
  };
}

import { sql, type Kysely } from 'kysely';

/**
 * The audit log is read newest first, filtered by actor, entity type or action: each filter gets an
 * index that also serves the order. Students without a driver (the header bell) are read newest
 * first among the students not deleted: a partial index keeps that list and its count small.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX audit_logs_actor_created_idx ON audit_logs (actor_user_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX audit_logs_entity_type_created_idx ON audit_logs (entity_type, created_at DESC)`.execute(db);
  await sql`CREATE INDEX audit_logs_action_created_idx ON audit_logs (action, created_at DESC)`.execute(db);
  await sql`CREATE INDEX students_unassigned_created_idx ON students (created_at DESC) WHERE driver_id IS NULL AND deleted_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX students_unassigned_created_idx`.execute(db);
  await sql`DROP INDEX audit_logs_action_created_idx`.execute(db);
  await sql`DROP INDEX audit_logs_entity_type_created_idx`.execute(db);
  await sql`DROP INDEX audit_logs_actor_created_idx`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * The office's students list at scale (100,000 students): every filter and the default order read
 * an index over the students that are not deleted, and search reads trigram indexes (pg_trgm) on
 * the student's names, automated ID and contact numbers, and on the parent's email and phone.
 * The search expressions are repeated word for word in apps/api/src/domain/admin/students/search.ts:
 * a query uses an expression index only when it writes the same expression.
 *
 * The automated ID's number was lpad(n, 5): the 100,000th student would have been cut to the
 * 10,000th's ID (a unique-key clash, so no registration could succeed). It now pads to at least five
 * digits and never cuts: STU-2026-00042, STU-2026-100000.
 *
 * Invoices: numbered without gaps (the number is allocated under a table lock in the issuing
 * transaction, so a rolled-back issue leaves no hole), one row per printed invoice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE students ALTER COLUMN automated_id SET DEFAULT ('STU-' || to_char(now(), 'YYYY') || '-' || replace(format('%5s', nextval('student_number_seq')::text), ' ', '0'))`.execute(
    db,
  );
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX students_live_created_idx ON students (created_at DESC, id DESC) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX students_deleted_created_idx ON students (created_at DESC, id DESC) WHERE deleted_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX students_live_school_idx ON students (school_id, created_at DESC, id DESC) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX students_live_area_idx ON students (area_id, created_at DESC, id DESC) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX students_live_driver_idx ON students (driver_id, created_at DESC, id DESC) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX students_live_payment_idx ON students (payment_status, created_at DESC, id DESC) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX students_live_name_idx ON students (lower(first_name), lower(last_name), id) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX students_live_automated_id_idx ON students (automated_id) WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX students_search_idx ON students USING gin ((lower(first_name || ' ' || fathers_name || ' ' || last_name || ' ' || automated_id || ' ' || contact_number1 || ' ' || coalesce(contact_number2, ''))) gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX users_contact_search_idx ON users USING gin ((lower(coalesce(email, '') || ' ' || coalesce(phone, ''))) gin_trgm_ops)`.execute(db);

  await sql`CREATE TABLE invoices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      invoice_number integer NOT NULL UNIQUE CHECK (invoice_number > 0),
      student_id uuid NOT NULL REFERENCES students (id),
      period text NOT NULL CHECK (period ~ '^[0-9]{4}-[0-9]{2}$'),
      amount_bhd numeric(10, 2) NOT NULL CHECK (amount_bhd >= 0),
      issued_by uuid REFERENCES users (id) ON DELETE SET NULL,
      issued_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX invoices_student_idx ON invoices (student_id, issued_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE invoices`.execute(db);
  for (const index of [
    'users_contact_search_idx',
    'students_search_idx',
    'students_live_automated_id_idx',
    'students_live_name_idx',
    'students_live_payment_idx',
    'students_live_driver_idx',
    'students_live_area_idx',
    'students_live_school_idx',
    'students_deleted_created_idx',
    'students_live_created_idx',
  ]) {
    await sql.raw(`DROP INDEX ${index}`).execute(db);
  }
  await sql`ALTER TABLE students ALTER COLUMN automated_id SET DEFAULT ('STU-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('student_number_seq')::text, 5, '0'))`.execute(
    db,
  );
}

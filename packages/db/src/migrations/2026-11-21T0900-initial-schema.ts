import { sql, type Kysely } from 'kysely';

/**
 * The first schema: every table of the product. Frozen in time: a migration never imports
 * application code, and later changes come as new migrations. SQL that PostgreSQL 15 accepts,
 * so the same file runs on the server and on embedded PGlite.
 */
const UP = `
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text UNIQUE,
      password_hash text NOT NULL,
      role text NOT NULL DEFAULT 'parent' CHECK (role IN ('admin', 'parent', 'staff', 'driver')),
      name text NOT NULL,
      phone text,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- Drivers sign in by phone: one driver account per phone number.
    CREATE UNIQUE INDEX users_driver_phone_key ON users (phone) WHERE role = 'driver';

    CREATE TABLE parents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
      whatsapp_number text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE schools (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      school_code text NOT NULL UNIQUE,
      name text NOT NULL,
      address text,
      contact_name text,
      contact_phone text,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE SEQUENCE area_number_seq;
    CREATE TABLE areas (
      id text PRIMARY KEY DEFAULT ('area-' || lpad(nextval('area_number_seq')::text, 3, '0')),
      name text NOT NULL,
      price numeric(10, 2) NOT NULL DEFAULT 25.00 CHECK (price >= 0),
      roundabout_count integer CHECK (roundabout_count IS NULL OR roundabout_count BETWEEN 0 AND 99),
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX areas_name_key ON areas (lower(name));

    CREATE TABLE drivers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      phone text NOT NULL UNIQUE,
      license_no text NOT NULL,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
      area_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
      vehicle_plate text,
      vehicle_seats integer CHECK (vehicle_seats IS NULL OR vehicle_seats > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE terms (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      version integer NOT NULL UNIQUE,
      content text NOT NULL,
      active boolean NOT NULL DEFAULT false,
      effective_from timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- At most one active terms version, enforced by the database itself.
    CREATE UNIQUE INDEX terms_one_active ON terms (active) WHERE active;

    CREATE SEQUENCE student_number_seq;
    CREATE TABLE students (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      automated_id text NOT NULL UNIQUE
        DEFAULT ('STU-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('student_number_seq')::text, 5, '0')),
      school_id uuid NOT NULL REFERENCES schools (id),
      first_name text NOT NULL,
      fathers_name text NOT NULL,
      last_name text NOT NULL,
      grade text NOT NULL,
      class text,
      student_school_id text NOT NULL,
      contact_number1 text NOT NULL,
      contact_number2 text,
      service_type text NOT NULL CHECK (service_type IN ('HOME_TO_SCHOOL', 'SCHOOL_TO_HOME', 'BOTH')),
      price_bhd numeric(10, 2) NOT NULL CHECK (price_bhd >= 0),
      area_id text NOT NULL REFERENCES areas (id),
      roundabout integer,
      address text NOT NULL,
      address2 text,
      flat_home text,
      house_building text NOT NULL,
      road text NOT NULL,
      block text NOT NULL,
      driver_id uuid REFERENCES drivers (id) ON DELETE SET NULL,
      location_link text,
      payment_status text NOT NULL DEFAULT 'unpaid' CHECK (payment_status IN ('paid', 'unpaid')),
      parent_id uuid NOT NULL REFERENCES parents (id),
      terms_version_id uuid REFERENCES terms (id),
      terms_accepted_at timestamptz,
      terms_ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX students_parent_id_idx ON students (parent_id);
    CREATE INDEX students_driver_id_idx ON students (driver_id);
    CREATE INDEX students_school_id_idx ON students (school_id);
    CREATE INDEX students_area_id_idx ON students (area_id);
    CREATE INDEX students_created_at_idx ON students (created_at);

    CREATE TABLE modification_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      student_id uuid NOT NULL REFERENCES students (id) ON DELETE CASCADE,
      parent_id uuid NOT NULL REFERENCES parents (id),
      payload_old jsonb NOT NULL,
      payload_new jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      admin_note text,
      decided_by uuid REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz
    );
    CREATE INDEX modification_requests_parent_idx ON modification_requests (parent_id, created_at DESC);
    CREATE INDEX modification_requests_status_idx ON modification_requests (status, created_at);

    CREATE TABLE notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      recipient_type text NOT NULL CHECK (recipient_type IN ('email', 'sms')),
      recipient text NOT NULL,
      template_key text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      error_msg text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notifications_pending_idx ON notifications (created_at) WHERE status = 'pending';

    CREATE TABLE settings (
      id serial PRIMARY KEY,
      key text NOT NULL UNIQUE,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE audit_logs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      actor_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      entity_type text NOT NULL,
      entity_id text NOT NULL,
      action text NOT NULL,
      diff jsonb NOT NULL DEFAULT '{}'::jsonb,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_logs_entity_idx ON audit_logs (entity_type, entity_id, created_at);
    CREATE INDEX audit_logs_created_at_idx ON audit_logs (created_at);

    CREATE TABLE sessions (
      sid text PRIMARY KEY,
      sess jsonb NOT NULL,
      expire timestamptz NOT NULL
    );
    CREATE INDEX sessions_expire_idx ON sessions (expire);
`;

/** PGlite's query protocol takes one statement at a time, so the script runs statement by statement. */
async function runScript(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script.split(/;\s*\n/)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, UP);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `DROP TABLE sessions, audit_logs, settings, notifications, modification_requests, students,
      terms, drivers, areas, schools, parents, users;
    DROP SEQUENCE student_number_seq;
    DROP SEQUENCE area_number_seq;
`,
  );
}

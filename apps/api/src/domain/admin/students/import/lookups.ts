import type { Db, Student } from '@school-transport/db';
import { loose } from './columns.js';

/** How many values one IN list carries: well under PostgreSQL's parameter limit, few queries for 10,000 rows. */
const IN_CHUNK = 1000;

export interface NamedRecord {
  id: string;
  name: string;
  active: boolean;
}
export interface AreaRecord extends NamedRecord {
  price: string;
  roundaboutCount: number | null;
}

/** Records by their name as the import matches it (without case or spaces): several records may share one. */
export class ByName<T extends NamedRecord> {
  readonly byId: Map<string, T>;
  private readonly byName = new Map<string, T[]>();
  constructor(records: readonly T[]) {
    this.byId = new Map(records.map((record) => [record.id, record]));
    for (const record of records) {
      if (!record.active) continue;
      const key = loose(record.name);
      this.byName.set(key, [...(this.byName.get(key) ?? []), record]);
    }
  }
  /** The active records with this name. */
  find(name: string): T[] {
    return this.byName.get(loose(name)) ?? [];
  }
}

export interface ParentAccount {
  userId: string;
  role: string;
  parentId: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * Everything the rows are matched against, loaded once with a few set-based queries (never a
 * query per row): schools, areas and drivers whole (they are few), and only the students and
 * parent accounts the file names.
 */
export interface Lookups {
  schools: ByName<NamedRecord>;
  areas: ByName<AreaRecord>;
  drivers: ByName<NamedRecord>;
  studentsByAutomatedId: Map<string, Student>;
  /** Live students by school and student school ID ('schoolId|id', the ID without case). */
  studentsBySchoolId: Map<string, Student>;
  accountsByEmail: Map<string, ParentAccount>;
  /** Parent accounts by account phone or WhatsApp number: several families may share one phone. */
  parentsByPhone: Map<string, ParentAccount[]>;
  /** The phone of each parent found (the account's, else the WhatsApp number): a new student's primary contact when the row has none. */
  phoneOfParent: Map<string, string>;
  activeTermsId: string | null;
}

export const schoolIdKey = (schoolId: string, studentSchoolId: string) => `${schoolId}|${studentSchoolId.trim()}`;

async function inChunks<T>(values: readonly string[], load: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(values.filter((value) => value !== ''))];
  const rows: T[] = [];
  for (let start = 0; start < unique.length; start += IN_CHUNK) rows.push(...(await load(unique.slice(start, start + IN_CHUNK))));
  return rows;
}

export async function loadLookups(db: Db, named: { automatedIds: string[]; studentSchoolIds: string[]; emails: string[]; phones: string[] }): Promise<Lookups> {
  const [schools, areas, drivers, terms] = await Promise.all([
    db.selectFrom('schools').select(['id', 'name', 'active']).execute(),
    db.selectFrom('areas').select(['id', 'name', 'active', 'price', 'roundaboutCount']).execute(),
    db.selectFrom('drivers').select(['id', 'name', 'status']).execute(),
    db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirst(),
  ]);
  const byAutomatedId = await inChunks(named.automatedIds, (chunk) => db.selectFrom('students').selectAll().where('automatedId', 'in', chunk).execute());
  const bySchoolId = await inChunks(
    named.studentSchoolIds.map((id) => id.trim()),
    (chunk) => db.selectFrom('students').selectAll().where('studentSchoolId', 'in', chunk).where('deletedAt', 'is', null).execute(),
  );
  const account = db
    .selectFrom('users')
    .leftJoin('parents', 'parents.userId', 'users.id')
    .select(['users.id as userId', 'users.role', 'parents.id as parentId', 'users.email', 'users.phone', 'parents.whatsappNumber']);
  const byEmail = await inChunks(named.emails, (chunk) => account.where('users.email', 'in', chunk).execute());
  const byPhone = await inChunks(named.phones, (chunk) =>
    account
      .where('users.role', '=', 'parent')
      .where((eb) => eb.or([eb('users.phone', 'in', chunk), eb('parents.whatsappNumber', 'in', chunk)]))
      .execute(),
  );

  const parentsByPhone = new Map<string, ParentAccount[]>();
  const seen = new Set<string>();
  for (const row of byPhone) {
    for (const phone of new Set([row.phone, row.whatsappNumber])) {
      if (!phone || seen.has(`${phone}|${row.userId}`)) continue;
      seen.add(`${phone}|${row.userId}`);
      parentsByPhone.set(phone, [...(parentsByPhone.get(phone) ?? []), row]);
    }
  }
  const phoneOfParent = new Map<string, string>();
  for (const row of [...byEmail, ...byPhone]) {
    const phone = row.phone ?? row.whatsappNumber;
    if (row.parentId && phone) phoneOfParent.set(row.parentId, phone);
  }
  return {
    schools: new ByName(schools),
    areas: new ByName(areas),
    drivers: new ByName(drivers.map((driver) => ({ id: driver.id, name: driver.name, active: driver.status === 'active' }))),
    studentsByAutomatedId: new Map(byAutomatedId.map((student) => [student.automatedId.toLocaleUpperCase('en'), student])),
    studentsBySchoolId: new Map(bySchoolId.map((student) => [schoolIdKey(student.schoolId, student.studentSchoolId), student])),
    accountsByEmail: new Map(byEmail.flatMap((row) => (row.email ? [[row.email.toLowerCase(), row] as const] : []))),
    parentsByPhone,
    phoneOfParent,
    activeTermsId: terms?.id ?? null,
  };
}

import type { Db } from '@school-transport/db';
import type { Language } from '@school-transport/contracts';

export interface FamilyContact {
  parentId: string;
  name: string;
  /** Where messages go: the WhatsApp number, else the account's phone; null when neither is known. */
  phone: string | null;
  /** The parent account's language: every message to the family is written in it. */
  language: Language;
}

/** The parent (family) as the ledger's messages address them. */
export async function familyContact(db: Db, parentId: string): Promise<FamilyContact | undefined> {
  const row = await db
    .selectFrom('parents')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select(['parents.id', 'users.name', 'users.phone', 'users.language', 'parents.whatsappNumber'])
    .where('parents.id', '=', parentId)
    .executeTakeFirst();
  return row ? { parentId: row.id, name: row.name, phone: row.whatsappNumber ?? row.phone, language: row.language } : undefined;
}

/** The parents row of a signed-in parent user. */
export async function parentIdOfUser(db: Db, userId: string): Promise<string | undefined> {
  return (await db.selectFrom('parents').select('id').where('userId', '=', userId).executeTakeFirst())?.id;
}

export function studentName(row: { firstName: string; lastName: string }): string {
  return `${row.firstName} ${row.lastName}`;
}

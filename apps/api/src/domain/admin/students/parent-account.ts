import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import { STUDENT_MESSAGES, type ParentMatch, type StudentParentChoice } from '@school-transport/contracts';
import { AppError } from '../../../errors.js';
import { conflict } from '../guards.js';

/** Parents whose account email is the text, or whose phone (account or WhatsApp) is. */
export async function findParents(db: Db, emailOrPhone: string): Promise<ParentMatch[]> {
  const text = emailOrPhone.trim().toLowerCase();
  const rows = await db
    .selectFrom('parents')
    .innerJoin('users', 'users.id', 'parents.userId')
    .select(['parents.id', 'users.name', 'users.email', 'users.phone', 'parents.whatsappNumber'])
    .where('users.role', '=', 'parent')
    .where((eb) => (text.includes('@') ? eb('users.email', '=', text) : eb.or([eb('users.phone', '=', text), eb('parents.whatsappNumber', '=', text)])))
    .orderBy('users.name')
    .limit(10)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, phone: row.phone ?? row.whatsappNumber }));
}

/** A password the office can read out to a parent: 12 letters and digits without look-alikes. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from(randomBytes(12), (byte) => alphabet[byte % alphabet.length]).join('');
}

export interface ResolvedParent {
  parentId: string;
  phone: string | null;
  created: boolean;
}

/** The parent a new student joins: the one found by email or phone, or a new account. */
export async function resolveParent(trx: Transaction<Database>, choice: StudentParentChoice, passwordHash: string | undefined): Promise<ResolvedParent> {
  if (choice.kind === 'existing') {
    const matches = await findParents(trx, choice.emailOrPhone);
    const field = 'parent.emailOrPhone';
    if (matches.length === 0) throw new AppError('BAD_REQUEST', STUDENT_MESSAGES.parentNotFound, { [field]: STUDENT_MESSAGES.parentNotFound });
    if (matches.length > 1) throw new AppError('BAD_REQUEST', STUDENT_MESSAGES.parentAmbiguous, { [field]: STUDENT_MESSAGES.parentAmbiguous });
    return { parentId: matches[0]!.id, phone: matches[0]!.phone, created: false };
  }
  // Any account's email counts: an admin's or a driver's email cannot become a parent's too.
  const taken = await trx.selectFrom('users').select('id').where('email', '=', choice.email).executeTakeFirst();
  if (taken) throw conflict(STUDENT_MESSAGES.parentEmailTaken);
  if (!passwordHash) throw new Error('A new parent needs a password hash');
  const user = await trx
    .insertInto('users')
    .values({ email: choice.email, passwordHash, role: 'parent', name: choice.name, phone: choice.phone })
    .returning('id')
    .executeTakeFirstOrThrow();
  const parent = await trx.insertInto('parents').values({ userId: user.id, whatsappNumber: choice.phone }).returning('id').executeTakeFirstOrThrow();
  return { parentId: parent.id, phone: choice.phone, created: true };
}

import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { emailAddress, newPassword } from '@school-transport/contracts';
import { hashPassword } from './passwords.js';
import { assertPasswordAllowed } from './password-rules.js';

/**
 * Creates an admin account when no user has that email yet; returns false when one does.
 * Used at start (ADMIN_EMAIL + ADMIN_PASSWORD) and by `pnpm admin:create`. The password follows
 * the admin rules (at least 12 characters, not a common one), or nothing is created.
 */
export async function createBootstrapAdmin(db: Kysely<Database>, admin: { email: string; password: string; name?: string }): Promise<boolean> {
  const email = emailAddress().parse(admin.email);
  assertPasswordAllowed(admin.password, 'admin');
  const password = newPassword.parse(admin.password);
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (existing) return false;
  const inserted = await db
    .insertInto('users')
    .values({ email, passwordHash: await hashPassword(password), role: 'admin', name: admin.name ?? 'Administrator' })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

import { CREW_ROLES } from '@school-transport/contracts';
import type { Db } from '@school-transport/db';
import { conflict } from './guards.js';

/**
 * One phone, one crew member: drivers and attendants sign in by phone on the same page, so no
 * two of them share one (the database's users_crew_phone_key is the real guard).
 */
export async function assertCrewPhoneFree(db: Db, phone: string, message: string, exceptUserId?: string): Promise<void> {
  let query = db.selectFrom('users').select('id').where('role', 'in', CREW_ROLES).where('phone', '=', phone);
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  if (await query.executeTakeFirst()) throw conflict(message);
}

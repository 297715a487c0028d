import type { Kysely } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import {
  HANDOVER_MESSAGES,
  MAX_AUTHORISED_ADULTS,
  PARENT_MESSAGES,
  type AuthorisedAdult,
  type authorisedAdultInput,
  type authorisedAdultUpdate,
} from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';

/**
 * A family's authorised adults: who besides the parents may receive their children at the stop.
 * A family sees and changes only its own list; another family's adult is not found (404).
 */
const ADULT_NOT_FOUND = () => new AppError('NOT_FOUND', HANDOVER_MESSAGES.adultNotFound);
const COLUMNS = ['id', 'name', 'relation', 'phone'] as const;

/** The parent row of the signed-in parent account. */
export async function parentIdOf(db: Db, userId: string): Promise<string> {
  const parent = await db.selectFrom('parents').select('id').where('userId', '=', userId).executeTakeFirst();
  if (!parent) throw new AppError('NOT_FOUND', PARENT_MESSAGES.studentNotFound);
  return parent.id;
}

export async function listAuthorisedAdults(db: Db, userId: string): Promise<AuthorisedAdult[]> {
  const parentId = await parentIdOf(db, userId);
  return db.selectFrom('authorisedAdults').select(COLUMNS).where('parentId', '=', parentId).orderBy('createdAt').orderBy('id').execute();
}

export async function addAuthorisedAdult(db: Kysely<Database>, userId: string, input: z.output<typeof authorisedAdultInput>): Promise<AuthorisedAdult> {
  return db.transaction().execute(async (trx) => {
    const parentId = await parentIdOf(trx, userId);
    // The family's row is locked so that two adds at once cannot pass the limit together.
    await trx.selectFrom('parents').select('id').where('id', '=', parentId).forUpdate().execute();
    const { count } = await trx
      .selectFrom('authorisedAdults')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('parentId', '=', parentId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_AUTHORISED_ADULTS) throw new AppError('CONFLICT', HANDOVER_MESSAGES.tooManyAdults);
    return trx
      .insertInto('authorisedAdults')
      .values({ parentId, name: input.name, relation: input.relation, phone: input.phone })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  });
}

export async function updateAuthorisedAdult(
  db: Kysely<Database>,
  now: Date,
  userId: string,
  input: z.output<typeof authorisedAdultUpdate>,
): Promise<AuthorisedAdult> {
  if (!isUuid(input.id)) throw ADULT_NOT_FOUND();
  const parentId = await parentIdOf(db, userId);
  const adult = await db
    .updateTable('authorisedAdults')
    .set({ name: input.name, relation: input.relation, phone: input.phone, updatedAt: now })
    .where('id', '=', input.id)
    .where('parentId', '=', parentId)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!adult) throw ADULT_NOT_FOUND();
  return adult;
}

/** Removes an adult from the list; marks that name them keep the name they were received by. */
export async function removeAuthorisedAdult(db: Kysely<Database>, userId: string, id: string): Promise<AuthorisedAdult> {
  if (!isUuid(id)) throw ADULT_NOT_FOUND();
  const parentId = await parentIdOf(db, userId);
  const adult = await db.deleteFrom('authorisedAdults').where('id', '=', id).where('parentId', '=', parentId).returning(COLUMNS).executeTakeFirst();
  if (!adult) throw ADULT_NOT_FOUND();
  return adult;
}

import type { Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { SERVER_MESSAGES, type Language, type Registration } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';

function refuse(field: keyof Registration, message: string): never {
  throw new AppError('BAD_REQUEST', message, { [field]: message });
}

/** The roundabout rule (also the office's forms): only an area that offers roundabouts takes one, and one it offers. */
export function roundaboutProblem(roundaboutCount: number | null, roundabout: number | null | undefined): string | undefined {
  if (roundabout === undefined || roundabout === null) return undefined;
  const roundabouts = roundaboutCount ?? 0;
  if (roundabouts === 0) return SERVER_MESSAGES.roundaboutNotOffered;
  if (roundabout > roundabouts) return SERVER_MESSAGES.roundaboutOutOfRange;
  return undefined;
}

/**
 * What the registration form chose from the office's lists, checked against the database: an
 * active school, an active area (whose price the student pays), a roundabout the area offers, and
 * the terms version that is active now, with the language of its text the parent read: the page
 * shows a version's English until its Arabic is written, so Arabic is recorded only where it exists.
 */
export async function checkRegistrationChoices(
  trx: Transaction<Database>,
  registration: Registration,
): Promise<{ area: { id: string; price: string }; termsVersionId: string; termsLanguage: Language }> {
  const school = isUuid(registration.schoolId)
    ? await trx.selectFrom('schools').select('id').where('id', '=', registration.schoolId).where('active', '=', true).executeTakeFirst()
    : undefined;
  if (!school) refuse('schoolId', SERVER_MESSAGES.unknownSchool);

  const area = await trx
    .selectFrom('areas')
    .select(['id', 'price', 'roundaboutCount'])
    .where('id', '=', registration.areaId)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!area) refuse('areaId', SERVER_MESSAGES.unknownArea);

  const problem = roundaboutProblem(area.roundaboutCount, registration.roundabout);
  if (problem) refuse('roundabout', problem);

  const terms = isUuid(registration.termsVersionId)
    ? await trx.selectFrom('terms').select(['id', 'contentAr']).where('id', '=', registration.termsVersionId).where('active', '=', true).executeTakeFirst()
    : undefined;
  if (!terms) refuse('termsVersionId', SERVER_MESSAGES.termsVersionNotActive);

  const termsLanguage = registration.termsLanguage === 'ar' && terms.contentAr !== null ? 'ar' : 'en';
  return { area: { id: area.id, price: area.price }, termsVersionId: terms.id, termsLanguage };
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { isUniqueViolation } from '@school-transport/db';
import { composeAddress, type Language, type Registration, type SessionUser } from '@school-transport/contracts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../passwords.js';
import { assertPasswordAllowed } from '../password-rules.js';
import { checkRegistrationChoices } from './choices.js';
import { enqueueRegistrationText } from '../notifications/registration-texts.js';

export interface RegisteredStudent {
  automatedId: string;
  studentId: string;
  parentId: string;
}

/** Who is registering: the request's IP (kept with the terms acceptance) and the signed-in user, if any. */
export interface Registrant {
  ip: string;
  user: SessionUser | null;
  /**
   * Counts the registration against its address's hourly limit (or refuses it): called once it has
   * passed the checks that refuse a form as invalid, before any hashing, so that only requests
   * that cost an argon2 computation use up the limit.
   */
  countRequest?: () => Promise<void>;
}

/**
 * Whose account the student joins. A signed-in parent registers for their own account; otherwise
 * the email decides: a new email makes a new parent, a parent's email with the right password adds
 * to that family. Anything else (a parent's email with another password, the email of a staff
 * account) adds nothing: the account's owner is told by SMS instead (see registerStudent).
 * Each way costs one argon2 computation, so the time taken does not tell which emails exist.
 */
type AccountPlan =
  | { kind: 'signed-in'; userId: string; language: Language }
  | { kind: 'existing'; userId: string; language: Language }
  | { kind: 'new'; passwordHash: string; language: Language }
  | { kind: 'someone-else'; userId: string; phone: string | null; language: Language };

async function planAccount(db: Kysely<Database>, registration: Registration, registrant: Registrant): Promise<AccountPlan> {
  if (registrant.user?.role === 'parent') return { kind: 'signed-in', userId: registrant.user.id, language: registrant.user.language };
  const account = await db
    .selectFrom('users')
    .select(['id', 'role', 'passwordHash', 'phone', 'language'])
    .where('email', '=', registration.parentEmail)
    .executeTakeFirst();
  if (!account) return { kind: 'new', passwordHash: await hashPassword(registration.password), language: registration.language ?? 'en' };
  const matches =
    account.role === 'parent' ? await verifyPassword(account.passwordHash, registration.password) : await verifyAgainstDecoy(registration.password);
  return matches
    ? { kind: 'existing', userId: account.id, language: account.language }
    : { kind: 'someone-else', userId: account.id, phone: account.phone, language: account.language };
}

/** The parents row of an existing parent user; one is made if an older account lacks it. */
async function parentIdOf(trx: Transaction<Database>, userId: string, whatsappNumber: string): Promise<string> {
  const parent = await trx.selectFrom('parents').select('id').where('userId', '=', userId).executeTakeFirst();
  if (parent) return parent.id;
  const created = await trx.insertInto('parents').values({ userId, whatsappNumber }).returning('id').executeTakeFirstOrThrow();
  return created.id;
}

async function newParent(trx: Transaction<Database>, registration: Registration, passwordHash: string, language: Language): Promise<string> {
  const user = await trx
    .insertInto('users')
    .values({ email: registration.parentEmail, passwordHash, role: 'parent', name: registration.parentName, phone: registration.parentPhone, language })
    .returning('id')
    .executeTakeFirstOrThrow();
  const parent = await trx
    .insertInto('parents')
    .values({ userId: user.id, whatsappNumber: registration.parentPhone })
    .returning('id')
    .executeTakeFirstOrThrow();
  return parent.id;
}

/**
 * Registers a student. One transaction writes the parent's account (when
 * new), the student with the area's price and the accepted terms version, and the SMS outbox row
 * that tells the parent the student's ID; if any step fails, nothing is written. The automatedId
 * is the database's (a sequence), so concurrent registrations never collide.
 *
 * The answer must not tell which emails have accounts, so a registration with the email
 * of an account whose password it does not know answers exactly like one that registered: the
 * same checks of the form's choices, one transaction, the same 201. It adds nothing to that
 * account; its owner gets an SMS saying so (at most one a day, so it cannot be used to flood them),
 * which tells a parent who mistyped their password to sign in and register from their account.
 * Answers undefined in that case.
 */
export async function registerStudent(
  db: Kysely<Database>,
  registration: Registration,
  registrant: Registrant,
  textsPerHour: number,
  retried = false,
): Promise<RegisteredStudent | undefined> {
  // Checked whether or not the email has an account, so the answer does not tell which; a
  // signed-in parent's registration sets no password.
  if (registrant.user?.role !== 'parent') assertPasswordAllowed(registration.password, 'parent');
  // A registration planned again after a clash was counted the first time.
  if (!retried) await registrant.countRequest?.();
  const plan = await planAccount(db, registration, registrant);
  try {
    return await db.transaction().execute(async (trx) => {
      const { area, termsVersionId, termsLanguage } = await checkRegistrationChoices(trx, registration);
      if (plan.kind === 'someone-else') {
        await tellAccountOwner(trx, plan, registration, textsPerHour);
        return undefined;
      }
      const parentId =
        plan.kind === 'new'
          ? await newParent(trx, registration, plan.passwordHash, plan.language)
          : await parentIdOf(trx, plan.userId, registration.parentPhone);
      const student = await trx
        .insertInto('students')
        .values({
          schoolId: registration.schoolId,
          firstName: registration.firstName,
          fathersName: registration.fathersName,
          lastName: registration.lastName,
          grade: registration.grade,
          class: registration.class ?? null,
          studentSchoolId: registration.studentSchoolId,
          contactNumber1: registration.parentPhone,
          contactNumber2: registration.parentPhone2 ?? null,
          serviceType: registration.serviceType,
          // The fee is the area's, read here: a price in the request is never used.
          priceBhd: area.price,
          areaId: area.id,
          roundabout: registration.roundabout ?? null,
          address: composeAddress(registration),
          address2: registration.address2 ?? null,
          flatHome: registration.flatHome ?? null,
          houseBuilding: registration.houseBuilding,
          road: registration.road,
          block: registration.block,
          parentId,
          termsVersionId,
          termsAcceptedAt: new Date(),
          termsIp: registrant.ip,
          termsLanguage,
        })
        .returning(['id', 'automatedId'])
        .executeTakeFirstOrThrow();
      // Within the registration texts' limits (registration-texts.ts): the answer is the same whether
      // the text is queued, held or dropped.
      await enqueueRegistrationText(
        trx,
        {
          recipient: registration.parentPhone,
          // The family's language: a new account's is the one the form was filled in.
          language: plan.language,
          templateKey: 'registration_received',
          payload: { automatedId: student.automatedId, studentName: `${registration.firstName} ${registration.lastName}` },
        },
        textsPerHour,
      );
      return { automatedId: student.automatedId, studentId: student.id, parentId };
    });
  } catch (error) {
    // Two first registrations with one new email at the same moment: the second is planned again,
    // now against the account the first made (its password matches, or its owner is told).
    if (!retried && isUniqueViolation(error) && error.constraint === 'users_email_key')
      return registerStudent(db, registration, registrant, textsPerHour, true);
    throw error;
  }
}

/** The SMS to the owner of an email that a registration used without the account's password. */
async function tellAccountOwner(
  trx: Transaction<Database>,
  plan: { userId: string; phone: string | null; language: Language },
  registration: Registration,
  textsPerHour: number,
): Promise<void> {
  const phone = plan.phone ?? (await trx.selectFrom('parents').select('whatsappNumber').where('userId', '=', plan.userId).executeTakeFirst())?.whatsappNumber;
  if (!phone) return;
  await enqueueRegistrationText(
    trx,
    {
      recipient: phone,
      language: plan.language,
      templateKey: 'registration_email_in_use',
      payload: { studentName: `${registration.firstName} ${registration.lastName}` },
      idempotencyKey: `registration_email_in_use:${plan.userId}:${new Date().toISOString().slice(0, 10)}`,
    },
    textsPerHour,
  );
}

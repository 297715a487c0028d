import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { isUniqueViolation } from '@school-transport/db';
import { composeAddress, SERVER_MESSAGES, type Language, type Registration, type SessionUser } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../passwords.js';
import { checkRegistrationChoices } from './choices.js';
import { enqueueNotification } from '../notifications/outbox.js';

export interface RegisteredStudent {
  automatedId: string;
  studentId: string;
  parentId: string;
}

/** Who is registering: the request's IP (kept with the terms acceptance) and the signed-in user, if any. */
export interface Registrant {
  ip: string;
  user: SessionUser | null;
}

/**
 * Whose account the student joins. A signed-in parent registers for their own account; otherwise
 * the email decides: a new email makes a new parent, a parent's email with the right password adds
 * to that family, anything else is refused (the same answer for a wrong password and for an email
 * of a staff account, so the answer does not tell which emails belong to the office).
 */
type AccountPlan = { kind: 'signed-in'; userId: string; language: Language } | { kind: 'existing'; userId: string; language: Language } | { kind: 'new'; passwordHash: string; language: Language };

async function planAccount(db: Kysely<Database>, registration: Registration, registrant: Registrant): Promise<AccountPlan> {
  if (registrant.user?.role === 'parent') return { kind: 'signed-in', userId: registrant.user.id, language: registrant.user.language };
  const account = await db
    .selectFrom('users')
    .select(['id', 'role', 'passwordHash', 'language'])
    .where('email', '=', registration.parentEmail)
    .executeTakeFirst();
  if (!account) return { kind: 'new', passwordHash: await hashPassword(registration.password), language: registration.language ?? 'en' };
  const matches = account.role === 'parent' ? await verifyPassword(account.passwordHash, registration.password) : await verifyAgainstDecoy(registration.password);
  if (!matches) throw new AppError('CONFLICT', SERVER_MESSAGES.existingParentWrongPassword);
  return { kind: 'existing', userId: account.id, language: account.language };
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
  const parent = await trx.insertInto('parents').values({ userId: user.id, whatsappNumber: registration.parentPhone }).returning('id').executeTakeFirstOrThrow();
  return parent.id;
}

/**
 * Registers a student (spec sections 2 and 5). One transaction writes the parent's account (when
 * new), the student with the area's price and the accepted terms version, and the SMS outbox row
 * that tells the parent the student's ID; if any step fails, nothing is written. The automatedId
 * is the database's (a sequence), so concurrent registrations never collide.
 */
export async function registerStudent(db: Kysely<Database>, registration: Registration, registrant: Registrant): Promise<RegisteredStudent> {
  const plan = await planAccount(db, registration, registrant);
  try {
    return await db.transaction().execute(async (trx) => {
      const { area, termsVersionId } = await checkRegistrationChoices(trx, registration);
      const parentId = plan.kind === 'new' ? await newParent(trx, registration, plan.passwordHash, plan.language) : await parentIdOf(trx, plan.userId, registration.parentPhone);
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
        })
        .returning(['id', 'automatedId'])
        .executeTakeFirstOrThrow();
      await enqueueNotification(trx, {
        recipient: registration.parentPhone,
        // The family's language: a new account's is the one the form was filled in.
        language: plan.language,
        templateKey: 'registration_received',
        payload: { automatedId: student.automatedId, studentName: `${registration.firstName} ${registration.lastName}` },
      });
      return { automatedId: student.automatedId, studentId: student.id, parentId };
    });
  } catch (error) {
    // Two first registrations with one new email at the same moment: the second is told to sign in.
    if (isUniqueViolation(error) && error.constraint === 'users_email_key') {
      throw new AppError('CONFLICT', SERVER_MESSAGES.existingParentWrongPassword);
    }
    throw error;
  }
}

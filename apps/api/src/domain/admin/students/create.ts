import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { composeAddress, MESSAGES, STUDENT_MESSAGES, type CreatedStudent, type StudentCreate } from '@school-transport/contracts';
import { AppError } from '../../../errors.js';
import { recordAudit, type Actor } from '../../audit.js';
import { enqueueNotification } from '../../notifications/outbox.js';
import { setCurrentMonthPaid } from '../../fees/current-month-flag.js';
import { hashPassword } from '../../passwords.js';
import { withUniqueField } from '../guards.js';
import { checkStudentChoices } from './choices.js';
import { announceStudentChange } from './events.js';
import { generatePassword, resolveParent } from './parent-account.js';
import { findStudent } from './view.js';
import { assertSeats, type SeatOptions } from '../../routes/seats.js';
import type { ShortLinkSettings } from '../../routes/short-links.js';
import { storedLocationLink } from './location-link.js';

/**
 * Add Student: the registration's rules applied by the office. The fee is the area's unless the
 * admin typed one; the active terms version is recorded as accepted (by the office, whose user
 * and IP the audit row keeps); the parent is found or created in the same transaction.
 */
export async function createStudent(
  db: Kysely<Database>,
  actor: Actor,
  input: StudentCreate,
  seats: SeatOptions = {},
  shortLinks: ShortLinkSettings = {},
): Promise<CreatedStudent> {
  const locationLink = await storedLocationLink(input.locationLink, shortLinks);
  const generatedPassword = input.parent.kind === 'new' && !input.parent.password ? generatePassword() : undefined;
  const passwordHash = input.parent.kind === 'new' ? await hashPassword(input.parent.password ?? generatedPassword ?? '') : undefined;
  const student = await withUniqueField(STUDENT_MESSAGES.parentEmailTaken, () =>
    db.transaction().execute(async (trx) => {
      const choices = await checkStudentChoices(trx, input);
      await assertSeats(
        trx,
        actor,
        [{ studentId: null, driverId: choices.driver?.id ?? null, serviceType: input.serviceType, schoolId: choices.school.id }],
        seats,
      );
      const terms = await trx.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirst();
      if (!terms) throw new AppError('BAD_REQUEST', STUDENT_MESSAGES.noTermsVersion);
      const parent = await resolveParent(trx, input.parent, passwordHash);
      const contactNumber1 = input.contactNumber1 ?? parent.phone;
      if (!contactNumber1) throw new AppError('BAD_REQUEST', MESSAGES.primaryContactRequired, { contactNumber1: MESSAGES.primaryContactRequired });

      const values = {
        schoolId: choices.school.id,
        firstName: input.firstName,
        fathersName: input.fathersName,
        lastName: input.lastName,
        grade: input.grade,
        class: input.class ?? null,
        studentSchoolId: input.studentSchoolId,
        contactNumber1,
        contactNumber2: input.contactNumber2 ?? null,
        serviceType: input.serviceType,
        priceBhd: input.priceBhd ?? choices.area.price,
        areaId: choices.area.id,
        roundabout: input.roundabout,
        address: composeAddress(input),
        address2: input.address2 ?? null,
        flatHome: input.flatHome ?? null,
        houseBuilding: input.houseBuilding,
        road: input.road,
        block: input.block,
        locationLink: locationLink ?? null,
        driverId: choices.driver?.id ?? null,
        paymentStatus: input.paymentStatus,
        parentId: parent.parentId,
        termsVersionId: terms.id,
        termsAcceptedAt: new Date(),
        termsIp: actor.ip,
      };
      const row = await trx.insertInto('students').values(values).returning(['id', 'automatedId']).executeTakeFirstOrThrow();
      const { termsAcceptedAt, termsIp: _termsIp, ...recorded } = values;
      await recordAudit(trx, actor, {
        entityType: 'student',
        entityId: row.id,
        action: 'create',
        diff: {
          ...recorded,
          automatedId: row.automatedId,
          termsAcceptedBy: 'office',
          termsAcceptedAt: termsAcceptedAt.toISOString(),
          priceOverridden: input.priceBhd !== undefined && input.priceBhd !== choices.area.price,
          parentAccount: parent.created ? 'created' : 'existing',
          ...(parent.created ? { passwordGenerated: generatedPassword !== undefined } : {}),
        },
      });
      await enqueueNotification(trx, {
        recipient: parent.phone ?? contactNumber1,
        templateKey: 'registration_received',
        payload: { automatedId: row.automatedId, studentName: `${input.firstName} ${input.lastName}` },
      });
      // Added as paid: the current month's payment by the office, through the ledger like the edit dialog.
      if (input.paymentStatus === 'paid') await setCurrentMonthPaid(trx, actor, row.id, true, new Date());
      await announceStudentChange(trx, row.id, { driverId: null });
      return findStudent(trx, row.id);
    }),
  );
  return generatedPassword ? { student, generatedPassword } : { student };
}

import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { STUDENT_MESSAGES, type AdminStudent, type StudentUpdate } from '@school-transport/contracts';
import { changedFields, recordAudit, type Actor } from '../../audit.js';
import { setCurrentMonthPaid } from '../../fees/current-month-flag.js';
import { assertUuid } from '../guards.js';
import { checkStudentChoices } from './choices.js';
import { announceStudentChange } from './events.js';
import { findStudent, lockLiveStudent } from './view.js';
import { assertSeats, type SeatOptions } from '../../routes/seats.js';
import type { ShortLinkSettings } from '../../routes/short-links.js';
import { storedLocationLink } from './location-link.js';
import { checkRunPlacement } from './run-placement.js';

const SEAT_FIELDS = ['driverId', 'serviceType', 'schoolId', 'afternoonDriverId', 'morningRunId', 'afternoonRunId'] as const;

function pick<Row, Key extends keyof Row>(row: Row, keys: readonly Key[]): Pick<Row, Key> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<Row, Key>;
}

/**
 * Edit Student: the whole form; the audit row lists what changed, from and to.
 * The payment status is the current service month's fee row, so switching it goes through the
 * ledger in the same transaction: paid records the month's payment by the office, unpaid voids it.
 * A new driver or service type must leave the bus's runs within their seats. The run
 * placed by hand each way and the bus home are kept unless the form names them (run-placement.ts).
 */
export async function updateStudent(
  db: Kysely<Database>,
  actor: Actor,
  input: StudentUpdate,
  seats: SeatOptions = {},
  shortLinks: ShortLinkSettings = {},
): Promise<AdminStudent> {
  assertUuid(input.id, STUDENT_MESSAGES.studentNotFound);
  const stored = await db.selectFrom('students').select('locationLink').where('id', '=', input.id).executeTakeFirst();
  const locationLink = await storedLocationLink(input.locationLink, shortLinks, stored?.locationLink);
  return db.transaction().execute(async (trx) => {
    const before = await lockLiveStudent(trx, input.id);
    const choices = await checkStudentChoices(trx, input, before);
    const driverId = choices.driver === undefined ? before.driverId : (choices.driver?.id ?? null);
    const placement = await checkRunPlacement(trx, input, before, driverId);
    const after = {
      firstName: input.firstName,
      fathersName: input.fathersName,
      lastName: input.lastName,
      grade: input.grade,
      class: input.class ?? null,
      studentSchoolId: input.studentSchoolId,
      schoolId: choices.school.id,
      areaId: choices.area.id,
      roundabout: input.roundabout,
      serviceType: input.serviceType,
      contactNumber1: input.contactNumber1,
      contactNumber2: input.contactNumber2 ?? null,
      address: input.address,
      address2: input.address2 ?? null,
      flatHome: input.flatHome ?? null,
      houseBuilding: input.houseBuilding,
      road: input.road,
      block: input.block,
      locationLink: locationLink ?? null,
      priceBhd: input.priceBhd,
      paymentStatus: input.paymentStatus,
      driverId,
      ...placement,
    };
    const diff = changedFields(before, after);
    if (Object.keys(diff).length > 0) {
      // Anything that decides which runs the child rides: the bus either way, the service type, the school, a run placed by hand.
      if (SEAT_FIELDS.some((field) => diff[field])) await assertSeats(trx, actor, [{ studentId: input.id, ...pick(after, SEAT_FIELDS) }], seats);
      const now = new Date();
      await trx
        .updateTable('students')
        .set({ ...after, updatedAt: now })
        .where('id', '=', input.id)
        .execute();
      await recordAudit(trx, actor, { entityType: 'student', entityId: input.id, action: 'update', diff });
      await announceStudentChange(trx, input.id, before);
      // After the student row, so a month's row made now takes the price just saved.
      if (diff.paymentStatus) await setCurrentMonthPaid(trx, actor, input.id, input.paymentStatus === 'paid', now);
    }
    return findStudent(trx, input.id);
  });
}

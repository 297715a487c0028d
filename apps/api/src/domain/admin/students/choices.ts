import type { Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { SERVER_MESSAGES, STUDENT_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../../../errors.js';
import { isUuid } from '../../ids.js';
import { roundaboutProblem } from '../../registration/choices.js';

function refuse(field: string, message: string): never {
  throw new AppError('BAD_REQUEST', message, { [field]: message });
}

export interface StudentChoices {
  school: { id: string; name: string };
  area: { id: string; name: string; price: string };
  /** undefined: the driver stays as it is. */
  driver: { id: string; name: string; phone: string } | null | undefined;
}

/** What a student already has: kept even if the office has since deactivated it. */
export interface CurrentChoices {
  schoolId: string;
  areaId: string;
  driverId: string | null;
}

/**
 * The school, area, roundabout and driver an admin form chose, checked against the database with
 * the registration's rules: active school and area (or the student's own), a roundabout the area
 * offers, an active driver (or the student's own).
 */
export async function checkStudentChoices(
  trx: Transaction<Database>,
  input: { schoolId: string; areaId: string; roundabout: number | null; driverId?: string | null | undefined },
  current?: CurrentChoices,
): Promise<StudentChoices> {
  const school = isUuid(input.schoolId)
    ? await trx.selectFrom('schools').select(['id', 'name', 'active']).where('id', '=', input.schoolId).executeTakeFirst()
    : undefined;
  if (!school || (!school.active && school.id !== current?.schoolId)) refuse('schoolId', SERVER_MESSAGES.unknownSchool);

  const area = await trx.selectFrom('areas').select(['id', 'name', 'price', 'active', 'roundaboutCount']).where('id', '=', input.areaId).executeTakeFirst();
  if (!area || (!area.active && area.id !== current?.areaId)) refuse('areaId', SERVER_MESSAGES.unknownArea);
  const problem = roundaboutProblem(area.roundaboutCount, input.roundabout);
  if (problem) refuse('roundabout', problem);

  const driver = input.driverId === undefined || input.driverId === null ? input.driverId : await checkDriver(trx, input.driverId, current?.driverId ?? null);
  return { school: { id: school.id, name: school.name }, area: { id: area.id, name: area.name, price: area.price }, driver };
}

/** A driver to assign: one that exists and is active (a student keeps an inactive driver it already has). */
export async function checkDriver(
  trx: Transaction<Database>,
  driverId: string,
  currentDriverId: string | null,
  field = 'driverId',
): Promise<{ id: string; name: string; phone: string }> {
  const driver = isUuid(driverId)
    ? await trx.selectFrom('drivers').select(['id', 'name', 'phone', 'status']).where('id', '=', driverId).executeTakeFirst()
    : undefined;
  if (!driver) refuse(field, STUDENT_MESSAGES.unknownDriver);
  if (driver.status !== 'active' && driver.id !== currentDriverId) refuse(field, STUDENT_MESSAGES.inactiveDriver);
  return { id: driver.id, name: driver.name, phone: driver.phone };
}

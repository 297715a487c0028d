import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import {
  BUS_STALE_AFTER_S,
  ETA_WITHHELD_AFTER_S,
  PARENT_MESSAGES,
  type ChildToPlace,
  type DriverRun,
  type RiderStatus,
  type RunStop,
  type ServiceType,
  type StudentBus,
} from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { chooseSpeed, estimateEta, movingSpeed, DEFAULT_STOP_SECONDS, type Point } from './eta.js';
import type { BusSnapshot } from './bus-snapshot.js';
import type { OperatorAverages } from './operator-averages.js';

/**
 * What a family sees of the bus: only while their child's run is in progress and the child is
 * still to be picked up (morning) or on the bus (not absent, not a no-show, not yet dropped). Then
 * the bus's position, how many stops it still makes before theirs, and the ETA to their own stop;
 * never another child's stop, nor where the bus went before. Outside that window: not on its way.
 */
export interface FamilyStudent extends ChildToPlace {
  id: string;
  serviceType: ServiceType;
}

/** What the live bus reads of a student: enough to find the run they ride each way (runOfChild). */
export const FAMILY_STUDENT_COLUMNS = [
  'students.id',
  'students.serviceType',
  'students.schoolId',
  'students.driverId',
  'students.afternoonDriverId',
  'students.morningRunId',
  'students.afternoonRunId',
] as const;

const NOT_ON_THE_WAY: StudentBus = { status: 'not_on_the_way' };

/** The family's own student, or 404 (another family's, a deleted one, an id that is no student's). */
export async function findFamilyStudent(db: Kysely<Database>, userId: string, studentId: string): Promise<FamilyStudent> {
  const student = isUuid(studentId)
    ? await db
        .selectFrom('students')
        .innerJoin('parents', 'parents.id', 'students.parentId')
        .select(FAMILY_STUDENT_COLUMNS)
        .where('students.id', '=', studentId)
        .where('parents.userId', '=', userId)
        .where('students.deletedAt', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!student) throw new AppError('NOT_FOUND', PARENT_MESSAGES.studentNotFound);
  return student;
}

/** Whether a child of this status is still waiting for the bus or on it. */
function followsTheBus(status: RiderStatus | undefined): status is 'expected' | 'boarded' {
  return status === 'expected' || status === 'boarded';
}

/** Whether the bus still comes to this stop for a child of this status (to pick up in the morning, to drop in the afternoon). */
function stillComing(run: DriverRun, status: RiderStatus | undefined): boolean {
  return run === 'morning' ? status === 'expected' : status === 'boarded';
}

/** The stops the bus still makes before the family's, in order: those with a child still to pick up or drop. */
export function stopsStillBefore(snapshot: Pick<BusSnapshot, 'run' | 'statusOf'>, stops: readonly RunStop[], theirs: RunStop): RunStop[] {
  return stops.filter((stop) => stop.position < theirs.position && stop.students.some((student) => stillComing(snapshot.run, snapshot.statusOf(student.id))));
}

/** The family's view of one run in progress, from the bus's snapshot. */
export function studentBusOf(snapshot: BusSnapshot | null, studentId: string, now: Date, averages: OperatorAverages): StudentBus {
  if (!snapshot?.position) return NOT_ON_THE_WAY;
  const status = snapshot.statusOf(studentId);
  if (!followsTheBus(status)) return NOT_ON_THE_WAY;
  const { position } = snapshot;
  const ageSeconds = (now.getTime() - position.at.getTime()) / 1000;
  const theirs = snapshot.stops.find((stop) => stop.students.some((student) => student.id === studentId));
  const coming = stillComing(snapshot.run, status);
  const before = theirs && coming ? stopsStillBefore(snapshot, snapshot.stops, theirs) : [];
  let eta = null;
  if (theirs?.location && coming && ageSeconds <= ETA_WITHHELD_AFTER_S) {
    const located: Point[] = before.flatMap((stop) => (stop.location ? [stop.location] : []));
    eta = estimateEta({
      bus: position,
      stops: [...located, theirs.location],
      stopsBefore: before.length,
      speed: chooseSpeed(movingSpeed(snapshot.recentFixes), averages.speedMps),
      stopSeconds: averages.stopSeconds ?? DEFAULT_STOP_SECONDS,
    });
  }
  return {
    status: 'on_the_way',
    position: { lat: position.lat, lng: position.lng, at: position.at.toISOString() },
    stopsBefore: before.length,
    eta,
    stale: ageSeconds > BUS_STALE_AFTER_S,
    stop: theirs?.location ? { lat: theirs.location.lat, lng: theirs.location.lng } : null,
    toSchool: snapshot.run === 'morning' && status === 'boarded',
  };
}

import type { DriverRun, DriverStudent } from '@school-transport/contracts';
import { gradeLabel } from '../../i18n/labels.js';

/** The pure part of the driver's list: which students ride a run, the search, grouping, display text. */

export function fullName(student: Pick<DriverStudent, 'firstName' | 'fathersName' | 'lastName'>): string {
  return [student.firstName, student.fathersName, student.lastName].filter(Boolean).join(' ');
}

export function gradeText(student: Pick<DriverStudent, 'grade' | 'class'>): string {
  return student.class ? `${gradeLabel(student.grade)} ${student.class}` : gradeLabel(student.grade);
}

/** The address a driver reads at the door: the full address (registration fills it from block, road, house when empty). */
export function addressText(student: Pick<DriverStudent, 'address' | 'block' | 'road' | 'houseBuilding'>): string {
  return student.address.trim() || [student.block, student.road, student.houseBuilding].join(', ');
}

/** The children on the bus's run that way (the server says which ways each child rides this bus). */
export function studentsOnRun(students: readonly DriverStudent[], run: DriverRun): DriverStudent[] {
  return students.filter((student) => student.directions.includes(run));
}

/** Every word typed must appear in the student's ID, names, school, area, address or phones. */
export function matchesSearch(student: DriverStudent, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    student.automatedId,
    fullName(student),
    student.schoolName,
    student.areaName,
    addressText(student),
    student.contactNumber1,
    student.contactNumber2 ?? '',
  ]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export interface SchoolGroup {
  schoolName: string;
  students: DriverStudent[];
}

/** Groups in the order the server sorted (school, area, name). */
export function groupBySchool(students: readonly DriverStudent[]): SchoolGroup[] {
  const groups = new Map<string, DriverStudent[]>();
  for (const student of students) {
    const group = groups.get(student.schoolName);
    if (group) group.push(student);
    else groups.set(student.schoolName, [student]);
  }
  return [...groups].map(([schoolName, list]) => ({ schoolName, students: list }));
}

/** The run a driver opening the app most likely needs: the morning run before noon. */
export function currentRun(now = new Date()): DriverRun {
  return now.getHours() < 12 ? 'morning' : 'afternoon';
}

/** YYYY-MM-DD in the device's local time (the driver's day, not UTC's). */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

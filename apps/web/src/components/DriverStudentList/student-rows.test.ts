import { describe, expect, it } from 'vitest';
import { DRIVER_RUNS, ridesOnRun, type DriverStudent } from '@school-transport/contracts';
import { currentRun, groupBySchool, matchesSearch, studentsOnRun } from './student-rows.js';

const student = (firstName: string, serviceType: DriverStudent['serviceType'], schoolName: string): DriverStudent => ({
  id: firstName,
  automatedId: `STU-${firstName}`,
  firstName,
  fathersName: 'Hassan',
  lastName: 'Demo',
  grade: '3',
  class: null,
  schoolName,
  areaName: 'Riffa',
  address: 'Block 901, Road 10, House 20',
  block: '901',
  road: '10',
  houseBuilding: '20',
  flatHome: null,
  contactNumber1: '36000001',
  contactNumber2: null,
  serviceType,
  roundabout: null,
  directions: DRIVER_RUNS.filter((run) => ridesOnRun(serviceType, run)),
});

const list = [student('Sara', 'BOTH', 'A School'), student('Ali', 'HOME_TO_SCHOOL', 'B School'), student('Huda', 'SCHOOL_TO_HOME', 'A School')];

describe("a driver's runs", () => {
  it('puts Home → School and Both Ways on the morning run, School → Home and Both Ways on the afternoon run', () => {
    expect(studentsOnRun(list, 'morning').map((s) => s.firstName)).toEqual(['Sara', 'Ali']);
    expect(studentsOnRun(list, 'afternoon').map((s) => s.firstName)).toEqual(['Sara', 'Huda']);
  });

  it('leaves a child the office sends home on another bus off this bus’s afternoon run', () => {
    const goesHomeElsewhere = { ...student('Maryam', 'BOTH', 'A School'), directions: ['morning' as const] };
    expect(studentsOnRun([goesHomeElsewhere], 'morning').map((s) => s.firstName)).toEqual(['Maryam']);
    expect(studentsOnRun([goesHomeElsewhere], 'afternoon')).toEqual([]);
  });

  it('groups by school in the given order', () => {
    expect(groupBySchool(list).map((g) => [g.schoolName, g.students.map((s) => s.firstName)])).toEqual([
      ['A School', ['Sara', 'Huda']],
      ['B School', ['Ali']],
    ]);
  });

  it('searches every typed word across ID, names, school, area and address', () => {
    expect(list.filter((s) => matchesSearch(s, 'sara riffa')).map((s) => s.firstName)).toEqual(['Sara']);
    expect(list.filter((s) => matchesSearch(s, 'stu-ali')).map((s) => s.firstName)).toEqual(['Ali']);
    expect(list.filter((s) => matchesSearch(s, '  ')).length).toBe(3);
    expect(list.filter((s) => matchesSearch(s, 'nobody')).length).toBe(0);
  });

  it('opens on the morning run before noon and on the afternoon run after', () => {
    expect(currentRun(new Date(2026, 0, 5, 6, 30))).toBe('morning');
    expect(currentRun(new Date(2026, 0, 5, 13, 0))).toBe('afternoon');
  });
});

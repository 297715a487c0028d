import { describe, expect, it } from 'vitest';
import { SCHOOL_DAY_MESSAGES } from '@school-transport/contracts';
import { absenceErrors, absenceOf, absenceRunChoices, emptyAbsence } from './absence-form.js';

describe('the Not riding form', () => {
  it('offers the runs the student rides, and both', () => {
    expect(absenceRunChoices('BOTH')).toEqual(['morning', 'afternoon', 'both']);
    expect(absenceRunChoices('HOME_TO_SCHOOL')).toEqual(['morning', 'both']);
    expect(absenceRunChoices('SCHOOL_TO_HOME')).toEqual(['afternoon', 'both']);
  });

  it('sends one day as a range of that day, and a range without its last day as its first day', () => {
    const day = { ...emptyAbsence(), from: '2026-12-01', to: '2026-12-09', reason: 'Ill' };
    expect(absenceOf(day, 's1')).toEqual({ studentId: 's1', from: '2026-12-01', to: '2026-12-01', run: 'both', reason: 'Ill' });
    expect(absenceOf({ ...day, length: 'range' }, 's1')).toMatchObject({ from: '2026-12-01', to: '2026-12-09' });
    expect(absenceOf({ ...day, length: 'range', to: '' }, 's1')).toMatchObject({ from: '2026-12-01', to: '2026-12-01' });
  });

  it('asks for a day, and shows the contract’s refusal of a range over 31 days on the date field', () => {
    expect(absenceErrors(emptyAbsence(), 's1', 'Pick the day')).toEqual({ from: 'Pick the day' });
    expect(absenceErrors({ ...emptyAbsence(), length: 'range', from: '2026-12-01', to: '2027-01-01' }, 's1', 'Pick the day')).toEqual({
      from: SCHOOL_DAY_MESSAGES.absenceTooLong,
    });
    expect(absenceErrors({ ...emptyAbsence(), length: 'range', from: '2026-12-01', to: '2026-12-31' }, 's1', 'Pick the day')).toEqual({});
  });
});

import { ABSENCE_RUNS, absenceInput, DRIVER_RUNS, ridesOnRun, type AbsenceInput, type AbsenceRun, type ServiceType } from '@school-transport/contracts';
import { zodErrors } from '../../forms/validation.js';

/** One day, or a range of days (at most ABSENCE_MAX_DAYS, checked by the contract). */
export type AbsenceLength = 'day' | 'range';

/** The Not riding form as the dialog holds it: dates 'YYYY-MM-DD', '' while not picked. */
export interface AbsenceValues {
  length: AbsenceLength;
  from: string;
  to: string;
  run: AbsenceRun;
  reason: string;
}

export const emptyAbsence = (): AbsenceValues => ({ length: 'day', from: '', to: '', run: 'both', reason: '' });

/**
 * The runs a family may choose for a student: the ones the student rides, and 'both', which means
 * whichever runs the student rides (so a student on one run may choose it or 'both').
 */
export function absenceRunChoices(serviceType: ServiceType): AbsenceRun[] {
  const rides = DRIVER_RUNS.filter((run) => ridesOnRun(serviceType, run));
  return ABSENCE_RUNS.filter((run) => run === 'both' || rides.includes(run));
}

/**
 * What is sent: one day is a range of that day; a range whose last day is not picked yet is that
 * first day alone.
 */
export function absenceOf(values: AbsenceValues, studentId: string): AbsenceInput {
  const to = values.length === 'day' || !values.to ? values.from : values.to;
  return { studentId, from: values.from, to, run: values.run, reason: values.reason };
}

/**
 * The form's field messages, from the same contract the server checks; the dates' messages land
 * on the one date field (`from`), and an unpicked day asks for one rather than for a format.
 */
export function absenceErrors(values: AbsenceValues, studentId: string, pickDay: string): Record<string, string> {
  if (!values.from) return { from: pickDay };
  const errors = zodErrors(absenceInput, absenceOf(values, studentId));
  const dates = errors.from ?? errors.to;
  const { to: _to, ...rest } = errors;
  return dates ? { ...rest, from: dates } : rest;
}

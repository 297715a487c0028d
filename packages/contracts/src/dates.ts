import { z } from 'zod';
import { ANALYTICS_MESSAGES } from './messages.js';

/**
 * Bahrain dates ('YYYY-MM-DD') as the school day, handover and the live bus take them. A module of
 * its own so that handover.ts can take a date without importing school-day.ts, which reads
 * handover's shapes (each module's schemas are built as it loads, so the two cannot import each other).
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' that is a real day of the calendar. */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const isoDate = z.string({ error: ANALYTICS_MESSAGES.dateInvalid }).trim().refine(isIsoDate, ANALYTICS_MESSAGES.dateInvalid);

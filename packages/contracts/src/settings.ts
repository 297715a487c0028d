import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { optionalPhoneNumber } from './fields.js';

const optionalUrl = z
  .string()
  .trim()
  .max(300, MESSAGES.tooLong)
  .nullish()
  .transform((value) => value ?? '')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+\.[^\s]+$/.test(value), MESSAGES.urlInvalid);

const optionalPhone = optionalPhoneNumber.transform((value) => value ?? '');

const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MESSAGES.tooLong)
    .nullish()
    .transform((value) => value ?? '');

/**
 * The company's settings: one `settings` row per key. The landing page, /register, the terms
 * dialog and printed pages read them; the admin edits them. Empty means "not set yet".
 */
export const companySettings = z.object({
  companyName: optionalLine(120),
  contactText: optionalLine(500),
  supportPhone1: optionalPhone,
  supportPhone2: optionalPhone,
  instagramUrl: optionalUrl,
  facebookUrl: optionalUrl,
  xUrl: optionalUrl,
  paymentBankAccount: optionalLine(60),
  paymentMobileNumber: optionalPhone,
  whatsappNumber: optionalPhone,
});
export type CompanySettings = z.output<typeof companySettings>;
export type CompanySettingsInput = z.input<typeof companySettings>;
export const SETTINGS_KEYS = Object.keys(companySettings.shape) as (keyof CompanySettings)[];

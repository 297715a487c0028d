import { z } from 'zod';
import { MESSAGES } from './messages.js';
import { optionalPhoneNumber } from './fields.js';
import { DEFAULT_FIRST_SERVICE_MONTH } from './school-year.js';

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
  /** The school year: the first of its 10 service months, 1-12 (9 = September). */
  firstServiceMonth: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) => (value === '' || value === null || value === undefined ? DEFAULT_FIRST_SERVICE_MONTH : Number(value)))
    .pipe(
      z
        .number({ error: 'Choose the first service month' })
        .int('Choose the first service month')
        .min(1, 'Choose the first service month')
        .max(12, 'Choose the first service month'),
    ),
  /** VAT in percent, "0" when the company does not charge VAT; fees are VAT-inclusive. */
  vatRatePercent: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value) => (value === '' || value === null || value === undefined ? '0' : String(value).trim()))
    .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100, 'VAT rate must be a percentage from 0 to 100 with at most two decimals')
    .transform((value) => String(Number(value))),
  vatNumber: optionalLine(40),
});
export type CompanySettings = z.output<typeof companySettings>;
export type CompanySettingsInput = z.input<typeof companySettings>;

/** The company settings as they are answered: what companySettings makes of the rows, as a plain shape. */
export const companySettingsView = z.object({
  companyName: z.string(),
  contactText: z.string(),
  supportPhone1: z.string(),
  supportPhone2: z.string(),
  instagramUrl: z.string(),
  facebookUrl: z.string(),
  xUrl: z.string(),
  paymentBankAccount: z.string(),
  paymentMobileNumber: z.string(),
  whatsappNumber: z.string(),
  /** The school year: the first of its 10 service months, 1-12 (9 = September). */
  firstServiceMonth: z.number(),
  /** VAT in percent, "0" when the company does not charge VAT; fees are VAT-inclusive. */
  vatRatePercent: z.string(),
  vatNumber: z.string(),
}) satisfies z.ZodType<CompanySettings>;
export const SETTINGS_KEYS = Object.keys(companySettings.shape) as (keyof CompanySettings)[];

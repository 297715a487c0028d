import { describe, expect, it } from 'vitest';
import type { FormErrors } from '@mantine/form';
import { ADMIN_MESSAGES, MESSAGES, areaInput, driverInput } from '@school-transport/contracts';
import { showServerErrors, zodValidate } from './validation.js';

describe('zodValidate', () => {
  it("gives each field the contract's first message, nested fields by their Mantine path", () => {
    const validate = zodValidate(driverInput);
    expect(validate({ name: '', phone: '123', licenseNo: 'L', password: '12345', areaIds: [], vehicle: { plate: '', seats: '0' }, status: 'active' })).toEqual({
      name: MESSAGES.nameRequired,
      phone: MESSAGES.phoneDigits,
      password: MESSAGES.passwordMin,
      'vehicle.seats': MESSAGES.seatsInvalid,
    });
  });

  it('returns no errors for valid values', () => {
    expect(zodValidate(areaInput)({ name: 'Riffa', price: '30', roundaboutCount: 22 })).toEqual({});
  });
});

describe('showServerErrors', () => {
  it('puts a 409 under the field its message names and returns the message for the toast', () => {
    let errors: FormErrors = {};
    const message = showServerErrors(new Error(ADMIN_MESSAGES.driverPhoneTaken), (next) => (errors = next), 'fallback');
    expect(message).toBe(ADMIN_MESSAGES.driverPhoneTaken);
    expect(errors).toEqual({ phone: ADMIN_MESSAGES.driverPhoneTaken });
  });

  it('leaves the fields alone for an error that names none', () => {
    let errors: FormErrors = {};
    expect(showServerErrors(new Error('Network down'), (next) => (errors = next), 'fallback')).toBe('Network down');
    expect(errors).toEqual({});
  });
});

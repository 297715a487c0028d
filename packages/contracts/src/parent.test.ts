import { describe, expect, it } from 'vitest';
import { changedModificationFields, MESSAGES, modificationRequestFields, requestedPayload } from './index.js';

const form = {
  firstName: ' Sara ',
  lastName: 'Ali',
  fathersName: 'Hassan',
  grade: '3',
  class: '',
  serviceType: 'BOTH',
  address: '',
  block: '901',
  road: '12',
  houseBuilding: '34',
};

describe('the Request Changes contract', () => {
  it('stores what the student would hold: trimmed text, no class as null, an empty address composed', () => {
    expect(requestedPayload(modificationRequestFields.parse(form))).toEqual({
      firstName: 'Sara',
      lastName: 'Ali',
      fathersName: 'Hassan',
      grade: '3',
      class: null,
      serviceType: 'BOTH',
      address: 'Block 901, Road 12, House/Building 34',
      block: '901',
      road: '12',
      houseBuilding: '34',
    });
  });

  it('uses the registration messages for the required fields', () => {
    const result = modificationRequestFields.safeParse({ ...form, firstName: '', grade: null, houseBuilding: ' ' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ firstName: MESSAGES.firstNameRequired, grade: MESSAGES.gradeRequired, houseBuilding: MESSAGES.houseBuildingRequired });
  });

  it('names the changed fields in form order; null and a missing value are the same', () => {
    const before = requestedPayload(modificationRequestFields.parse(form));
    expect(changedModificationFields(before, { ...before })).toEqual([]);
    expect(changedModificationFields(before, { ...before, road: '13', firstName: 'Sarah' })).toEqual(['firstName', 'road']);
    expect(changedModificationFields({ class: null }, {})).toEqual([]);
  });
});

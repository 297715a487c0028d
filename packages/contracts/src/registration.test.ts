import { describe, expect, it } from 'vitest';
import { composeAddress, registrationInput } from './registration.js';
import { fieldErrors } from './validation.js';

const complete = {
  firstName: 'Sara',
  fathersName: 'Hassan',
  lastName: 'Ali',
  grade: '3',
  class: '',
  schoolId: 'school-1',
  studentSchoolId: 'S-100',
  parentName: 'Fatima',
  parentEmail: ' Fatima@Example.com ',
  parentPhone: '36000001',
  parentPhone2: '',
  password: 'secret1',
  serviceType: 'BOTH',
  areaId: 'area-002',
  roundabout: '7',
  block: '901',
  road: '12',
  houseBuilding: '45',
  termsAccepted: true,
  termsVersionId: 'terms-1',
};

describe('the registration contract', () => {
  it('accepts a complete form and normalises it', () => {
    const parsed = registrationInput.parse(complete);
    expect(parsed.parentEmail).toBe('fatima@example.com');
    expect(parsed.roundabout).toBe(7);
    expect(parsed.class).toBeUndefined();
    expect(parsed.parentPhone2).toBeUndefined();
  });

  it('gives every registration message for an empty form', () => {
    const result = registrationInput.safeParse({});
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      fathersName: "Father's name is required",
      grade: 'Grade is required',
      schoolId: 'School is required',
      areaId: 'Area is required',
      studentSchoolId: 'Student School ID is required',
      block: 'Block is required',
      road: 'Road is required',
      houseBuilding: 'House/Building is required',
      parentName: 'Parent name is required',
      parentEmail: 'Invalid email address',
      parentPhone: 'Phone number must be 8 digits',
      password: 'Password must be at least 6 characters',
      termsAccepted: 'You must accept the terms and conditions',
    });
  });

  it('checks phones, the optional second phone, the password and the class', () => {
    const errors = fieldErrors(
      registrationInput.safeParse({ ...complete, parentPhone: '3600001', parentPhone2: '1234567a', password: '12345', class: 'Z' }).error!.issues,
    );
    expect(errors).toMatchObject({
      parentPhone: 'Phone number must be 8 digits',
      parentPhone2: 'Phone number must be 8 digits',
      password: 'Password must be at least 6 characters',
    });
    expect(errors.class).toBeDefined();
  });

  it('treats whitespace as empty', () => {
    const errors = fieldErrors(registrationInput.safeParse({ ...complete, firstName: '   ' }).error!.issues);
    expect(errors.firstName).toBe('First name is required');
  });

  it('fills an empty address from block, road and house', () => {
    expect(composeAddress({ block: '901', road: '12', houseBuilding: '45' })).toBe('Block 901, Road 12, House/Building 45');
    expect(composeAddress({ block: '901', road: '12', houseBuilding: '45', address: 'Villa 45, Riffa' })).toBe('Villa 45, Riffa');
  });
});

import type { RegistrationInput } from '@school-transport/contracts';

/** The school, area and terms a registration names. */
export interface RegistrationChoices {
  schoolId: string;
  areaId: string;
  termsVersionId: string;
}

let counter = 0;

/**
 * A complete, valid registration with a new parent email and school ID each time it is called;
 * `overrides` change or add fields (extra fields let a test send what the contract does not know).
 */
export function registrationBody(choices: RegistrationChoices, overrides: Partial<RegistrationInput> & Record<string, unknown> = {}): RegistrationInput {
  counter += 1;
  const unique = `${Date.now().toString(36)}.${counter}`;
  return {
    firstName: 'Sara',
    fathersName: 'Hassan',
    lastName: 'Ali',
    grade: '3',
    class: 'A',
    schoolId: choices.schoolId,
    studentSchoolId: `SCH-${unique}`,
    parentName: 'Fatima Ali',
    parentEmail: `Parent.${unique}@Example.com`,
    parentPhone: '36001122',
    parentPhone2: '',
    password: 'secret-1',
    serviceType: 'BOTH',
    areaId: choices.areaId,
    roundabout: '',
    block: '901',
    road: '12',
    houseBuilding: '34',
    flatHome: '',
    address: '',
    address2: '',
    termsAccepted: true,
    termsVersionId: choices.termsVersionId,
    ...overrides,
  };
}

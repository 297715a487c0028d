import { REGISTRATION_REQUIRED_FIELDS } from '@school-transport/contracts';

/** The registration form as the inputs hold it: text as typed, selects as string or null. */
export interface RegistrationFormValues {
  schoolId: string | null;
  firstName: string;
  fathersName: string;
  lastName: string;
  grade: string | null;
  class: string | null;
  studentSchoolId: string;
  parentName: string;
  parentEmail: string;
  parentPhone: string;
  parentPhone2: string;
  password: string;
  serviceType: string;
  areaId: string | null;
  roundabout: string | null;
  block: string;
  road: string;
  houseBuilding: string;
  flatHome: string;
  address: string;
  address2: string;
}

export const EMPTY_REGISTRATION: RegistrationFormValues = {
  schoolId: null,
  firstName: '',
  fathersName: '',
  lastName: '',
  grade: null,
  class: null,
  studentSchoolId: '',
  parentName: '',
  parentEmail: '',
  parentPhone: '',
  parentPhone2: '',
  password: '',
  serviceType: '',
  areaId: null,
  roundabout: null,
  block: '',
  road: '',
  houseBuilding: '',
  flatHome: '',
  address: '',
  address2: '',
};

/** The names the 'Required Fields Missing' toast lists: required fields left empty, in form order. */
export function missingRequiredFields(values: RegistrationFormValues): string[] {
  return (Object.keys(REGISTRATION_REQUIRED_FIELDS) as (keyof typeof REGISTRATION_REQUIRED_FIELDS)[])
    .filter((field) => {
      const value = values[field];
      return value === null || value === '';
    })
    .map((field) => REGISTRATION_REQUIRED_FIELDS[field]);
}

/**
 * Validation messages, word for word from spec section 5. The web form and the server both
 * read them from here, so a parent sees the same words whichever side refused the input.
 */
export const MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  fathersNameRequired: "Father's name is required",
  gradeRequired: 'Grade is required',
  schoolRequired: 'School is required',
  areaRequired: 'Area is required',
  studentSchoolIdRequired: 'Student School ID is required',
  blockRequired: 'Block is required',
  roadRequired: 'Road is required',
  houseBuildingRequired: 'House/Building is required',
  parentNameRequired: 'Parent name is required',
  invalidEmail: 'Invalid email address',
  dialogInvalidEmail: 'Please enter a valid email address',
  phoneDigits: 'Phone number must be 8 digits',
  passwordMin: 'Password must be at least 6 characters',
  passwordRequired: 'Password is required',
  phoneRequired: 'Phone number is required',
  termsRequired: 'You must accept the terms and conditions',
  serviceTypeRequired: 'Service type is required',
  classInvalid: 'Class must be one of A, R, K, I, S, B, H',
  roundaboutInvalid: 'Roundabout must be a whole number from 1',
  termsVersionRequired: 'Terms version is required',
  primaryContactRequired: 'Primary contact is required',
  addressRequired: 'Address is required',
  priceRequired: 'Price is required',
  priceFormat: 'Price must be an amount in BHD with at most two decimals',
  tooLong: 'Too long',
  /** PostgreSQL text cannot hold U+0000; such input is refused before it reaches the database. */
  nullCharacter: 'Text cannot contain a null character',
  /** Half of a UTF-16 surrogate pair is no character at all; refused rather than stored as U+FFFD. */
  brokenCharacter: 'Text contains a character that is not valid',
  nameRequired: 'Name is required',
  schoolCodeRequired: 'School code is required',
  licenseNoRequired: 'License number is required',
  contentRequired: 'Content is required',
  urlInvalid: 'Enter a full web address starting with https://',
  seatsInvalid: 'Seats must be a whole number from 1 to 100',
  roundaboutCountInvalid: 'Roundabout count must be a whole number from 0 to 99',
  languageInvalid: 'Choose English or Arabic',
} as const;

/** Messages the server answers with, also shown by the web app. */
export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  invalidDriverCredentials: 'Invalid phone number or password',
  notSignedIn: 'Please sign in to continue',
  forbidden: 'You do not have access to this',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
  notFound: 'Not found',
  internal: 'Something went wrong. Please try again.',
  unavailable: 'The service is briefly unavailable. Please try again in a moment.',
  payloadTooLarge: 'The request is too large',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  crossSiteRefused: 'This request came from another site and was refused',
  /** The same for every registration that passes the form's checks: it must not tell whether the email had an account. */
  registrationReceived: 'Registration received. We will send you a text message shortly. Please sign in to the parent portal.',
  termsVersionNotActive: 'These terms are no longer current. Please read and accept the current terms.',
  roundaboutNotOffered: 'This area has no roundabout choice',
  roundaboutOutOfRange: 'Choose a roundabout from the list',
  unknownSchool: 'Choose a school from the list',
  unknownArea: 'Choose an area from the list',
} as const;

/**
 * Validation messages, word for word from the product's specification. The web form and the server both
 * read them from here, so a parent sees the same words whichever side refused the input.
 * A message's group and key are its code on the wire and in the translations (message-codes.ts):
 * reword a message freely, but rename its key only together with its translations.
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
  staffPasswordMin: 'Password must be at least 12 characters',
  /** The server checks a new password against the most common ones; the list stays on the server. */
  passwordTooCommon: 'This password is too common. Please choose another.',
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
  jsonOnly: 'Send the request as JSON (Content-Type: application/json)',
  tooManyCalls: 'Too many calls in one request',
  /** Registrations or reset requests beyond the hour's limit of one client address. */
  tooManyFromAddress: 'Too many requests from this connection. Please try again later.',
  /** The same for every registration that passes the form's checks: it must not tell whether the email had an account. */
  registrationReceived: 'Registration received. We will send you a text message shortly. Please sign in to the parent portal.',
  termsVersionNotActive: 'These terms are no longer current. Please read and accept the current terms.',
  roundaboutNotOffered: 'This area has no roundabout choice',
  roundaboutOutOfRange: 'Choose a roundabout from the list',
  unknownSchool: 'Choose a school from the list',
  unknownArea: 'Choose an area from the list',
} as const;

/** The registration form's required fields with the names the 'Required Fields Missing' toast lists. */
export const REGISTRATION_REQUIRED_FIELDS = {
  schoolId: 'School',
  firstName: 'First Name',
  fathersName: "Father's Name",
  lastName: 'Last Name',
  grade: 'Grade',
  studentSchoolId: 'Student School ID',
  parentName: 'Parent Name',
  parentEmail: 'Email',
  parentPhone: 'Phone',
  password: 'Password',
  serviceType: 'Service Type',
  areaId: 'Area',
  block: 'Block',
  road: 'Road',
  houseBuilding: 'House/Building',
} as const;

/**
 * The words of each area's screens and answers. They live here, apart from the schemas of their
 * areas, so that the web app's English catalog (which takes every message from here) does not bring
 * the signed-in areas' Zod schemas into the public pages: Zod builds a schema when its module runs.
 */

/** What the admin screens and the server say about the office's reference data. */
export const ADMIN_MESSAGES = {
  schoolCodeTaken: 'School code is already used by another school',
  areaNameTaken: 'Area name is already used by another area',
  driverPhoneTaken: 'Phone number is already used by another driver',
  unknownAreas: 'Choose areas from the list',
  schoolNotFound: 'School not found',
  areaNotFound: 'Area not found',
  driverNotFound: 'Driver not found',
  attendantNotFound: 'Attendant not found',
  trackerIdTaken: 'This tracker identifier is already used by another bus',
  trackerIdInvalid: 'A tracker identifier is 1 to 64 letters, digits or signs, without spaces',
  attendantPhoneTaken: 'Phone number is already used by another driver or attendant',
  busHasAttendant: 'This bus already has an attendant',
  attendantBusRequired: 'Choose the bus the attendant rides',
  termsNotFound: 'Terms version not found',
  termsVersionClash: 'Another terms version was saved at the same moment. Please try again.',
  termsBothTextsRequired: 'Write both the English and the Arabic text before making this version active',
  termsArabicWritten: 'This version already has its Arabic text; write a new version to change it',
} as const;

/** The office's own accounts (admins and staff): the Users tab. */
export const OFFICE_ACCOUNT_MESSAGES = {
  lastActiveAdmin: 'At least one active admin is required.',
  userNotFound: 'User not found',
  emailTaken: 'Another account already signs in with this email',
  roleInvalid: 'Role must be admin or staff',
} as const;

/** The office's students: the list, the add and edit forms, bulk changes. */
export const STUDENT_MESSAGES = {
  studentNotFound: 'Student not found',
  parentNotFound: 'No parent account has this email or phone',
  parentAmbiguous: 'Several parents have this phone number; use the email instead',
  parentLookupRequired: "Enter the parent's email or phone",
  parentEmailTaken: 'Email is already used by another account',
  unknownDriver: 'Choose a driver from the list',
  inactiveDriver: 'This driver is inactive; choose an active driver',
  noTermsVersion: 'There is no active terms version; activate one under Terms first',
  paymentStatusInvalid: 'Payment status must be paid or unpaid',
  selectStudents: 'Select at least one student',
  tooManyStudents: 'Select at most 200 students at a time',
  nothingToApply: 'Choose a driver or a payment status to apply',
  pageInvalid: 'Page must be a whole number from 1',
  pageSizeInvalid: 'Page size must be a whole number from 1 to 200',
  sortInvalid: 'Sort by one of: createdAt, name, automatedId, priceBhd, paymentStatus',
  /** A full bus: `{{riders}}` and `{{seats}}` are filled in (busFullMessage in seats.ts). */
  busFullMorning: 'This bus is full for the morning run ({{riders}} of {{seats}} seats).',
  busFullAfternoon: 'This bus is full for the afternoon run ({{riders}} of {{seats}} seats).',
  overCapacityReasonRequired: 'Say why this bus may go over its seats',
} as const;

/** Which form field a 409's message belongs to (merged into CONFLICT_FIELDS). */
export const STUDENT_CONFLICT_FIELDS: Record<string, string> = {
  [STUDENT_MESSAGES.parentEmailTaken]: 'parent.email',
};

/** Which form field a 409's message belongs to, so the form can show it under that field. */
export const CONFLICT_FIELDS: Record<string, string> = {
  [ADMIN_MESSAGES.schoolCodeTaken]: 'schoolCode',
  [ADMIN_MESSAGES.areaNameTaken]: 'name',
  [ADMIN_MESSAGES.driverPhoneTaken]: 'phone',
  [ADMIN_MESSAGES.trackerIdTaken]: 'vehicle.trackerId',
  [ADMIN_MESSAGES.attendantPhoneTaken]: 'phone',
  [ADMIN_MESSAGES.busHasAttendant]: 'driverId',
  ...STUDENT_CONFLICT_FIELDS,
  [OFFICE_ACCOUNT_MESSAGES.emailTaken]: 'email',
};

/** The parent portal's modification requests and the office's decisions on them. */
export const PARENT_MESSAGES = {
  studentNotFound: 'Student not found',
  requestNotFound: 'Change request not found',
  noChanges: 'Nothing was changed. Edit at least one field before sending the request.',
  pendingExists: 'This student already has a change request waiting for the office. You can send another once it is decided.',
  alreadyApproved: 'This request was already approved.',
  alreadyRejected: 'This request was already rejected.',
  studentDeleted: 'The student was deleted after this request was made, so it can no longer be decided.',
} as const;

/** The parent's toasts about a modification request. */
export const MODIFICATION_TOASTS = {
  submittedTitle: 'Modification Request Submitted',
  submittedText: 'Your request has been submitted for admin approval.',
  failedTitle: 'Request Failed',
  failedText: 'Failed to submit modification request',
  noStudent: 'No student selected',
} as const;

/** The monthly fee ledger: fees, payments, receipts, proofs of payment. */
export const FEE_MESSAGES = {
  monthInvalid: 'Choose a month',
  notServiceMonth: 'This month is not a service month of the school year',
  feeNotFound: 'Fee not found',
  paymentNotFound: 'Payment not found',
  proofNotFound: 'Payment proof not found',
  receiptNotFound: 'Receipt not found',
  feesRequired: 'Choose at least one month to pay',
  feesOfOneFamily: 'The chosen months must belong to one family',
  feeNotPayable: 'This month is already paid or waived',
  amountRequired: 'Amount is required',
  amountPositive: 'The amount must be more than 0.00',
  amountTooHigh: 'The amount is more than what is due on the chosen months',
  methodRequired: 'Choose how it was paid',
  paidAtInvalid: 'Enter the payment date',
  reasonRequired: 'Reason is required',
  alreadyVoided: 'This payment is already voided',
  proofDecided: 'This payment proof has already been decided',
  fileRequired: 'Choose a screenshot or PDF of the payment',
  fileTooLarge: 'The file is larger than 5 MB. Please upload a smaller screenshot or PDF.',
  fileTypeRefused: 'Upload a JPEG, PNG, WebP or HEIC image, or a PDF.',
  tooManyPendingProofs: 'This month already has 3 payment proofs waiting for the office. Please wait for the office to check them before sending another.',
  tooManyProofsToday: 'You have sent 20 payment proofs today. Please try again tomorrow.',
  vatRateInvalid: 'VAT rate must be a percentage from 0 to 100 with at most two decimals',
  firstServiceMonthInvalid: 'Choose the first service month',
} as const;

/** The admin's Outbox. */
export const OUTBOX_MESSAGES = {
  notificationNotFound: 'Message not found',
  onlyFailedRetried: 'Only a failed message can be retried',
  onlyHeldReleased: 'Only a held message can be released',
  statusInvalid: 'Choose a status from the list',
  templateInvalid: 'Choose a message type from the list',
} as const;

/** The admin's statistics, the unassigned-students bell and the audit log. */
export const ANALYTICS_MESSAGES = {
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  dateRangeInvalid: 'The start date must be on or before the end date',
  pageInvalid: 'Page must be a whole number from 1',
  pageSizeInvalid: 'Page size must be from 1 to 200',
} as const;

/** Forgotten passwords, password changes and the office's help with a parent's or driver's account. */
export const ACCOUNT_MESSAGES = {
  /** The same for every request, whether or not an account matches or has a phone: it must not tell which accounts exist. */
  resetCodeSent: 'If an account matches, we have sent a code by text message.',
  codeWrong: 'The code is wrong or has expired.',
  codeFormat: 'Enter the 6-digit code from the text message',
  identifierRequired: 'Enter your email, or the phone number you sign in with',
  passwordReset: 'Your password has been changed. Please sign in with your new password.',
  currentPasswordWrong: 'Current password is incorrect.',
  currentPasswordRequired: 'Enter your current password',
  passwordChanged: 'Your password has been changed. You have been signed out on your other devices.',
  tooManyCodeAttempts: 'Too many tries. Please wait a few minutes and try again.',
  parentNotFound: 'Parent not found',
  noPhoneForCode: 'This account has no phone number to send a code to',
  accountInactive: 'This account is deactivated; reactivate it before sending a code',
  resetCodeSentByOffice: 'A reset code was sent by text message',
  signInLockCleared: 'The sign-in lock was cleared',
  /** A reset code from staff within a day of the office changing the account's phone: the new phone may not be the owner's. */
  resetCodeAfterPhoneChangeNeedsAdmin: "This account's phone was changed by the office in the last 24 hours. Only an admin can send a reset code now.",
} as const;

/** The school day: absences, runs and their marks, the school-day settings. */
export const SCHOOL_DAY_MESSAGES = {
  tooLateForAbsence: 'Too late to report an absence for this run. Please call the driver.',
  /** End refused: `{{count}}` and `{{names}}` are filled in (stillOnBusMessage in school-day.ts). */
  stillOnBus_one: '{{count}} child is still on the bus: {{names}}',
  stillOnBus_other: '{{count}} children are still on the bus: {{names}}',
  absenceToBeforeFrom: 'The last day must be on or after the first day',
  absenceTooLong: 'An absence can cover at most 31 days',
  absenceTooFarAhead: 'An absence can be reported at most a year ahead',
  absenceNoSchoolDay: 'There is no school run on these days',
  absenceRunInvalid: 'Choose the morning run, the afternoon run or both',
  absenceNotFound: 'Absence not found',
  absenceOverlaps: 'An absence is already reported for this student on some of these days',
  studentNotOnRun: 'This student does not ride this run',
  runInvalid: 'Choose the morning or the afternoon run',
  noRunOnDate: 'There is no school run on this day',
  runEnded: 'This run has already ended',
  runHandedOver: 'The office handed this run to another driver for the day',
  markEventInvalid: 'Choose boarded, dropped, no-show or returned to school',
  clientIdRequired: 'Each mark needs its id from the phone',
  markTimeInvalid: 'The time of the mark must be within the last 24 hours',
  markDateInvalid: 'The date of the mark must be today or yesterday',
  markOutsideRun: 'The time of the mark is not within this run',
  boardFirst: 'Mark the child as boarded first',
  alreadyOnBus: 'This child is already on the bus',
  alreadyMarked: 'This child is already marked for this run',
  absentReported: 'This child is reported absent for this run',
  returnOnlyAfternoon: 'A child is returned to school only on the afternoon run',
  timeInvalid: 'Enter a time as HH:MM',
  runEndBeforeStart: 'The planned end must be after the planned start',
  schoolDaysInvalid: 'Choose the school days from the days of the week',
  noServiceNameRequired: 'Name the holiday or closure',
  noServiceDateTwice: 'Each no-service date can be listed once',
  overdueHoursInvalid: 'Hours after the planned end must be a whole number from 1 to 12',
  preferenceInvalid: 'Choose on or off',
  substituteSameDriver: 'Choose another driver as the substitute',
  positionInvalid: 'A position needs a latitude, a longitude and an accuracy in metres',
  positionTimeInvalid: 'Each position needs the time it was taken',
  fixesRequired: 'Send at least one position',
  tooManyFixes: 'Send at most 100 positions at a time',
  runNotStarted: 'This run has not started',
  positionsOutsideRun: 'None of these positions lies within this run',
  busNearInvalid: 'Choose 5 or 10 minutes, or off',
  /** End refused: children nobody marked yet; `{{count}}` and `{{names}}` are filled in (notMarkedMessage in school-day.ts). */
  notMarked_one: '{{count}} child is not marked yet: {{names}}',
  notMarked_other: '{{count}} children are not marked yet: {{names}}',
  undoesRequired: 'Name the mark to undo',
  markNotFound: 'This mark is not on this run',
  undoTooLate: 'A mark can be undone only within 2 minutes',
  undoNotLatest: "Only the child's latest mark can be undone",
} as const;

/** The office's message to every family of a run, a school or the whole service. */
/** The pickup order of each run and where each stop is. */
export const ROUTE_MESSAGES = {
  /** A reorder that does not name exactly the run's stops: someone changed the run since it was read. */
  stopsChanged: 'The stops of this run have changed. Reload the run and order it again.',
  stopNotFound: 'Stop not found',
  locationInvalid: 'Choose a point on the map',
  /** A Google Maps short link the server could not follow to a position. */
  shortLinkUnresolved: 'This map link could not be opened. Paste the full Google Maps link, or the coordinates such as 26.2235,50.5876.',
} as const;

/** The runs the office plans for each bus. */
export const PLANNED_RUN_MESSAGES = {
  directionInvalid: 'Choose morning (home to school) or afternoon (school to home)',
  nameRequired: "Enter the run's name",
  schoolsInvalid: 'Choose schools from the list',
  weekdaysInvalid: 'Choose the weekdays the run operates, or none for the school week',
  runNotFound: 'Run not found',
  /** Deleting or turning the last run of a direction its children ride. */
  lastOfDirection: 'A bus always keeps at least one run of each direction its children ride',
  placedByHand: 'Children are placed on this run by hand. Place them on another run first.',
  inProgressToday: 'This run is in progress today. End it first.',
  /** Start refused while another run of the bus is under way; `{{name}}` is filled in (stillInProgressMessage). */
  stillInProgress: 'Run "{{name}}" is still in progress. End it first.',
  /** A direction named where the bus has several runs that way that day: the phone must reload and name the run. */
  directionAmbiguous: 'This bus has more than one run that way today. Reload to choose the run.',
  runOfAnotherBus: "Choose one of the bus's runs in that direction",
} as const;

export const FAMILY_MESSAGE_MESSAGES = {
  audienceInvalid: 'Choose who gets the message: a run, a school or every family',
  driverRequired: 'Choose the driver of the run',
  schoolRequired: 'Choose the school',
  textRequired: 'Write the message in English',
  noFamilies: 'No family rides with this choice: nothing was sent',
} as const;

/** The monthly attendance report. */
export const ATTENDANCE_MESSAGES = {
  monthInvalid: 'Enter a month as YYYY-MM',
  byInvalid: 'Choose per student or per school',
} as const;

/** Importing students from a spreadsheet: the file's refusals and each row's problems. */
export const STUDENT_IMPORT_MESSAGES = {
  fileRequired: 'Choose a CSV file or an Excel workbook (.xlsx)',
  fileTooLarge: 'The file is larger than 5 MB. Split it into smaller files.',
  fileTypeRefused: 'Upload a CSV file or an Excel workbook (.xlsx).',
  fileUnreadable: 'The file could not be read. Save it again as CSV (UTF-8) or .xlsx and retry.',
  /** A cell past the last column (XFD) or row (1,048,576) a spreadsheet can have, or a CSV line with more fields than that. */
  fileNotSpreadsheet: 'This file is not a spreadsheet the import can read.',
  /** The reading of the file ran past its time limit. */
  fileTooSlow: 'The file took too long to read. Split it into smaller files.',
  tooManyRows: 'The file has more than 10,000 rows. Split it into smaller files.',
  noRows: 'The file has no students under its header row',
  columnsMissing: 'The header row is not the template’s: download the template and keep its first row',
  rowsInvalid: 'Some rows have problems; nothing was imported. Correct them, or import only the valid rows.',
  unknownSchool: 'No school has this name',
  ambiguousSchool: 'Two or more schools have this name',
  unknownArea: 'No area has this name',
  ambiguousArea: 'Two or more areas have this name',
  unknownDriver: 'No driver has this name',
  ambiguousDriver: 'Two or more drivers have this name',
  unknownStudentId: 'No student has this Student ID',
  deletedStudent: 'This student is deleted; restore them before importing changes',
  duplicateStudent: 'Another row of the file is for the same student',
  serviceTypeInvalid: 'Service type must be Home → School, School → Home or Both Ways',
  /** `{{value}}` is the cell's text (withRefusedValue in student-import.ts). */
  gradeInvalid: 'Grade "{{value}}" is not one of the grades.',
  parentRequired: 'A new parent needs a name, an email and a phone',
  parentEmailTaken: 'This email belongs to an account that is not a parent',
} as const;

/** The WhatsApp Cloud API's webhook (its replies turn into absences). */
/** Paying fee rows online through the card gateway (Tap). */
export const ONLINE_PAYMENT_MESSAGES = {
  /** Online payments are off (no TAP_SECRET_KEY): their paths answer 404 with this. */
  off: 'Online payments are not available',
  paymentNotFound: 'Online payment not found',
  feeInOpenCheckout: 'This month is already in a payment under way. Finish or cancel that payment first.',
  gatewayUnavailable: 'The payment page could not be opened. Please try again in a few minutes.',
  signatureInvalid: 'This request is not signed by Tap',
  bodyInvalid: 'The request body is not a Tap charge',
  notRefundable: 'Only a payment made online can be refunded through Tap',
  refundFeesNotOfPayment: 'Choose months this payment paid',
  refundTooHigh: 'The refund is more than what is left to refund on the chosen months',
  refundRefused: 'Tap did not accept the refund. Nothing was recorded; please try again or check the payment in Tap.',
  creditNoteNotFound: 'Credit note not found',
  payLinkNotFound: 'This payment link is not valid. Please sign in to the parent portal to pay.',
  payLinkExpired: 'This payment link has expired. Please sign in to the parent portal to pay.',
  payLinkAllPaid: 'Already paid: every month of this link is paid.',
} as const;

/** What the tracking paths answer a tracker, a tracking app or a Traccar server (never shown on a screen). */
export const TRACKER_MESSAGES = {
  unknownTracker: 'No bus has this tracker identifier',
  positionInvalid: 'The position is not one the OsmAnd protocol or Traccar Client describes',
  forwardingOff: 'Position forwarding from Traccar is not set up on this server',
  forwardingUnauthorized: 'The forwarding secret is missing or wrong',
  forwardingInvalid: "The body is not a position as Traccar's JSON forwarding sends it",
} as const;

export const WEBHOOK_MESSAGES = {
  signatureInvalid: 'This request is not signed by WhatsApp',
  verifyTokenInvalid: 'The verify token does not match',
  bodyInvalid: 'The request body is not JSON',
} as const;

/** Safe handover: who may receive a young child at the afternoon stop. */
export const HANDOVER_MESSAGES = {
  adultNotFound: 'Authorised adult not found',
  tooManyAdults: 'A family can list at most 8 authorised adults',
  relationInvalid: 'Choose how this adult is related to the children',
  /** A drop refused for want of an adult: `{{firstName}}` is filled in (handToAdultMessage). */
  handToAdult: "{{firstName}} must be handed to an adult on the family's list. Choose who received him, or return him to school.",
  adultOfAnotherFamily: "This adult is not on the child's family list. Choose someone on the list, or return the child to school.",
  codeWrong: 'This code is not right. Check it with the adult, or return the child to school.',
  codeUsed: 'This code has already been used. Return the child to school, or choose someone on the list.',
  codeOtherDate: 'This code is not for today. Return the child to school, or choose someone on the list.',
  codeVoided: 'This code was tried wrong too many times and no longer works. Return the child to school, or choose someone on the list.',
  codeNotFound: 'Handover code not found',
  codeDateInvalid: 'A code can be issued for today or a later school day',
  onlyOfficeLifts: "The school's rule requires a handover for this child: only the office can lift it",
  receivedByInvalid: 'Say who received the child: an adult on the list or a code',
  rulesGradeInvalid: 'Choose a grade from the list, or no rule',
} as const;

export const DATA_RIGHTS_MESSAGES = {
  erasureRequestNotFound: 'Erasure request not found',
  erasureAlreadyRequested: 'Your family already has an erasure request open. The office answers it by its due date.',
  erasureNotOpen: 'This erasure request has already been answered',
  refusalReasonRequired: 'Write why the request is refused: the family is told',
} as const;

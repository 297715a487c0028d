import type { z } from 'zod';
import type { Db, Student } from '@school-transport/db';
import {
  CLASSES,
  GRADES,
  MESSAGES,
  STUDENT_IMPORT_MESSAGES,
  STUDENT_MESSAGES,
  addressFields,
  composeAddress,
  emailAddress,
  formatMoney,
  messageCode,
  moneyInput,
  optionalPhoneNumber,
  phoneNumber,
  requiredText,
  studentNameFields,
  type ServiceType,
  withRefusedValue,
  type StudentImportProblem,
} from '@school-transport/contracts';
import { AppError } from '../../../../errors.js';
import type { CsvColumn } from '../export-csv-texts.js';
import { roundaboutProblem } from '../../../registration/choices.js';
import { isUnassigned, loose, mapColumns, serviceTypeOf, unguard, type ColumnMap } from './columns.js';
import { loadLookups, schoolIdKey, type ByName, type Lookups, type NamedRecord } from './lookups.js';
import { checkSeats } from './seat-check.js';
import { isTemplateExample } from './template-example.js';
import type { Sheet, SheetRow } from './sheet.js';
import { STUDENT_VALUE_KEYS, type ImportPlan, type NewParent, type ParentChoice, type PlannedRow, type StudentValues } from './planned-row.js';

type Parsed<T> = { value: T } | { message: string };

function withSchema<T>(schema: z.ZodType<T>): (text: string) => Parsed<T> {
  return (text) => {
    const result = schema.safeParse(text);
    return result.success ? { value: result.data } : { message: result.error.issues[0]?.message ?? MESSAGES.tooLong };
  };
}

const nullable =
  <T>(parse: (text: string) => Parsed<T | undefined>) =>
  (text: string): Parsed<T | null> => {
    const parsed = parse(text);
    return 'message' in parsed ? parsed : { value: parsed.value ?? null };
  };

const PARSERS = {
  firstName: withSchema(studentNameFields.firstName),
  fathersName: withSchema(studentNameFields.fathersName),
  lastName: withSchema(studentNameFields.lastName),
  studentSchoolId: withSchema(requiredText(MESSAGES.studentSchoolIdRequired, 40)),
  contactNumber2: nullable(withSchema(optionalPhoneNumber)),
  block: withSchema(addressFields.block),
  road: withSchema(addressFields.road),
  houseBuilding: withSchema(addressFields.houseBuilding),
  flatHome: nullable(withSchema(addressFields.flatHome)),
  address2: nullable(withSchema(addressFields.address2)),
  price: withSchema(moneyInput),
  phone: withSchema(phoneNumber),
  email: withSchema(emailAddress()),
  parentName: withSchema(requiredText(MESSAGES.parentNameRequired, 120)),
};

/** Grades and classes as the lists spell them, whatever case the sheet has. */
function parseGrade(text: string): Parsed<string> {
  if (text === '') return { message: MESSAGES.gradeRequired };
  const grade = GRADES.find((candidate) => candidate.toLowerCase() === text.toLowerCase());
  return grade ? { value: grade } : { message: STUDENT_IMPORT_MESSAGES.gradeInvalid };
}

function parseClass(text: string): Parsed<string | null> {
  if (text === '') return { value: null };
  const found = CLASSES.find((candidate) => candidate === text.toUpperCase());
  return found ? { value: found } : { message: MESSAGES.classInvalid };
}

function parseRoundabout(text: string): Parsed<number | null> {
  if (text === '') return { value: null };
  const number = Number(text);
  return Number.isInteger(number) && number >= 1 && number <= 99 ? { value: number } : { message: MESSAGES.roundaboutInvalid };
}

function parseServiceType(text: string): Parsed<ServiceType> {
  if (text === '') return { message: MESSAGES.serviceTypeRequired };
  const type = serviceTypeOf(text);
  return type ? { value: type } : { message: STUDENT_IMPORT_MESSAGES.serviceTypeInvalid };
}

const NAME_MESSAGES = {
  school: { required: MESSAGES.schoolRequired, unknown: STUDENT_IMPORT_MESSAGES.unknownSchool, ambiguous: STUDENT_IMPORT_MESSAGES.ambiguousSchool },
  area: { required: MESSAGES.areaRequired, unknown: STUDENT_IMPORT_MESSAGES.unknownArea, ambiguous: STUDENT_IMPORT_MESSAGES.ambiguousArea },
  driver: { required: '', unknown: STUDENT_IMPORT_MESSAGES.unknownDriver, ambiguous: STUDENT_IMPORT_MESSAGES.ambiguousDriver },
};

/** A school, area or driver by name: exactly one active record must have it. */
function byName<T extends NamedRecord>(records: ByName<T>, messages: { required: string; unknown: string; ambiguous: string }) {
  return (text: string): Parsed<T> => {
    if (text === '') return { message: messages.required };
    const found = records.find(text);
    if (found.length === 1) return { value: found[0]! };
    return { message: found.length === 0 ? messages.unknown : messages.ambiguous };
  };
}

/** One row read against the lookups: what it would do, or its problems. */
class RowReader {
  readonly problems: StudentImportProblem[] = [];
  constructor(
    private readonly map: ColumnMap,
    private readonly row: SheetRow,
    /** The student the row updates: a cell that reads as the student's current value is taken as it is, unchecked. */
    private readonly student: Student | undefined,
  ) {}

  /** The cell's text without the export's formula guard; undefined when the file has no such column. */
  cell(column: CsvColumn): string | undefined {
    const index = this.map.index[column];
    if (index === undefined) return undefined;
    return unguard((this.row.cells.get(index) ?? '').trim()).trim();
  }

  /** A problem on a cell, quoting the text the cell holds (the contract's code names the message without it). */
  problem(column: CsvColumn, message: string, code = messageCode(message)): void {
    const value = this.cell(column) || undefined;
    this.problems.push({
      row: this.row.row,
      column: this.map.header[column] ?? column,
      message: withRefusedValue(message, value),
      ...(code ? { code } : {}),
      ...(value === undefined ? {} : { value }),
    });
  }

  /**
   * A field's value: the student's current one where the cell is missing or reads the same (an
   * unchanged cell is never an error), else the cell parsed, or undefined with a problem recorded.
   */
  field<T>(column: CsvColumn, current: T | undefined, same: (text: string) => boolean, parse: (text: string) => Parsed<T>): T | undefined {
    const text = this.cell(column);
    if (this.student && (text === undefined || same(text))) return current;
    const parsed = parse(text ?? '');
    if ('message' in parsed) {
      this.problem(column, parsed.message);
      return undefined;
    }
    return parsed.value;
  }

  /** A text field whose current value is compared as written. */
  text<T extends string | null>(column: CsvColumn, current: T | undefined, parse: (text: string) => Parsed<T>): T | undefined {
    return this.field(column, current, (text) => text === (current ?? ''), parse);
  }
}

/** Reads every row of the sheet against the database: nothing is written. */
export async function planImport(db: Db, file: Sheet): Promise<ImportPlan> {
  const map = mapColumns(file.header);
  // The template's example row, left as downloaded, is no student: skipped, neither imported nor a problem.
  const sheet = { ...file, rows: file.rows.filter((row) => !isTemplateExample(map, row)) };
  if (sheet.rows.length === 0) throw new AppError('BAD_REQUEST', STUDENT_IMPORT_MESSAGES.noRows);
  const cellsOf = (column: CsvColumn) => {
    const index = map.index[column];
    return index === undefined ? [] : sheet.rows.map((row) => unguard((row.cells.get(index) ?? '').trim()).trim());
  };
  const lookups = await loadLookups(db, {
    automatedIds: cellsOf('automatedId').map((id) => id.toLocaleUpperCase('en')),
    studentSchoolIds: cellsOf('studentSchoolId'),
    emails: cellsOf('parentEmail').map((email) => email.toLowerCase()),
    phones: cellsOf('parentPhone'),
  });
  const newParents = new Map<string, NewParent>();
  const seenStudents = new Set<string>();
  const seenNewStudents = new Set<string>();
  const rows = sheet.rows.map((row) => planRow(map, row, lookups, newParents, seenStudents, seenNewStudents));
  const driverIndex = map.index.driver;
  const driverCells = new Map(driverIndex === undefined ? [] : sheet.rows.map((row) => [row.row, (row.cells.get(driverIndex) ?? '').trim()]));
  await checkSeats(db, rows, map.header.driver ?? 'driver', (row) => driverCells.get(row) || undefined);
  return { rows, newParents, activeTermsId: lookups.activeTermsId };
}

/** The student a row is about: by Student ID, else by school and student school ID; undefined for a new one. */
function matchStudent(reader: RowReader, lookups: Lookups): { student?: Student; failed: boolean } {
  const automatedId = reader.cell('automatedId');
  if (automatedId) {
    const student = lookups.studentsByAutomatedId.get(automatedId.toLocaleUpperCase('en'));
    if (!student) reader.problem('automatedId', STUDENT_IMPORT_MESSAGES.unknownStudentId);
    else if (student.deletedAt) reader.problem('automatedId', STUDENT_IMPORT_MESSAGES.deletedStudent);
    else return { student, failed: false };
    return { failed: true };
  }
  const schoolName = reader.cell('school') ?? '';
  const schools = lookups.schools.find(schoolName);
  const studentSchoolId = reader.cell('studentSchoolId') ?? '';
  if (schools.length === 1 && studentSchoolId !== '') {
    const student = lookups.studentsBySchoolId.get(schoolIdKey(schools[0]!.id, studentSchoolId));
    if (student) return { student, failed: false };
  }
  return { failed: false };
}

function planRow(
  map: ColumnMap,
  row: SheetRow,
  lookups: Lookups,
  newParents: Map<string, NewParent>,
  seenStudents: Set<string>,
  seenNewStudents: Set<string>,
): PlannedRow {
  const matcher = new RowReader(map, row, undefined);
  const { student, failed } = matchStudent(matcher, lookups);
  // A Student ID that names no live student: the row is not read further (it is not a new student either).
  if (failed) return { row: row.row, action: 'update', problems: matcher.problems, values: {} as StudentValues };
  const reader = new RowReader(map, row, student);
  const nameOf = (records: ByName<NamedRecord>, id: string | null | undefined) => (id ? (records.byId.get(id)?.name ?? '') : '');

  const school = reader.field(
    'school',
    student && lookups.schools.byId.get(student.schoolId),
    (text) => loose(text) === loose(nameOf(lookups.schools, student?.schoolId)),
    byName(lookups.schools, NAME_MESSAGES.school),
  );
  const area = reader.field(
    'area',
    student && lookups.areas.byId.get(student.areaId),
    (text) => loose(text) === loose(nameOf(lookups.areas, student?.areaId)),
    byName(lookups.areas, NAME_MESSAGES.area),
  );
  const driver = reader.field(
    'driver',
    student && (student.driverId ? lookups.drivers.byId.get(student.driverId) : null),
    (text) => (student?.driverId ? loose(text) === loose(nameOf(lookups.drivers, student.driverId)) : isUnassigned(text)),
    (text) => (isUnassigned(text) ? { value: null } : byName(lookups.drivers, NAME_MESSAGES.driver)(text)),
  );
  const roundabout = reader.field('roundabout', student?.roundabout, (text) => text === String(student?.roundabout ?? ''), parseRoundabout);
  // The area's roundabouts are checked when the row changes the area or the roundabout.
  if (area && roundabout !== undefined && (!student || area.id !== student.areaId || roundabout !== student.roundabout)) {
    const problem = roundaboutProblem(area.roundaboutCount, roundabout);
    if (problem) reader.problem('roundabout', problem);
  }
  const priceText = reader.cell('price') ?? '';
  const price = student
    ? reader.field(
        'price',
        student.priceBhd,
        (text) => text === '' || (PARSERS.price(text) as { value?: string }).value === formatMoney(student.priceBhd),
        PARSERS.price,
      )
    : priceText === ''
      ? area?.price
      : reader.field('price', undefined, () => false, PARSERS.price);

  const values: Partial<StudentValues> = {
    schoolId: school?.id,
    firstName: reader.text('firstName', student?.firstName, PARSERS.firstName),
    fathersName: reader.text('fathersName', student?.fathersName, PARSERS.fathersName),
    lastName: reader.text('lastName', student?.lastName, PARSERS.lastName),
    grade: reader.field('grade', student?.grade, (text) => text === student?.grade, parseGrade),
    class: reader.text('class', student?.class ?? null, parseClass),
    studentSchoolId: reader.text('studentSchoolId', student?.studentSchoolId, PARSERS.studentSchoolId),
    contactNumber2: reader.text('contactNumber2', student?.contactNumber2 ?? null, PARSERS.contactNumber2),
    serviceType: reader.field('serviceType', student?.serviceType, (text) => serviceTypeOf(text) === student?.serviceType, parseServiceType),
    priceBhd: price === undefined ? undefined : formatMoney(price),
    areaId: area?.id,
    roundabout,
    block: reader.text('block', student?.block, PARSERS.block),
    road: reader.text('road', student?.road, PARSERS.road),
    houseBuilding: reader.text('houseBuilding', student?.houseBuilding, PARSERS.houseBuilding),
    flatHome: reader.text('flatHome', student?.flatHome ?? null, PARSERS.flatHome),
    address2: reader.text('address2', student?.address2 ?? null, PARSERS.address2),
    driverId: driver === undefined ? undefined : (driver?.id ?? null),
  };

  let parent: ParentChoice | undefined;
  if (student) {
    // Left empty, the primary contact and the address keep what the student has, as the price does:
    // a new student's were filled in from the parent's phone and the block, road and house, so the
    // same file imported twice changes nothing the second time.
    values.contactNumber1 = reader.field('contactNumber1', student.contactNumber1, (text) => text === '' || text === student.contactNumber1, PARSERS.phone);
    values.address = reader.field(
      'address',
      student.address,
      (text) => text === '' || text === student.address,
      withSchema(requiredText(MESSAGES.addressRequired, 300)),
    );
  } else {
    parent = chooseParent(reader, lookups, newParents);
    const contact = reader.cell('contactNumber1') ?? '';
    values.contactNumber1 = contact === '' ? parentPhoneOf(lookups, parent, newParents) : reader.field('contactNumber1', undefined, () => false, PARSERS.phone);
    if (values.contactNumber1 === undefined && contact === '' && reader.problems.length === 0)
      reader.problem('contactNumber1', MESSAGES.primaryContactRequired);
    const address = reader.cell('address') ?? '';
    if (address.length > 300) reader.problem('address', MESSAGES.tooLong);
    if (values.block !== undefined && values.road !== undefined && values.houseBuilding !== undefined) {
      values.address = composeAddress({ block: values.block, road: values.road, houseBuilding: values.houseBuilding, address });
    }
  }

  // The same student twice in one file: the second row is refused, whichever it is.
  if (student && reader.problems.length === 0) {
    if (seenStudents.has(student.id))
      reader.problem(map.index.automatedId !== undefined ? 'automatedId' : 'studentSchoolId', STUDENT_IMPORT_MESSAGES.duplicateStudent);
    seenStudents.add(student.id);
  } else if (!student && values.schoolId && values.studentSchoolId) {
    const key = schoolIdKey(values.schoolId, values.studentSchoolId);
    if (seenNewStudents.has(key)) reader.problem('studentSchoolId', STUDENT_IMPORT_MESSAGES.duplicateStudent);
    seenNewStudents.add(key);
  }

  const complete = values as StudentValues;
  const changed = student ? STUDENT_VALUE_KEYS.some((key) => complete[key] !== (key === 'priceBhd' ? formatMoney(student.priceBhd) : student[key])) : true;
  return {
    row: row.row,
    action: !student ? 'create' : changed ? 'update' : 'unchanged',
    problems: reader.problems,
    ...(student ? { student } : {}),
    values: complete,
    ...(parent ? { parent } : {}),
  };
}

/**
 * A new student's parent: the account with the row's email, else the parent with its phone, else
 * a new account (the same one for every row with that email: brothers and sisters).
 */
function chooseParent(reader: RowReader, lookups: Lookups, newParents: Map<string, NewParent>): ParentChoice | undefined {
  const email = (reader.cell('parentEmail') ?? '').toLowerCase();
  const phone = reader.cell('parentPhone') ?? '';
  if (email) {
    const account = lookups.accountsByEmail.get(email);
    if (account) {
      if (account.role === 'parent' && account.parentId) return { kind: 'existing', parentId: account.parentId };
      reader.problem('parentEmail', STUDENT_IMPORT_MESSAGES.parentEmailTaken);
      return undefined;
    }
  }
  if (phone) {
    const parents = lookups.parentsByPhone.get(phone) ?? [];
    if (parents.length === 1 && parents[0]!.parentId) return { kind: 'existing', parentId: parents[0]!.parentId };
    if (parents.length > 1) {
      reader.problem('parentPhone', STUDENT_MESSAGES.parentAmbiguous);
      return undefined;
    }
  }
  if (email && newParents.has(email)) return { kind: 'new', email };
  const name = reader.cell('parentName') ?? '';
  const checks: [CsvColumn, string, (text: string) => Parsed<string>][] = [
    ['parentName', name, PARSERS.parentName],
    ['parentEmail', email, PARSERS.email],
    ['parentPhone', phone, PARSERS.phone],
  ];
  let valid = true;
  for (const [column, text, parse] of checks) {
    const parsed = text === '' ? { message: STUDENT_IMPORT_MESSAGES.parentRequired } : parse(text);
    if ('message' in parsed) {
      reader.problem(column, parsed.message);
      valid = false;
    }
  }
  if (!valid) return undefined;
  if (reader.problems.length === 0) newParents.set(email, { name, email, phone });
  return { kind: 'new', email };
}

/** The primary contact of a new student left empty: the parent's phone, as Add Student does. */
function parentPhoneOf(lookups: Lookups, parent: ParentChoice | undefined, newParents: Map<string, NewParent>): string | undefined {
  if (!parent) return undefined;
  return parent.kind === 'new' ? newParents.get(parent.email)?.phone : lookups.phoneOfParent.get(parent.parentId);
}

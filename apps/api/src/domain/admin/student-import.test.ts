import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import { workbook, xmlText } from '../../test/workbook.js';
import { MESSAGES, STUDENT_IMPORT_MESSAGES, withRefusedValue, type StudentImportPreview, type StudentImportResult } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createParent, createStaff } from '../../test/factories.js';
import { CSV_TEXTS, type CsvColumn } from './students/export-csv-texts.js';

/**
 * The office brings students in from a spreadsheet: a preview of what would change with every
 * problem by row and column, then one transaction (all rows, or only the valid ones). An export
 * read back in changes nothing.
 */
let t: TestServer;
let office: HttpClient;
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
const phone = () => `3${String(Date.now() + counter++ * 7919).slice(-7)}`;

let school: { id: string; name: string };
let arabicSchool: { id: string; name: string };
let area: { id: string; name: string };
let roundaboutArea: { id: string; name: string };

beforeAll(async () => {
  t = await startTestServer();
  const admin = await createAdmin(t.db);
  office = await signIn(admin.email, admin.password);
  school = await t.db
    .insertInto('schools')
    .values({ schoolCode: unique('IMP'), name: unique('Import School') })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  arabicSchool = await t.db
    .insertInto('schools')
    .values({ schoolCode: unique('AR'), name: `مدرسة الرفاع ${unique('')}` })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  area = await t.db
    .insertInto('areas')
    .values({ name: unique('Import Area'), price: '30.00', roundaboutCount: 0 })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  roundaboutArea = await t.db
    .insertInto('areas')
    .values({ name: unique('Roundabout Area'), price: '35.00', roundaboutCount: 3 })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
});
afterAll(() => t.close());

async function signIn(email: string, password: string) {
  const client = t.client();
  expect((await client.post('/api/auth/login', { email, password })).status).toBe(200);
  return client;
}

type Row = Partial<Record<CsvColumn, string>>;

/** A row for a new student with a new parent: every required column filled. */
function newRow(overrides: Row = {}): Row {
  const id = unique('S');
  return {
    firstName: 'Ahmed',
    fathersName: 'Ali',
    lastName: 'Hassan',
    grade: '3',
    class: 'A',
    studentSchoolId: id,
    school: school.name,
    area: area.name,
    serviceType: 'Both Ways',
    driver: 'Unassigned',
    parentName: 'Fatima Hassan',
    parentEmail: `${id.toLowerCase()}@example.com`,
    parentPhone: phone(),
    block: '101',
    road: '202',
    houseBuilding: '303',
    ...overrides,
  };
}

const COLUMNS = Object.keys(CSV_TEXTS.en.headers) as CsvColumn[];

function csv(rows: Row[], options: { language?: 'en' | 'ar'; separator?: ',' | ';'; bom?: boolean } = {}): Uint8Array {
  const headers = CSV_TEXTS[options.language ?? 'en'].headers;
  const text = stringify([COLUMNS.map((column) => headers[column]), ...rows.map((row) => COLUMNS.map((column) => row[column] ?? ''))], {
    delimiter: options.separator ?? ',',
  });
  return strToU8((options.bom === false ? '' : '\uFEFF') + text);
}

const columnName = (index: number) => (index < 26 ? String.fromCharCode(65 + index) : `A${String.fromCharCode(65 + index - 26)}`);
const HEADER = COLUMNS.map((column) => CSV_TEXTS.en.headers[column]);
/** The header row of a workbook: shared strings 0, 1, 2... (the `workbook` helper's strings are the headers). */
const headerRow = `<row r="1">${HEADER.map((_text, index) => `<c r="${columnName(index)}1" t="s"><v>${index}</v></c>`).join('')}</row>`;

/** The same rows as an .xlsx workbook built here: shared strings for the header, inline strings and numbers for the rest. */
function xlsx(rows: Row[], options: { escape?: boolean } = {}): Uint8Array {
  const text = options.escape === false ? (value: string) => value : xmlText;
  const cell = (ref: string, value: string) =>
    value === ''
      ? ''
      : /^\d+$/.test(value) && !value.startsWith('0')
        ? `<c r="${ref}"><v>${value}</v></c>`
        : `<c r="${ref}" t="inlineStr"><is><t>${text(value)}</t></is></c>`;
  const sheetRows = rows.map(
    (row, rowIndex) =>
      `<row r="${rowIndex + 2}">${COLUMNS.map((column, index) => cell(`${columnName(index)}${rowIndex + 2}`, row[column] ?? '')).join('')}</row>`,
  );
  return workbook(headerRow + sheetRows.join(''), HEADER);
}

async function upload<T>(
  client: HttpClient,
  file: Uint8Array,
  options: { dryRun?: boolean; validOnly?: boolean; sendWelcome?: boolean } = {},
  name = 'students.csv',
) {
  const form = new FormData();
  if (options.validOnly) form.append('validOnly', 'true');
  if (options.sendWelcome) form.append('sendWelcome', 'true');
  form.append('file', new Blob([file]), name);
  const response = await fetch(`${client.baseUrl}/api/admin/students/import${options.dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    body: form,
    headers: client.cookie ? { cookie: client.cookie } : {},
  });
  return { status: response.status, body: (await response.json()) as T };
}

const preview = (file: Uint8Array, client = office) => upload<StudentImportPreview>(client, file, { dryRun: true });
const run = (file: Uint8Array, options: { validOnly?: boolean; sendWelcome?: boolean } = {}) =>
  upload<StudentImportResult & { message?: string; errors?: StudentImportPreview['errors'] }>(office, file, options);

async function studentCount() {
  return Number(
    (
      await t.db
        .selectFrom('students')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}

async function studentBySchoolId(studentSchoolId: string) {
  return t.db
    .selectFrom('students')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .innerJoin('users', 'users.id', 'parents.userId')
    .selectAll('students')
    .select(['users.email as parentEmail', 'users.passwordHash'])
    .where('studentSchoolId', '=', studentSchoolId)
    .executeTakeFirst();
}

describe('the export read back in', () => {
  it('reports every row unchanged and writes nothing, in English and in Arabic, formula guards and all', async () => {
    const rows = [
      newRow({ address: '=1+2 Seef', road: '-5' }),
      newRow({ firstName: 'محمد', lastName: 'الخليفة', school: arabicSchool.name, roundabout: '2', area: roundaboutArea.name }),
      newRow({ class: '' }),
    ];
    const first = await run(csv(rows));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ created: 3, updated: 0, unchanged: 0, skipped: 0 });

    const admin = await createAdmin(t.db);
    await t.db.updateTable('users').set({ language: 'ar' }).where('id', '=', admin.id).execute();
    const arabicOffice = await signIn(admin.email, admin.password);
    for (const client of [office, arabicOffice]) {
      const exported = await client.get<string>('/api/admin/students.csv');
      expect(exported.status).toBe(200);
      const file = strToU8(exported.body);
      const before = await t.db.selectFrom('students').select(['id', 'updatedAt']).orderBy('id').execute();
      const audits = await t.db
        .selectFrom('auditLogs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();

      const dryRun = await preview(file, client);
      expect(dryRun.status).toBe(200);
      expect(dryRun.body).toEqual({ rows: before.length, create: 0, update: 0, unchanged: before.length, errors: [] });
      const imported = await upload<StudentImportResult>(client, file);
      expect(imported.body).toEqual({ created: 0, updated: 0, unchanged: before.length, skipped: 0 });
      expect(await t.db.selectFrom('students').select(['id', 'updatedAt']).orderBy('id').execute()).toEqual(before);
      expect(
        await t.db
          .selectFrom('auditLogs')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ).toEqual(audits);
    }
    // The export guarded the formula-like cells with a quote; the import took it off again.
    const stored = await studentBySchoolId(rows[0]!.studentSchoolId!);
    expect(stored).toMatchObject({ address: '=1+2 Seef', road: '-5' });
  });
});

describe('one bad row among 100', () => {
  const file = () => {
    const rows = Array.from({ length: 100 }, () => newRow());
    rows[49] = { ...rows[49], contactNumber1: '1234567' };
    return { bytes: csv(rows, { separator: ';', bom: false }), rows };
  };

  it('is shown by its row and column, refuses the whole file without validOnly, and is skipped with it', async () => {
    const { bytes, rows } = file();
    const dryRun = await preview(bytes);
    expect(dryRun.body).toEqual({
      rows: 100,
      create: 99,
      update: 0,
      unchanged: 0,
      errors: [
        {
          row: 51,
          column: 'Primary Contact',
          message: `${MESSAGES.phoneDigits.replace(/\.$/, '')}: "1234567"`,
          code: 'validation.phoneDigits',
          value: '1234567',
        },
      ],
    });

    const before = await studentCount();
    const refused = await run(bytes);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(STUDENT_IMPORT_MESSAGES.rowsInvalid);
    expect(refused.body.errors).toEqual(dryRun.body.errors);
    expect(await studentCount()).toBe(before);

    const imported = await run(bytes, { validOnly: true });
    expect(imported.body).toEqual({ created: 99, updated: 0, unchanged: 0, skipped: 1 });
    expect(await studentCount()).toBe(before + 99);
    expect(await studentBySchoolId(rows[49]!.studentSchoolId!)).toBeUndefined();
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['diff'])
      .where('entityType', '=', 'studentImport')
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.diff).toMatchObject({ rows: 100, created: 99, updated: 0, unchanged: 0, skipped: 1, validOnly: true });
  });
});

describe('matching', () => {
  it('updates a student by Student ID, else by school and student school ID, else adds one', async () => {
    const [byId, bySchoolId] = [newRow(), newRow()];
    expect((await run(csv([byId, bySchoolId]))).body).toMatchObject({ created: 2 });
    const stored = await studentBySchoolId(byId.studentSchoolId!);

    const changes = [
      { ...byId, automatedId: stored!.automatedId, studentSchoolId: unique('NEW-ID'), firstName: 'Renamed' },
      { ...bySchoolId, school: bySchoolId.school!.toUpperCase().replace(/ /g, '  '), lastName: 'Changed' },
      newRow(),
    ];
    expect((await preview(csv(changes))).body).toMatchObject({ create: 1, update: 2, unchanged: 0, errors: [] });
    expect((await run(csv(changes))).body).toEqual({ created: 1, updated: 2, unchanged: 0, skipped: 0 });
    expect(await t.db.selectFrom('students').select(['firstName', 'studentSchoolId']).where('id', '=', stored!.id).executeTakeFirst()).toEqual({
      firstName: 'Renamed',
      studentSchoolId: changes[0]!.studentSchoolId,
    });
    expect((await studentBySchoolId(bySchoolId.studentSchoolId!))!.lastName).toBe('Changed');

    const unknown = await preview(csv([{ ...newRow(), automatedId: 'STU-1999-99999' }]));
    expect(unknown.body.errors).toEqual([
      {
        row: 2,
        column: 'Student ID',
        message: 'No student has this Student ID: "STU-1999-99999"',
        code: 'studentImport.unknownStudentId',
        value: 'STU-1999-99999',
      },
    ]);
  });

  it('finds parents by email, then by phone, and makes the others without a usable password', async () => {
    const byEmail = await createParent(t.db);
    const byPhone = await createParent(t.db);
    const byPhoneNumber = phone();
    await t.db.updateTable('users').set({ phone: byPhoneNumber }).where('id', '=', byPhone.id).execute();
    const rows = [
      newRow({ parentEmail: byEmail.email.toUpperCase(), parentPhone: '' }),
      newRow({ parentEmail: 'not-known@example.com', parentPhone: byPhoneNumber }),
      newRow(),
      newRow(),
    ];
    // Brothers: the same new parent for two rows.
    rows[3] = { ...rows[3], parentEmail: rows[2]!.parentEmail, parentPhone: rows[2]!.parentPhone };
    expect((await run(csv(rows), { sendWelcome: true })).body).toEqual({ created: 4, updated: 0, unchanged: 0, skipped: 0 });

    const students = await Promise.all(rows.map((row) => studentBySchoolId(row.studentSchoolId!)));
    expect(students[0]!.parentId).toBe(byEmail.parentId);
    expect(students[1]!.parentId).toBe(byPhone.parentId);
    expect(students[2]!.parentId).toBe(students[3]!.parentId);
    expect(students[2]!.parentEmail).toBe(rows[2]!.parentEmail);
    // The new parent cannot sign in until the welcome code sets a password.
    expect((await t.client().post('/api/auth/login', { email: rows[2]!.parentEmail, password: students[2]!.passwordHash })).status).toBe(401);
    const welcome = await t.db
      .selectFrom('notifications')
      .select(['recipient', 'templateKey'])
      .where('templateKey', '=', 'welcome_code')
      .where('recipient', '=', rows[2]!.parentPhone!)
      .execute();
    expect(welcome).toHaveLength(1);
    // Found parents get no welcome text.
    expect(
      await t.db.selectFrom('notifications').select('id').where('templateKey', '=', 'welcome_code').where('recipient', '=', byPhoneNumber).execute(),
    ).toHaveLength(0);
  });
});

describe('names and cells', () => {
  it('matches schools, areas and drivers by English or Arabic name without case or spaces, and refuses an ambiguous one', async () => {
    const twin = unique('Twin Driver');
    for (let i = 0; i < 2; i++) {
      const user = await t.db
        .insertInto('users')
        .values({ phone: phone(), passwordHash: 'x', role: 'driver', name: twin })
        .returning(['id', 'phone'])
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('drivers')
        .values({ userId: user.id, name: twin, phone: user.phone!, licenseNo: unique('L'), areaIds: '[]' })
        .execute();
    }
    const rows = [
      newRow({
        firstName: 'عائشة',
        fathersName: 'أحمد',
        lastName: 'الحداد',
        school: ` ${arabicSchool.name.replace(/ /g, '   ')} `,
        area: area.name.toLowerCase(),
      }),
      newRow({ driver: twin.toUpperCase() }),
      newRow({ school: 'No Such School', grade: '13', class: 'Z', area: roundaboutArea.name, roundabout: '7' }),
      newRow({ serviceType: 'من المنزل إلى المدرسة', roundabout: '1' }),
    ];
    const dryRun = await preview(csv(rows));
    // Each problem quotes the cell it refused, and keeps the code of its message.
    expect(dryRun.body.errors.map(({ row, column, message, code, value }) => ({ row, column, message, code, value }))).toEqual([
      {
        row: 3,
        column: 'Driver',
        message: `Two or more drivers have this name: "${twin.toUpperCase()}"`,
        code: 'studentImport.ambiguousDriver',
        value: twin.toUpperCase(),
      },
      { row: 4, column: 'School', message: 'No school has this name: "No Such School"', code: 'studentImport.unknownSchool', value: 'No Such School' },
      { row: 4, column: 'Roundabout', message: 'Choose a roundabout from the list: "7"', code: expect.any(String), value: '7' },
      { row: 4, column: 'Grade', message: 'Grade "13" is not one of the grades.', code: 'studentImport.gradeInvalid', value: '13' },
      { row: 4, column: 'Class', message: withRefusedValue(MESSAGES.classInvalid, 'Z'), code: expect.any(String), value: 'Z' },
      { row: 5, column: 'Roundabout', message: 'This area has no roundabout choice: "1"', code: expect.any(String), value: '1' },
    ]);
    expect((await run(csv(rows), { validOnly: true })).body).toMatchObject({ created: 1, skipped: 3 });
    expect(await studentBySchoolId(rows[0]!.studentSchoolId!)).toMatchObject({
      firstName: 'عائشة',
      lastName: 'الحداد',
      schoolId: arabicSchool.id,
      areaId: area.id,
    });
  });

  it('stores a cell that starts with = + - or @ as text', async () => {
    const row = newRow({ address: '=HYPERLINK("http://evil.example","x")', flatHome: '@SUM(A1)', address2: "'+973" });
    expect((await run(csv([row]))).body).toMatchObject({ created: 1 });
    expect(await studentBySchoolId(row.studentSchoolId!)).toMatchObject({
      address: '=HYPERLINK("http://evil.example","x")',
      flatHome: '@SUM(A1)',
      address2: '+973',
    });
  });

  it('reads an .xlsx workbook to the same preview as the CSV file', async () => {
    const rows = [newRow(), newRow({ contactNumber1: '12' }), newRow({ firstName: 'زينب', school: arabicSchool.name }), newRow({ area: 'Nowhere' })];
    const fromCsv = await preview(csv(rows));
    const fromXlsx = await preview(xlsx(rows));
    expect(fromXlsx.status).toBe(200);
    expect(fromXlsx.body).toEqual(fromCsv.body);
    expect(fromXlsx.body).toMatchObject({ rows: 4, create: 2 });
  });
});

describe('the seat rule', () => {
  it('refuses a row that puts a student on a full bus, never an unchanged row', async () => {
    const name = unique('Seat Driver');
    const user = await t.db
      .insertInto('users')
      .values({ phone: phone(), passwordHash: 'x', role: 'driver', name })
      .returning(['id', 'phone'])
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('drivers')
      .values({ userId: user.id, name, phone: user.phone!, licenseNo: unique('L'), areaIds: '[]', vehicleSeats: 1 })
      .execute();
    const rider = newRow({ driver: name });
    expect((await run(csv([rider]))).body).toMatchObject({ created: 1 });

    const rows = [rider, newRow({ driver: name }), newRow({ driver: name, serviceType: 'School → Home' })];
    const dryRun = await preview(csv(rows));
    expect(dryRun.body).toMatchObject({ unchanged: 1, create: 0 });
    expect(dryRun.body.errors).toEqual([
      {
        row: 3,
        column: 'Driver',
        message: `This bus is full for the morning run (2 of 1 seats): "${name}"`,
        code: 'students.busFullMorning',
        values: { riders: 2, seats: 1 },
        value: name,
      },
      {
        row: 4,
        column: 'Driver',
        message: `This bus is full for the afternoon run (2 of 1 seats): "${name}"`,
        code: 'students.busFullAfternoon',
        values: { riders: 2, seats: 1 },
        value: name,
      },
    ]);
  });
});

describe('files the import refuses', () => {
  it('answers 413 for a file over 5 MB or a workbook that inflates past its cap, 415 for what is not a spreadsheet', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10).fill(65);
    expect((await preview(big)).status).toBe(413);
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(80 * 1024 * 1024) }, { level: 6 });
    expect(bomb.byteLength).toBeLessThan(5 * 1024 * 1024);
    const bombed = await preview(bomb);
    expect(bombed.status).toBe(413);
    expect(bombed.body).toMatchObject({ message: STUDENT_IMPORT_MESSAGES.fileTooLarge });

    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const refused = await upload(office, png, { dryRun: true }, 'students.csv');
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ message: STUDENT_IMPORT_MESSAGES.fileTypeRefused });
    // A character reference the database cannot store: refused, never a server error.
    const nul = await preview(xlsx([newRow({ firstName: 'A&#0;B' })], { escape: false }));
    expect(nul.status).toBe(400);
    const wrongHeader = await preview(strToU8('name,age\nAli,9\n'));
    expect(wrongHeader.body).toMatchObject({ message: STUDENT_IMPORT_MESSAGES.columnsMissing });
  });
});

describe('who may import', () => {
  it('lets staff import; a parent gets 403 and nobody signed in 401', async () => {
    const staff = await createStaff(t.db);
    const staffClient = await signIn(staff.email, staff.password);
    const row = newRow();
    expect((await upload(staffClient, csv([row]))).body).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: 0 });
    const template = await staffClient.get<string>('/api/admin/students/import-template.csv');
    expect(template.status).toBe(200);
    expect(template.body).toContain('Student ID,First Name');

    const parent = await createParent(t.db);
    const parentClient = await signIn(parent.email, parent.password);
    const before = await studentCount();
    expect((await upload(parentClient, csv([newRow()]))).status).toBe(403);
    expect((await upload(t.client(), csv([newRow()]))).status).toBe(401);
    expect(await studentCount()).toBe(before);
  });
});

describe('the template', () => {
  it('has one example row in the admin’s language, which an upload skips while it is unchanged', async () => {
    const template = await office.get<string>('/api/admin/students/import-template.csv');
    const [header, example, ...rest] = template.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(header).toContain('Student ID,First Name');
    expect(example).toContain('Ahmed,Ali,Example,3,A,EXAMPLE-001,Example School,Example Area');
    expect(rest).toEqual([]);

    const admin = await createAdmin(t.db);
    await t.db.updateTable('users').set({ language: 'ar' }).where('id', '=', admin.id).execute();
    const arabic = await (await signIn(admin.email, admin.password)).get<string>('/api/admin/students/import-template.csv');
    expect(arabic.body).toContain('مدرسة المثال');

    // The template as downloaded: no students in it, nothing written.
    const before = await studentCount();
    for (const file of [template.body, arabic.body]) {
      const unchanged = await run(strToU8(file));
      expect(unchanged.status).toBe(400);
      expect(unchanged.body.message).toBe(STUDENT_IMPORT_MESSAGES.noRows);
    }
    // The example left in above a real student: the student imports, the example is neither a row nor a problem.
    const row = newRow();
    const filled = strToU8(`${template.body}${COLUMNS.map((column) => row[column] ?? '').join(',')}\r\n`);
    expect((await preview(filled)).body).toEqual({ rows: 1, create: 1, update: 0, unchanged: 0, errors: [] });
    expect((await run(filled)).body).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: 0 });
    expect(await studentCount()).toBe(before + 1);
    // Changed, the example is a student like any other (here: of a school that does not exist).
    const changed = await preview(strToU8(template.body.replace('Ahmed', 'Hamad')));
    expect(changed.body.errors).toContainEqual(expect.objectContaining({ row: 2, column: 'School', value: 'Example School' }));
  });
});

describe('files past what a spreadsheet can hold', () => {
  const refusedAsNotSpreadsheet = async (file: Uint8Array) => {
    const before = await studentCount();
    const answer = await run(file);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: STUDENT_IMPORT_MESSAGES.fileNotSpreadsheet });
    expect(await studentCount()).toBe(before);
  };

  it('refuses a cell past column XFD or row 1,048,576, and reads one at XFD as any other', async () => {
    const row = newRow();
    const cells = (number: number) =>
      COLUMNS.map((column, index) =>
        row[column] ? `<c r="${columnName(index)}${number}" t="inlineStr"><is><t>${xmlText(row[column]!)}</t></is></c>` : '',
      ).join('');
    await refusedAsNotSpreadsheet(workbook(`${headerRow}<row r="2">${cells(2)}<c r="ZZZZZZ2"><v>1</v></c></row>`, HEADER));
    await refusedAsNotSpreadsheet(workbook(`${headerRow}<row r="2">${cells(2)}<c r="XFE2"><v>1</v></c></row>`, HEADER));
    await refusedAsNotSpreadsheet(workbook(`${headerRow}<row r="1048577"><c r="A1048577"><v>1</v></c></row>`, HEADER));
    await refusedAsNotSpreadsheet(workbook(`${headerRow}<row r="2"><c r="A99999999"><v>1</v></c></row>`, HEADER));
    // The last column is a column: its cell is not under a known header, so the row imports without it.
    const last = await run(workbook(`${headerRow}<row r="2">${cells(2)}<c r="XFD2"><v>1</v></c></row>`, HEADER));
    expect(last.body).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: 0 });
  });

  it('refuses a CSV line with more fields than a spreadsheet has columns', async () => {
    const row = newRow();
    const line = COLUMNS.map((column) => row[column] ?? '').join(',');
    await refusedAsNotSpreadsheet(strToU8(`${HEADER.join(',')}\n${line}${','.repeat(16_384)}\n`));
    // As many as XFD is still a row.
    const widest = await run(strToU8(`${HEADER.join(',')}\n${line}${','.repeat(16_383 - COLUMNS.length + 1)}\n`));
    expect(widest.body).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: 0 });
  });

  it('refuses the 10,001st student row, in a CSV file and a workbook, and counts no blank line', async () => {
    // Rows with a first name alone: cheap to read, each a row with problems.
    const rows = (count: number) => Array.from({ length: count }, () => ',A').join('\n');
    const tooMany = await preview(strToU8(`${HEADER.join(',')}\n${rows(10_001)}\n`));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ message: STUDENT_IMPORT_MESSAGES.tooManyRows });
    const sheetRows = Array.from(
      { length: 10_001 },
      (_unused, index) => `<row r="${index + 2}"><c r="B${index + 2}" t="inlineStr"><is><t>A</t></is></c></row>`,
    ).join('');
    expect((await preview(workbook(headerRow + sheetRows, HEADER))).body).toMatchObject({ message: STUDENT_IMPORT_MESSAGES.tooManyRows });
    // 10,000 students with blank lines between them are within the limit (read as rows with problems here).
    const blankLines = await preview(strToU8(`${HEADER.join(',')}\n${rows(10_000)}\n\n\n,,,\n`));
    expect(blankLines.status, JSON.stringify(blankLines.body).slice(0, 300)).toBe(200);
    expect(blankLines.body.rows).toBe(10_000);
  });
});

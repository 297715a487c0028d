/**
 * `pnpm bench` (not in `pnpm bench:ci`): a family's 'My data' download against the law's answer
 * time the issue sets for it, 10 s, for a family with five years of records: three children, 60
 * months of fees each, a payment with its receipt every month, a school day's four marks for each
 * child on 190 days a year, 3,000 messages and 2,000 office views. Measures reading every kind of
 * record in one read-only transaction, rendering the 60 receipts and writing the whole ZIP, three
 * times, in this process (no server: what is measured is the domain's work).
 *
 *   --engine postgres|pglite (postgres: a fresh database on BENCH_ADMIN_DATABASE_URL's server)
 * Figures: perf-results/bench-my-data-<engine>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, migrateToLatest, seedEssentials } from '@school-transport/db';
import { createBenchDatabase } from './bench-database.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStudent, firstPlannedRunId } from '../src/test/factories.js';
import { readFamilyRecords } from '../src/domain/data-rights/family-records.js';
import { myDataZip } from '../src/domain/data-rights/my-data-zip.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..', '..', '..');
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const engine = (args[args.indexOf('--engine') + 1] === 'pglite' ? 'pglite' : 'postgres') as 'postgres' | 'pglite';
const TARGET_MS = 10_000;
const YEARS = 5;

const { options, drop } = await createBenchDatabase(engine, 'mydata');
const handle = await createDatabase(options);
const db = handle.db;
try {
  await migrateToLatest(db);
  await seedEssentials(db);
  const admin = await createAdmin(db);
  const school = await createSchool(db);
  const area = await createArea(db);
  const driver = await createDriver(db);
  const parent = await createParent(db);
  const children: { id: string }[] = [];
  for (const name of ['Ali', 'Huda', 'Omar'])
    children.push(
      await createStudent(db, {
        schoolId: school.id,
        areaId: area.id,
        parentId: parent.parentId,
        driverId: driver.driverId,
        firstName: name,
        createdAt: new Date('2021-09-01T00:00:00Z'),
      }),
    );

  // Five years of months, each child's fee paid by one payment a month (its receipt).
  for (let index = 0; index < YEARS * 12; index++) {
    const month = new Date(Date.UTC(2021, 8 + index, 1)).toISOString().slice(0, 7);
    const fees = await db
      .insertInto('fees')
      .values(children.map((child) => ({ studentId: child.id, month, amount: '30.00', dueFrom: `${month}-01`, dueDate: `${month}-10` })))
      .returning('id')
      .execute();
    const payment = await db
      .insertInto('payments')
      .values({
        parentId: parent.parentId,
        amount: '90.00',
        method: 'benefit_pay',
        reference: `BP-${month}`,
        note: '',
        paidAt: `${month}-05`,
        recordedBy: admin.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('paymentAllocations')
      .values(fees.map((fee) => ({ paymentId: payment.id, feeId: fee.id, amount: '30.00' })))
      .execute();
  }

  // 190 school days a year: a morning and an afternoon run, each child boarded and dropped on each.
  const runs = { morning: await firstPlannedRunId(db, driver.driverId, 'morning'), afternoon: await firstPlannedRunId(db, driver.driverId, 'afternoon') };
  for (let day = 0; day < YEARS * 190; day++) {
    const date = new Date(Date.UTC(2021, 8, 1) + day * 86_400_000 * 1.9).toISOString().slice(0, 10);
    for (const direction of ['morning', 'afternoon'] as const) {
      const run = await db
        .insertInto('schoolRuns')
        .values({
          plannedRunId: runs[direction],
          driverId: driver.driverId,
          date,
          run: direction,
          startedAt: new Date(`${date}T04:00:00Z`),
          endedAt: new Date(`${date}T05:00:00Z`),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('runMarks')
        .values(
          children.flatMap((child, index) =>
            (['boarded', 'dropped'] as const).map((event, order) => ({
              runId: run.id,
              studentId: child.id,
              event,
              at: new Date(`${date}T04:${10 + order * 30}:0${index}Z`),
              clientId: `${child.id}-${event}`,
              position: JSON.stringify({ lat: 26.2, lng: 50.5, accuracy: 8 }),
            })),
          ),
        )
        .execute();
    }
  }
  for (let start = 0; start < 3000; start += 500) {
    await db
      .insertInto('notifications')
      .values(
        Array.from({ length: 500 }, (_, index) => ({
          recipientType: 'sms' as const,
          recipient: '36000000',
          templateKey: 'student_boarded',
          payload: JSON.stringify({ studentName: 'Ali', run: 'morning', at: new Date().toISOString() }),
          status: 'sent' as const,
          sentAt: new Date(),
          body: `Ali boarded the bus (${start + index}).`,
        })),
      )
      .execute();
  }
  await db
    .insertInto('recordViews')
    .values(
      Array.from({ length: 2000 }, (_, index) => ({
        viewerUserId: admin.id,
        studentId: children[index % 3]!.id,
        what: 'record' as const,
        at: new Date(Date.UTC(2022, 0, 1) + index * 3_600_000),
      })),
    )
    .execute();

  const rounds: { ms: number; bytes: number; receipts: number }[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    const records = await readFamilyRecords(db, parent.id);
    let bytes = 0;
    for await (const chunk of myDataZip(records)) bytes += (chunk as Buffer).length;
    rounds.push({ ms: Math.round(performance.now() - started), bytes, receipts: records.receipts.length });
  }
  const worst = Math.max(...rounds.map((round) => round.ms));
  const result = { engine, target: { ms: TARGET_MS }, rounds, worstMs: worst, met: worst < TARGET_MS };
  const resultsDir = join(ROOT, 'perf-results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `bench-my-data-${engine}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `My data, a family of five years (${rounds[0]!.receipts} receipts, ${Math.round(rounds[0]!.bytes / 1024)} KB): ${rounds.map((round) => `${round.ms} ms`).join(', ')}; target under ${TARGET_MS} ms: ${result.met ? 'met' : 'NOT met'}`,
  );
  if (!result.met) process.exitCode = 1;
} finally {
  await handle.close();
  await drop();
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bahrainDate, currentServiceMonth } from '@school-transport/contracts';
import { createTestDatabase, type TestDatabase } from '@school-transport/db/testing';
import { seedVolume, seedVolumeFees } from '@school-transport/db/volume';
import { runDailyFeeJob } from './daily-job.js';
import { generateFeesForMonth } from './generate.js';
import { syncAllPaymentStatuses } from './payment-status.js';
import { readFeeSettings } from './fee-settings.js';

/*
 * The daily fee job over a school year of ledger rows (what the benchmark's server starts on, and
 * what a live server holds in June). The job runs hourly on every server: on a ledger that is in
 * step it must change nothing, and when one family pays, the flag sync must move that student only.
 * The set-based UPDATE in payment-status.ts and the NOT EXISTS in generate.ts are what this checks.
 */
describe('the daily fee job over a school year of fees', () => {
  let database: TestDatabase;
  const now = new Date();
  let month = '';

  /** Every student's paid/unpaid flag and last change, to compare before and after a run. */
  async function flags(): Promise<Map<string, string>> {
    const rows = await database.db.selectFrom('students').select(['id', 'paymentStatus', 'updatedAt']).execute();
    return new Map(rows.map((row) => [row.id, `${row.paymentStatus} ${new Date(row.updatedAt).toISOString()}`]));
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedVolume(database.db, {
      students: 2_000,
      drivers: 20,
      schools: 10,
      areas: 8,
      passwordHash: 'not-a-hash',
      extraSteps: [async (db) => void (await seedVolumeFees(db, now))],
    });
    const { firstServiceMonth } = await readFeeSettings(database.db);
    month = currentServiceMonth(bahrainDate(now), firstServiceMonth);
  }, 240_000);
  afterAll(() => database?.close());

  it('finds nothing to do on a ledger in step: no new rows, no reminders, no flag touched', async () => {
    const fees = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM fees`.execute(database.db)).rows[0]!.n);
    const outbox = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM notifications`.execute(database.db)).rows[0]!.n);
    expect(fees).toBeGreaterThan(2_000);
    const before = await flags();

    const run = await runDailyFeeJob(database.db, now);

    expect(
      Object.values(run.generated).every((made) => made === 0),
      JSON.stringify(run.generated),
    ).toBe(true);
    expect(run.reminders).toBe(0);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM fees`.execute(database.db)).rows[0]!.n)).toBe(fees);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM notifications`.execute(database.db)).rows[0]!.n)).toBe(outbox);
    expect(await flags()).toEqual(before);
    expect(await generateFeesForMonth(database.db, month, now)).toBe(0);
  });

  it('moves exactly the student whose current month was paid to paid, and leaves the others alone', async () => {
    const unpaid = await database.db
      .selectFrom('fees')
      .innerJoin('students', 'students.id', 'fees.studentId')
      .select(['fees.id as feeId', 'fees.amount', 'students.id as studentId', 'students.parentId'])
      .where('fees.month', '=', month)
      .where('students.paymentStatus', '=', 'unpaid')
      .where('students.deletedAt', 'is', null)
      .orderBy('fees.id')
      .executeTakeFirstOrThrow();
    await database.db.transaction().execute(async (trx) => {
      const payment = await trx
        .insertInto('payments')
        .values({ parentId: unpaid.parentId, amount: unpaid.amount, method: 'cash', paidAt: bahrainDate(now) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('paymentAllocations').values({ paymentId: payment.id, feeId: unpaid.feeId, amount: unpaid.amount }).execute();
    });
    const before = await flags();

    await database.db.transaction().execute((trx) => syncAllPaymentStatuses(trx, now));

    const after = await flags();
    const changed = [...after].filter(([id, flag]) => before.get(id) !== flag).map(([id, flag]) => [id, flag.split(' ')[0]]);
    expect(changed).toEqual([[unpaid.studentId, 'paid']]);
  });
});

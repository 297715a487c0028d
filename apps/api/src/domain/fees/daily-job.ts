import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { bahrainDate, monthsToGenerate } from '@school-transport/contracts';
import { readFeeSettings } from './fee-settings.js';
import { generateFeesForMonth } from './generate.js';
import { sendDueReminders } from './reminders.js';
import { syncAllPaymentStatuses } from './payment-status.js';
import { startRepeatingJob } from '../repeating-job.js';

export interface DailyFeeRun {
  generated: Record<string, number>;
  reminders: number;
}

/**
 * The ledger's daily work: make the rows of every service month whose due window has opened (on
 * the 26th of the month before; a missed day is caught up, and students registered since get their
 * rows), remind families once per row, and move the students' paid/unpaid flags to the new month.
 * Safe to run from several processes and as often as wanted.
 *
 * The flags follow the ledger (it is the source of truth): a flag the office sets by hand has a
 * payment or a void behind it, so the sync below never undoes it. A paid flag from before the
 * ledger is carried into the ledger when the month's row is made (see generate.ts) rather than
 * turned back to unpaid on the first run.
 */
export async function runDailyFeeJob(db: Kysely<Database>, now = new Date(), payLinksUrl?: string): Promise<DailyFeeRun> {
  const { firstServiceMonth } = await readFeeSettings(db);
  const generated: Record<string, number> = {};
  for (const month of monthsToGenerate(bahrainDate(now), firstServiceMonth)) generated[month] = await generateFeesForMonth(db, month, now);
  const reminders = await sendDueReminders(db, now, payLinksUrl);
  await db.transaction().execute((trx) => syncAllPaymentStatuses(trx, now));
  return { generated, reminders };
}

/**
 * Runs the daily job shortly after start and then every `intervalMs` (default hourly: the work is
 * idempotent, and an hourly check means the 26th is never missed by more than an hour).
 * `payLinksUrl` (PUBLIC_URL, with online payments on) puts a pay link in every reminder.
 * Answers a stop function. Separate from the outbox's message worker on purpose.
 */
export function startDailyFeeJob(
  db: Kysely<Database>,
  options: {
    intervalMs?: number;
    firstRunMs?: number;
    payLinksUrl?: string;
    log?: (error: unknown) => void;
    done?: (run: DailyFeeRun, milliseconds: number) => void;
  } = {},
): () => void {
  return startRepeatingJob(
    async () => {
      const started = Date.now();
      const run = await runDailyFeeJob(db, new Date(), options.payLinksUrl);
      return { run, milliseconds: Date.now() - started };
    },
    {
      firstRunMs: options.firstRunMs ?? 5_000,
      intervalMs: options.intervalMs ?? 60 * 60 * 1000,
      log: options.log,
      done: options.done && (({ run, milliseconds }) => options.done!(run, milliseconds)),
    },
  );
}

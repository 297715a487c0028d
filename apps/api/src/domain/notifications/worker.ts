import { randomUUID } from 'node:crypto';
import { ERASED_FAMILY_LAST_MESSAGE, ERASED_RECIPIENT } from '../data-rights/erased-values.js';
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Database, Notification } from '@school-transport/db';
import type { CompanySettings } from '@school-transport/contracts';
import { readCompanySettings } from '../settings.js';
import type { OutboxWorkerSettings } from './config.js';
import { toBahrainE164 } from './phone.js';
import { renderMessage, UnknownTemplateError } from './templates.js';
import { PermanentDeliveryError, type DeliveryMessage, type Transport } from './transports.js';

export interface WorkerLogger {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export interface DeliveryRound {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  /** Claimed, but another worker took it over before it was sent (see renewLease). */
  skipped: number;
}

/** The wait before try number `attempts + 1`: base, 2×base, 4×base, ... (at most a day). */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 86_400_000);
}

/** The recipient's address for the transport: E.164 for phones; an email stays as it is. */
export function addressOf(row: Pick<Notification, 'recipientType' | 'recipient'>): string {
  if (row.recipientType === 'email') return row.recipient.trim();
  const phone = toBahrainE164(row.recipient);
  if (!phone) throw new PermanentDeliveryError(`Not a Bahrain phone number: ${row.recipient}`);
  return phone;
}

/** The text (and template parameters) of a row in its language, with the current company settings. */
export function messageOf(row: Notification, settings: CompanySettings): { text: string; params: string[] } {
  return renderMessage(row.templateKey, row.payload, { language: row.language, settings });
}

/**
 * Delivers the outbox. Each round claims due messages in a short transaction
 * (`SELECT ... FOR UPDATE SKIP LOCKED`, then a lease: locked_until and locked_by), sends them one
 * by one with no transaction open, and records each outcome: sent, or another try after an
 * exponential wait, or failed after the last try. Several processes on one PostgreSQL database
 * never claim the same message; a message whose lease ran out (its process died) is claimed again.
 * Just before each send the worker renews its lease on that message, or skips it when another
 * worker claimed it meanwhile, so a message is never sent by two processes. On PGlite (one
 * connection) the same code runs: every query inside the transaction uses the transaction.
 */
export class OutboxWorker {
  readonly id: string;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private looping = false;
  /** Set by stop(): a drain in progress ends after its current round. */
  private stopping = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: Transport,
    private readonly settings: OutboxWorkerSettings,
    private readonly log: WorkerLogger,
    id?: string,
  ) {
    this.id = id ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  /** Starts the loop: a round now, then one every intervalMs (a round in progress is never doubled). */
  start(): void {
    if (this.looping) return;
    this.looping = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops the loop and waits for a round in progress, so the database can be closed after it. */
  async stop(): Promise<void> {
    this.looping = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (!this.looping) return;
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .catch((error: unknown) => this.log.error({ err: error }, 'outbox round failed'))
        .finally(() => {
          this.running = undefined;
          this.schedule(this.settings.intervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Rounds until nothing is due (or the worker is stopped): a backlog is sent without waiting for the next tick. */
  async drain(): Promise<DeliveryRound> {
    const total: DeliveryRound = { claimed: 0, sent: 0, retried: 0, failed: 0, skipped: 0 };
    for (;;) {
      const round = await this.runOnce();
      total.claimed += round.claimed;
      total.sent += round.sent;
      total.retried += round.retried;
      total.failed += round.failed;
      total.skipped += round.skipped;
      if (round.claimed < this.settings.batchSize || this.stopping) return total;
    }
  }

  /** One round: claim up to batchSize due messages, send them, record the outcomes. */
  async runOnce(): Promise<DeliveryRound> {
    const claimed = await this.claim();
    const round: DeliveryRound = { claimed: claimed.length, sent: 0, retried: 0, failed: 0, skipped: 0 };
    if (claimed.length === 0) return round;
    const settings = await readCompanySettings(this.db);
    for (const row of claimed) {
      const outcome = (await this.renewLease(row.id)) ? await this.deliver(row, settings) : 'skipped';
      round[outcome] += 1;
    }
    return round;
  }

  /**
   * A full lease on one claimed message from now, taken just before it is sent: the lease of the
   * claim may have run out while the batch's earlier messages were sent (a batch of slow answers
   * takes longer than one lease). No row means another worker claimed it since (a claim writes its
   * own locked_by under the row's lock, so an expired lease still naming this worker was taken by
   * nobody); this worker then leaves it alone. The lease outlasts the send that follows (env.ts
   * checks OUTBOX_LEASE_MS against NOTIFY_TIMEOUT_MS), so nobody can claim it before its outcome is
   * recorded.
   */
  private async renewLease(id: string): Promise<boolean> {
    const renewed = await this.db
      .updateTable('notifications')
      .set({ lockedUntil: sql<Date>`now() + ${this.settings.leaseMs}::integer * interval '1 millisecond'` })
      .where('id', '=', id)
      .where('lockedBy', '=', this.id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    return renewed !== undefined;
  }

  /** The short claiming transaction: lock due rows no one else holds, lease them to this worker, count the try. */
  private async claim(): Promise<Notification[]> {
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('notifications')
        .select('id')
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', sql<Date>`now()`)
        .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', sql<Date>`now()`)]))
        .orderBy('nextAttemptAt')
        .limit(this.settings.batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('notifications')
        .set({
          lockedUntil: sql<Date>`now() + ${this.settings.leaseMs}::integer * interval '1 millisecond'`,
          lockedBy: this.id,
          attempts: sql<number>`attempts + 1`,
          updatedAt: sql<Date>`now()`,
        })
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .returningAll()
        .execute();
    });
  }

  private async deliver(row: Notification, settings: CompanySettings): Promise<'sent' | 'retried' | 'failed'> {
    let text: string | null = null;
    try {
      const rendered = messageOf(row, settings);
      text = rendered.text;
      const message: DeliveryMessage = {
        id: row.id,
        channel: row.recipientType,
        to: addressOf(row),
        text: rendered.text,
        templateKey: row.templateKey,
        payload: row.payload,
        language: row.language,
        params: rendered.params,
      };
      await this.transport.send(message);
    } catch (error) {
      return this.recordFailure(row, text, error);
    }
    await this.db
      .updateTable('notifications')
      .set({
        status: 'sent',
        sentAt: sql<Date>`now()`,
        errorMsg: null,
        lockedUntil: null,
        lockedBy: null,
        updatedAt: sql<Date>`now()`,
        // An erased family's last message keeps its recipient only until it is delivered.
        ...(row.templateKey === ERASED_FAMILY_LAST_MESSAGE ? { recipient: ERASED_RECIPIENT, body: null } : { body: text }),
      })
      .where('id', '=', row.id)
      .where('lockedBy', '=', this.id)
      .execute();
    return 'sent';
  }

  private async recordFailure(row: Notification, text: string | null, error: unknown): Promise<'retried' | 'failed'> {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const permanent = error instanceof PermanentDeliveryError || error instanceof UnknownTemplateError;
    const last = permanent || row.attempts >= this.settings.maxAttempts;
    const common = { errorMsg: reason, body: text, lockedUntil: null, lockedBy: null, updatedAt: sql<Date>`now()` };
    const update = last
      ? this.db.updateTable('notifications').set({ ...common, status: 'failed' })
      : this.db
          .updateTable('notifications')
          .set({ ...common, nextAttemptAt: sql<Date>`now() + ${retryDelayMs(row.attempts, this.settings.retryBaseMs)}::integer * interval '1 millisecond'` });
    await update.where('id', '=', row.id).where('lockedBy', '=', this.id).execute();
    this.log.warn(
      { notificationId: row.id, attempts: row.attempts, templateKey: row.templateKey, err: reason },
      last ? 'message failed for good' : 'message will be tried again',
    );
    return last ? 'failed' : 'retried';
  }
}

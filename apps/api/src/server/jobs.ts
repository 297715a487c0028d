import type { FastifyInstance } from 'fastify';
import { OutboxWorker } from '../domain/notifications/worker.js';
import { createTransport } from '../domain/notifications/transports.js';
import { startDailyFeeJob } from '../domain/fees/daily-job.js';
import { startOverdueRunJob } from '../domain/school-day/overdue.js';
import { startTomorrowMessagesJob } from '../domain/school-day/tomorrow-messages.js';
import { startPositionRetentionJob } from '../domain/live-bus/retention.js';
import { startDataRetentionJob } from '../domain/data-rights/retention.js';
import type { ApiDependencies } from './api.js';
import type { ServerOptions } from './options.js';

export interface BackgroundJobs {
  /** The outbox worker this process runs, if any. */
  outbox: OutboxWorker | undefined;
  /** Starts what this process is set to run: the outbox and the timed jobs. */
  start(): void;
  /** Stops the timed jobs and waits for the outbox's round. */
  stop(): Promise<void>;
}

/**
 * The work a server process does besides answering: delivering the outbox's messages, and the timed
 * jobs its settings turn on (the daily fee job, the overdue-run check and tomorrow's messages, the
 * deletion of old positions, the data retention job). Each is started at most once.
 */
export function backgroundJobs(app: FastifyInstance, options: ServerOptions, deps: ApiDependencies): BackgroundJobs {
  // Messages are delivered by a worker inside the server process; closing the server waits for its round.
  const outbox = options.outbox?.worker.enabled
    ? new OutboxWorker(options.db, createTransport(options.outbox.transport, app.log), options.outbox.worker, app.log)
    : undefined;
  if (outbox) app.addHook('onClose', () => outbox.stop());
  const stops: (() => void)[] = [];
  let started = false;
  return {
    outbox,
    start() {
      outbox?.start();
      if (started) return;
      started = true;
      if (options.feeJob) {
        stops.push(
          startDailyFeeJob(options.db, {
            payLinksUrl: options.tap?.publicUrl,
            log: (err) => {
              deps.answerCache.clear();
              app.log.error({ err }, 'daily fee job failed');
            },
            // One line an hour: what the run made and how long it took (`pnpm bench` waits for the first).
            // Its paid flags may have moved: cached answers (the list's totals) are asked afresh.
            done: (run, milliseconds) => {
              deps.answerCache.clear();
              app.log.info({ feeJob: run, milliseconds }, 'daily fee job done');
            },
          }),
        );
      }
      // The evening message's reply button needs WhatsApp: with another transport it is not written.
      if (options.overdueRunJob && options.outbox?.transport.kind === 'whatsapp') {
        stops.push(startTomorrowMessagesJob(options.db, deps.clock, { log: (err) => app.log.error({ err }, "tomorrow's bus messages failed") }));
      }
      if (options.overdueRunJob) {
        stops.push(
          startOverdueRunJob(options.db, deps.clock, {
            log: (err) => app.log.error({ err }, 'overdue run check failed'),
            done: (alerted) => {
              if (alerted > 0) app.log.warn({ overdueRuns: alerted }, 'overdue runs: the office was alerted');
            },
          }),
        );
      }
      if (options.positionRetentionDays) {
        stops.push(
          startPositionRetentionJob(options.db, deps.clock, options.positionRetentionDays, {
            log: (err) => app.log.error({ err }, 'deleting old bus positions failed'),
            done: (deleted) => {
              if (deleted > 0) app.log.info({ positionsDeleted: deleted }, 'old bus positions deleted');
            },
          }),
        );
      }
      if (options.inactiveFamilyMonths) {
        stops.push(
          startDataRetentionJob(options.db, deps.clock, options.inactiveFamilyMonths, {
            log: (err) => app.log.error({ err }, 'the data retention job failed'),
            done: (result) => app.log.info({ dataRetention: result }, 'data retention applied'),
          }),
        );
      }
    },
    async stop() {
      for (const stop of stops.splice(0)) stop();
      await outbox?.stop();
    },
  };
}

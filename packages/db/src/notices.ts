import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The channel on which a change to a session, a user or a driver is announced (the triggers of
 * migration 2026-11-25T0900-session-change-notices send on it): what the API's session cache depends on.
 */
export const SESSION_CHANGES_CHANNEL = 'session_changes';

/** What a listener on a notice channel (PostgreSQL's LISTEN/NOTIFY) is told. */
export interface NoticeHandlers {
  /** A notice came on the channel (sent by a transaction that has committed). */
  notice(payload: string): void;
  /** Listening, at first or again after a loss: every notice from now on will come. */
  listening(): void;
  /** The listening connection is gone: notices may be missed until `listening` is called again. */
  lost(error?: unknown): void;
}

export type StopListening = () => Promise<void>;

/** How long to wait before listening again after the connection was lost. */
const RELISTEN_AFTER_MS = 1_000;

/**
 * Listens on a PostgreSQL server over a connection of its own (a pooled one would be handed to
 * other queries). It reconnects by itself after a loss, saying `lost` and then `listening`, and
 * never throws: a server that cannot be reached leaves the caller told it is not listening.
 */
export async function listenOnServer(connectionString: string, channel: string, handlers: NoticeHandlers): Promise<StopListening> {
  let stopped = false;
  let client: pg.Client | undefined;
  let relisten: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    // keepAlive: a connection silently cut (a network fault) is noticed, not left to look alive.
    const current = new pg.Client({ connectionString, keepAlive: true });
    client = current;
    let down = false;
    const fail = (error?: unknown) => {
      if (down) return;
      down = true;
      current.removeAllListeners('notification');
      void current.end().catch(() => undefined);
      if (stopped) return;
      handlers.lost(error);
      relisten = setTimeout(() => void connect(), RELISTEN_AFTER_MS);
    };
    current.on('error', fail);
    current.on('end', () => fail());
    current.on('notification', (message) => {
      if (message.channel === channel) handlers.notice(message.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${current.escapeIdentifier(channel)}`);
      if (!down && !stopped) handlers.listening();
    } catch (error) {
      fail(error);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(relisten);
    await client?.end().catch(() => undefined);
  };
}

/** The embedded database has one session for the whole process: its own notices come back to it. */
export async function listenOnPglite(pglite: PGlite, channel: string, handlers: NoticeHandlers): Promise<StopListening> {
  const unlisten = await pglite.listen(channel, (payload) => handlers.notice(payload));
  handlers.listening();
  return async () => {
    if (!pglite.closed) await unlisten().catch(() => undefined);
  };
}

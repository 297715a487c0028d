import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DayRequestError } from './day-api.js';
import { DayQueue, type DayAction, type MarkAction, type PositionsAction } from './day-queue.js';
import { phoneActionStore } from './phone-storage.js';

/**
 * The phone's queue of marks, on the phone's own store (IndexedDB, here the in-memory
 * fake-indexeddb) and against a stand-in for the server's rule that a clientId is recorded once.
 */
class Server {
  online = true;
  /** The next answers lost on the way back: the server has recorded the mark, the phone never hears. */
  loseAnswers = 0;
  /** Refuses marks of these students with a 409, as the server does for a state they do not allow. */
  refuseStudents = new Set<string>();
  received: string[] = [];
  marks = new Map<string, { studentId: string; event: string; at: string }>();

  send = async (action: DayAction): Promise<unknown> => {
    await Promise.resolve();
    if (!this.online) throw new TypeError('Failed to fetch');
    if (action.kind !== 'mark') return { run: { status: action.kind === 'start' ? 'in_progress' : 'done' } };
    this.received.push(action.id);
    if (this.refuseStudents.has(action.studentId)) throw new DayRequestError(409, 'Mark the child as boarded first', 'schoolDay.boardFirst', undefined);
    if (!this.marks.has(action.id)) this.marks.set(action.id, { studentId: action.studentId, event: action.event, at: action.at });
    if (this.loseAnswers > 0) {
      this.loseAnswers -= 1;
      throw new TypeError('network connection was lost');
    }
    return { mark: this.marks.get(action.id) };
  };
}

let minute = 0;
function mark(userId: string, studentId: string, event: MarkAction['event']): MarkAction {
  minute += 1;
  return {
    kind: 'mark',
    id: crypto.randomUUID(),
    userId,
    run: 'morning',
    date: '2026-12-01',
    at: new Date(Date.UTC(2026, 11, 1, 3, minute)).toISOString(),
    studentId,
    event,
    position: null,
  };
}

describe("the phone's queue of marks", () => {
  it('drops a mark undone while it still waits on the phone, so it never reaches the server, also after a reload; one already sent stays for the server to undo', async () => {
    const server = new Server();
    server.online = false;
    const queue = new DayQueue(phoneActionStore, server.send, 'driver-undo');
    await queue.load();
    const wrong = mark('driver-undo', 'sara', 'boarded');
    const right = mark('driver-undo', 'amal', 'boarded');
    await queue.add(wrong);
    await queue.add(right);
    expect(await queue.remove(wrong.id)).toBe(true);
    const reopened = new DayQueue(phoneActionStore, server.send, 'driver-undo');
    await reopened.load();
    expect(reopened.waiting().map((action) => action.id)).toEqual([right.id]);
    server.online = true;
    await reopened.flush();
    expect(server.received).toEqual([right.id]);
    expect(await reopened.remove(right.id)).toBe(false);
  });

  it('keeps marks made offline on the phone, in the order they were made, across a reload, and sends them in that order', async () => {
    const server = new Server();
    server.online = false;
    const queue = new DayQueue(phoneActionStore, server.send, 'driver-order');
    await queue.load();
    const made = [mark('driver-order', 'noor', 'boarded'), mark('driver-order', 'maryam', 'no_show'), mark('driver-order', 'noor', 'dropped')];
    for (const action of made) await queue.add(action);
    expect(await queue.flush()).toMatchObject({ sent: [], refused: [], waiting: 3 });

    // The app is closed and opened again: the marks are still on the phone, oldest first.
    const reopened = new DayQueue(phoneActionStore, server.send, 'driver-order');
    await reopened.load();
    expect(reopened.waiting().map((action) => action.id)).toEqual(made.map((action) => action.id));

    server.online = true;
    const result = await reopened.flush();
    expect(result.sent.map((action) => action.id)).toEqual(made.map((action) => action.id));
    expect(result.waiting).toBe(0);
    expect(server.received).toEqual(made.map((action) => action.id));
    // Each with the time it was made on the phone, not the time it arrived.
    expect([...server.marks.values()].map((entry) => entry.at)).toEqual(made.map((action) => action.at));
    expect(await phoneActionStore.list('driver-order')).toEqual([]);
  });

  it('sends a mark again with the same clientId when its answer was lost, and the server keeps one mark', async () => {
    const server = new Server();
    server.loseAnswers = 1;
    const queue = new DayQueue(phoneActionStore, server.send, 'driver-resend');
    const boarded = mark('driver-resend', 'noor', 'boarded');
    await queue.add(boarded);

    expect(await queue.flush()).toMatchObject({ sent: [], waiting: 1 });
    expect(server.marks.size).toBe(1);
    const result = await queue.flush();
    expect(result.sent.map((action) => action.id)).toEqual([boarded.id]);
    expect(server.received).toEqual([boarded.id, boarded.id]);
    expect(server.marks.size).toBe(1);
    expect(queue.waiting()).toEqual([]);
  });

  it('sends each mark once when the screen asks to send while a round is already sending', async () => {
    const server = new Server();
    const queue = new DayQueue(phoneActionStore, server.send, 'driver-rounds');
    const first = mark('driver-rounds', 'noor', 'boarded');
    const second = mark('driver-rounds', 'maryam', 'boarded');
    await queue.add(first);
    const rounds = [queue.flush()];
    await queue.add(second);
    rounds.push(queue.flush(), queue.flush());
    await Promise.all(rounds);
    expect(server.received).toEqual([first.id, second.id]);
    expect(queue.waiting()).toEqual([]);
  });

  it('drops a mark the server refuses and reports it, but keeps a mark that could not reach the server', async () => {
    const server = new Server();
    server.refuseStudents.add('ali');
    const queue = new DayQueue(phoneActionStore, server.send, 'driver-refusal');
    const refused = mark('driver-refusal', 'ali', 'dropped');
    const kept = mark('driver-refusal', 'noor', 'boarded');
    await queue.add(refused);
    await queue.add(kept);
    const failOnSecond = async (action: DayAction) => {
      if (action.id === kept.id) throw new TypeError('Failed to fetch');
      return server.send(action);
    };
    const offlineQueue = new DayQueue(phoneActionStore, failOnSecond, 'driver-refusal');
    await offlineQueue.load();

    const result = await offlineQueue.flush();
    expect(result.refused).toHaveLength(1);
    expect(result.refused[0]!.action.id).toBe(refused.id);
    expect(result.refused[0]!.error).toMatchObject({ status: 409, message: 'Mark the child as boarded first' });
    expect(result.waiting).toBe(1);
    expect((await phoneActionStore.list('driver-refusal')).map((action) => action.id)).toEqual([kept.id]);

    // The refused mark is never sent again; the kept one goes when the connection returns.
    const online = new DayQueue(phoneActionStore, server.send, 'driver-refusal');
    await online.load();
    expect(await online.flush()).toMatchObject({ refused: [], waiting: 0 });
    expect(server.received.filter((id) => id === refused.id)).toHaveLength(1);
    expect([...server.marks.keys()]).toEqual([kept.id]);
  });

  it('keeps the marks when the session has ended (401), and says so, until the driver signs in again', async () => {
    const server = new Server();
    let signedIn = false;
    const send = async (action: DayAction) => {
      if (!signedIn) throw new DayRequestError(401, 'Please sign in', 'server.unauthorized', undefined);
      return server.send(action);
    };
    const queue = new DayQueue(phoneActionStore, send, 'driver-session');
    const boarded = mark('driver-session', 'noor', 'boarded');
    await queue.add(boarded);
    const stopped = await queue.flush();
    expect(stopped).toMatchObject({ sent: [], refused: [], waiting: 1 });
    expect(stopped.stoppedBy).toMatchObject({ status: 401 });
    signedIn = true;
    const sent = await queue.flush();
    expect(sent.stoppedBy).toBeUndefined();
    expect(sent.sent.map((action) => action.id)).toEqual([boarded.id]);
  });

  it("keeps each driver's marks apart on a shared phone", async () => {
    const server = new Server();
    server.online = false;
    const salman = new DayQueue(phoneActionStore, server.send, 'driver-salman');
    const hamad = new DayQueue(phoneActionStore, server.send, 'driver-hamad');
    await salman.add(mark('driver-salman', 'noor', 'boarded'));
    await hamad.add(mark('driver-hamad', 'ali', 'boarded'));
    server.online = true;
    await salman.load();
    await salman.flush();
    expect([...server.marks.values()].map((entry) => entry.studentId)).toEqual(['noor']);
    expect(await phoneActionStore.list('driver-hamad')).toHaveLength(1);
  });
});

describe("the bus's positions in the phone's queue", () => {
  const fixAt = (userId: string, second: number): PositionsAction => {
    const at = new Date(Date.UTC(2026, 11, 1, 3, 0, second)).toISOString();
    return {
      kind: 'positions',
      id: crypto.randomUUID(),
      userId,
      run: 'morning',
      date: '2026-12-01',
      at,
      fixes: [{ lat: 26 + second / 1000, lng: 50.5, accuracy: 8, speed: null, heading: null, at }],
    };
  };

  it('waits offline with the marks and is sent later as one batch, in its place among the marks', async () => {
    const sent: DayAction[] = [];
    let online = false;
    const send = async (action: DayAction) => {
      await Promise.resolve();
      if (!online) throw new TypeError('Failed to fetch');
      sent.push(action);
      return {};
    };
    const queue = new DayQueue(phoneActionStore, send, 'driver-trail');
    await queue.load();
    for (const action of [fixAt('driver-trail', 10), fixAt('driver-trail', 20), mark('driver-trail', 'noor', 'boarded'), fixAt('driver-trail', 30)])
      await queue.add(action);
    expect((await queue.flush()).waiting).toBe(4);
    online = true;
    expect(await queue.flush()).toMatchObject({ refused: [], waiting: 0 });
    expect(sent.map((action) => (action.kind === 'positions' ? action.fixes.map((fix) => fix.lat) : action.kind))).toEqual([[26.01, 26.02], 'mark', [26.03]]);
  });
});

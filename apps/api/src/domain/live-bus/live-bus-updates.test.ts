import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentBus } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createArea, createDriver, createSchool } from '../../test/factories.js';
import { createFamily } from '../../test/families.js';
import { SetClock } from '../clock.js';

/**
 * The family's live page over Server-Sent Events, opened on another server process than the one
 * the driver's phone posts to: the change travels through the database's notices (LISTEN/NOTIFY on
 * PostgreSQL; the embedded database's own notices otherwise).
 */
const bh = (time: string) => new Date(`2026-12-01T${time}+03:00`);
const clock = new SetClock(bh('06:00:00'));

let t: TestServer;
let otherUrl: string;
let asDriver: HttpClient;
let driverId: string;
let school: { id: string };
let area: { id: string };

interface StreamEvent {
  event: string;
  id: string | null;
  data: unknown;
}

/** An open event stream, read as it comes. */
class EventStream {
  private readonly events: StreamEvent[] = [];
  private buffer = '';
  private waiting: (() => void) | undefined;
  private readonly abort = new AbortController();
  ended = false;

  static async open(url: string, cookie: string | undefined): Promise<EventStream> {
    const stream = new EventStream();
    const response = await fetch(url, { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) }, signal: stream.abort.signal });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    void stream.pump(response.body!.getReader());
    return stream;
  }

  private async pump(reader: ReadableStreamDefaultReader<Uint8Array>) {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          const block = this.buffer.slice(0, end);
          this.buffer = this.buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon <= 0) continue;
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          // The stream's opening event carries the client's settings, not the bus.
          if (!fields.has('data') || fields.get('event') === 'connected') continue;
          this.events.push({ event: fields.get('event') ?? 'message', id: fields.get('id') ?? null, data: JSON.parse(fields.get('data')!) });
          this.waiting?.();
        }
      }
    } catch {
      // Closed by the test.
    } finally {
      this.ended = true;
      this.waiting?.();
    }
  }

  /** The next event that matches, within 5 s (events before it are passed over). */
  async next(matches: (event: StreamEvent) => boolean): Promise<StreamEvent> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const index = this.events.findIndex(matches);
      if (index >= 0) return this.events.splice(0, index + 1).at(-1)!;
      this.events.length = 0;
      if (this.ended || Date.now() > deadline) throw new Error('no such event came');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 100);
      });
    }
  }

  close() {
    this.abort.abort();
  }
}

const busEvent = (event: StreamEvent) => event.data as StudentBus;
const updatesUrl = (base: string, studentId: string) => `${base}/trpc/parent.busUpdates?input=${encodeURIComponent(JSON.stringify({ id: studentId }))}`;

/** A family whose child waits at a house on the meridian, the stop's place in the parent's map link. */
const family = (firstName: string, lat: number, block: string) =>
  createFamily(t, {
    schoolId: school.id,
    areaId: area.id,
    firstName,
    driverId,
    address: `Block ${block}, Road 2, House 3`,
    block,
    locationLink: `https://maps.google.com/?q=${lat},50.5`,
  });

const post = (lat: number, time: string) =>
  asDriver.post('/api/driver/positions', { run: 'morning', fixes: [{ lat, lng: 50.5, accuracy: 8, at: bh(time).toISOString() }] });

beforeAll(async () => {
  t = await startTestServer({ clock });
  otherUrl = (await t.startAnother({ clock })).url;
  const driver = await createDriver(t.db);
  driverId = driver.driverId;
  asDriver = await t.signIn(driver);
  school = await createSchool(t.db);
  area = await createArea(t.db);
});
afterAll(() => t.close());

describe("the family's live page", () => {
  it('hears the bus move when the phone posts to another server process, then that the child was dropped', async () => {
    const amal = await family('Amal', 26.01, '201');
    expect((await asDriver.post('/api/driver/runs/morning/start', {})).status).toBe(200);
    clock.set(bh('06:00:10'));
    expect((await post(26.0, '06:00:10')).status).toBe(202);

    const stream = await EventStream.open(updatesUrl(otherUrl, amal.studentId), amal.parent.cookie);
    const first = await stream.next(() => true);
    expect(first.id).toBeTruthy();
    expect(busEvent(first)).toMatchObject({ status: 'on_the_way', position: { lat: 26 }, stale: false });

    clock.set(bh('06:00:20'));
    const posted = Date.now();
    expect((await post(26.002, '06:00:20')).status).toBe(202);
    const moved = await stream.next((event) => (busEvent(event) as { position?: { lat: number } }).position?.lat === 26.002);
    expect(Date.now() - posted).toBeLessThan(2_000);
    expect(busEvent(moved)).toMatchObject({ status: 'on_the_way', stopsBefore: 0 });

    const mark = (event: string, id: string) => asDriver.post('/api/driver/runs/morning/marks', { studentId: amal.studentId, event, clientId: id });
    expect((await mark('boarded', 'updates-1')).status).toBe(201);
    expect((await mark('dropped', 'updates-2')).status).toBe(201);
    // After the drop, only 'not on its way', whatever the bus does next.
    expect(busEvent(await stream.next((event) => busEvent(event).status === 'not_on_the_way'))).toEqual({ status: 'not_on_the_way' });
    clock.set(bh('06:00:30'));
    expect((await post(26.003, '06:00:30')).status).toBe(202);
    expect(busEvent(await stream.next(() => true))).toEqual({ status: 'not_on_the_way' });
    stream.close();
  });

  it('ends when the family signs out: the next change answers 401, not the bus', async () => {
    const badr = await family('Badr', 26.02, '202');
    const stream = await EventStream.open(updatesUrl(otherUrl, badr.studentId), badr.parent.cookie);
    expect(busEvent(await stream.next(() => true))).toMatchObject({ status: 'on_the_way' });
    expect((await badr.parent.post('/api/auth/logout', {})).status).toBe(200);
    clock.set(bh('06:00:40'));
    expect((await post(26.004, '06:00:40')).status).toBe(202);
    const refused = await stream.next((event) => event.event === 'serialized-error');
    expect(refused.data).toMatchObject({ data: { httpStatus: 401 } });
    stream.close();
  });

  it("refuses another family's student before anything is sent", async () => {
    const carim = await family('Carim', 26.03, '203');
    const dana = await family('Dana', 26.04, '204');
    const stream = await EventStream.open(updatesUrl(otherUrl, dana.studentId), carim.parent.cookie);
    const refused = await stream.next(() => true);
    expect(refused.event).toBe('serialized-error');
    expect(refused.data).toMatchObject({ data: { httpStatus: 404 } });
    stream.close();
  });
});

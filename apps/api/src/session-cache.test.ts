import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.js';

const FAR = new Date(Date.UTC(2100, 0, 1));

function clock(start = 1_000_000) {
  const time = { now: start };
  return { time, now: () => time.now };
}

describe('the session cache', () => {
  it('caches nothing until the notices of changes come, and nothing again once they are lost', () => {
    const cache = new SessionCache<string>();
    cache.set('sid', 'session', FAR, cache.mark());
    expect(cache.get('sid')).toBeUndefined();

    cache.noticesComing();
    cache.set('sid', 'session', FAR, cache.mark());
    expect(cache.get('sid')).toBe('session');

    cache.noticesLost();
    expect(cache.get('sid')).toBeUndefined();
    cache.set('sid', 'session', FAR, cache.mark());
    expect(cache.get('sid')).toBeUndefined();
  });

  it('does not cache a read that was under way when the cache was cleared', () => {
    const cache = new SessionCache<string>();
    cache.noticesComing();
    const before = cache.mark();
    cache.clear(); // a notice came while the session was being read: the read may predate the change
    cache.set('sid', 'stale', FAR, before);
    expect(cache.get('sid')).toBeUndefined();

    const alsoBefore = cache.mark();
    cache.delete('other-sid');
    cache.set('sid', 'stale', FAR, alsoBefore);
    expect(cache.get('sid')).toBeUndefined();
  });

  it('deletes one session or clears them all', () => {
    const cache = new SessionCache<string>();
    cache.noticesComing();
    cache.set('a', 'A', FAR, cache.mark());
    cache.set('b', 'B', FAR, cache.mark());
    cache.delete('a');
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, 'B']);
    cache.clear();
    expect(cache.get('b')).toBeUndefined();
  });

  it('caches a session for the time to live at most, and never past its expiry', () => {
    const { time, now } = clock();
    const cache = new SessionCache<string>(10_000, now);
    cache.noticesComing();
    cache.set('long', 'L', FAR, cache.mark());
    cache.set('ending', 'E', new Date(time.now + 2_000), cache.mark());
    time.now += 1_999;
    expect([cache.get('long'), cache.get('ending')]).toEqual(['L', 'E']);
    time.now += 1;
    expect([cache.get('long'), cache.get('ending')]).toEqual(['L', undefined]);
    time.now += 8_000;
    expect(cache.get('long')).toBeUndefined();
  });
});

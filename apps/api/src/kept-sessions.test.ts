import { describe, expect, it } from 'vitest';
import { KeptSessions } from './kept-sessions.js';

const FAR = new Date(Date.UTC(2100, 0, 1));

function clock(start = 1_000_000) {
  const time = { now: start };
  return { time, now: () => time.now };
}

describe('kept sessions', () => {
  it('keeps nothing until the notices of changes come, and nothing again once they are lost', () => {
    const kept = new KeptSessions<string>();
    kept.keep('sid', 'session', FAR, kept.mark());
    expect(kept.get('sid')).toBeUndefined();

    kept.noticesComing();
    kept.keep('sid', 'session', FAR, kept.mark());
    expect(kept.get('sid')).toBe('session');

    kept.noticesLost();
    expect(kept.get('sid')).toBeUndefined();
    kept.keep('sid', 'session', FAR, kept.mark());
    expect(kept.get('sid')).toBeUndefined();
  });

  it('does not keep a read that was under way when something was forgotten', () => {
    const kept = new KeptSessions<string>();
    kept.noticesComing();
    const before = kept.mark();
    kept.forgetAll(); // a notice came while the session was being read: the read may predate the change
    kept.keep('sid', 'stale', FAR, before);
    expect(kept.get('sid')).toBeUndefined();

    const alsoBefore = kept.mark();
    kept.forget('other-sid');
    kept.keep('sid', 'stale', FAR, alsoBefore);
    expect(kept.get('sid')).toBeUndefined();
  });

  it('forgets one session or all of them', () => {
    const kept = new KeptSessions<string>();
    kept.noticesComing();
    kept.keep('a', 'A', FAR, kept.mark());
    kept.keep('b', 'B', FAR, kept.mark());
    kept.forget('a');
    expect([kept.get('a'), kept.get('b')]).toEqual([undefined, 'B']);
    kept.forgetAll();
    expect(kept.get('b')).toBeUndefined();
  });

  it('keeps a session for the time to live at most, and never past its expiry', () => {
    const { time, now } = clock();
    const kept = new KeptSessions<string>(10_000, now);
    kept.noticesComing();
    kept.keep('long', 'L', FAR, kept.mark());
    kept.keep('ending', 'E', new Date(time.now + 2_000), kept.mark());
    time.now += 1_999;
    expect([kept.get('long'), kept.get('ending')]).toEqual(['L', 'E']);
    time.now += 1;
    expect([kept.get('long'), kept.get('ending')]).toEqual(['L', undefined]);
    time.now += 8_000;
    expect(kept.get('long')).toBeUndefined();
  });
});

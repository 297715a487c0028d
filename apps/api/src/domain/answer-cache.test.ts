import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';

/** A count that answers `value` when released, and says how often it was asked. */
function counter(value: number) {
  let asked = 0;
  return {
    count: () => {
      asked += 1;
      return Promise.resolve(value);
    },
    get asked() {
      return asked;
    },
  };
}

describe('the answer cache', () => {
  it('asks once for a few seconds, and once for everyone asking at the same moment', async () => {
    let now = 0;
    const counts = new AnswerCache(5000, () => now);
    const all = counter(100);
    expect(await Promise.all([counts.get('all', all.count), counts.get('all', all.count), counts.get('all', all.count)])).toEqual([100, 100, 100]);
    expect(all.asked).toBe(1);
    now = 2499;
    expect(await counts.get('all', all.count)).toBe(100);
    expect(all.asked).toBe(1);
    now = 5000;
    await counts.get('all', all.count);
    expect(all.asked).toBe(2);
  });

  it('keeps each key apart, and asks every one afresh after a write', async () => {
    const counts = new AnswerCache(5000, () => 0);
    const all = counter(100);
    const paid = counter(60);
    expect(await counts.get('all', all.count)).toBe(100);
    expect(await counts.get('paid', paid.count)).toBe(60);
    counts.clear();
    await counts.get('all', all.count);
    await counts.get('paid', paid.count);
    expect([all.asked, paid.asked]).toEqual([2, 2]);
  });

  it('does not cache an answer that failed', async () => {
    const counts = new AnswerCache(5000, () => 0);
    await expect(counts.get('all', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await counts.get('all', counter(7).count)).toBe(7);
  });

  it('asks again ahead of time in the second half of the few seconds, answering from the cache meanwhile', async () => {
    let now = 0;
    let students = 100;
    let asked = 0;
    let release: () => void = () => {};
    const count = () => {
      asked += 1;
      const value = students;
      return new Promise<number>((done) => (release = () => done(value)));
    };
    const counts = new AnswerCache(5000, () => now);
    const first = counts.get('all', count);
    release();
    expect(await first).toBe(100);
    students = 101;
    now = 2500;
    // The refresh starts; this request and the next are answered from the cache.
    expect(await counts.get('all', count)).toBe(100);
    expect(await counts.get('all', count)).toBe(100);
    expect(asked).toBe(2);
    release();
    await Promise.resolve();
    expect(await counts.get('all', count)).toBe(101);
    // The refreshed answer lasts from when it was asked (2500), not from the first one.
    now = 7499;
    expect(await counts.get('all', count)).toBe(101);
    expect(asked).toBe(3);
  });

  it('does not cache a refresh that a write overtook, and tries again after a failed one', async () => {
    let now = 0;
    const counts = new AnswerCache(5000, () => now);
    expect(await counts.get('all', () => Promise.resolve(100))).toBe(100);
    now = 3000;
    let release: (value: number) => void = () => {};
    expect(await counts.get('all', () => new Promise<number>((done) => (release = done)))).toBe(100);
    counts.clear();
    expect(await counts.get('all', () => Promise.resolve(102))).toBe(102);
    release(101);
    await Promise.resolve();
    expect(await counts.get('all', () => Promise.resolve(999))).toBe(102);

    now = 6000;
    await expect(counts.get('all', () => Promise.reject(new Error('database gone')))).resolves.toBe(102);
    await Promise.resolve();
    expect(await counts.get('all', () => Promise.resolve(103))).toBe(102);
    await Promise.resolve();
    expect(await counts.get('all', () => Promise.resolve(999))).toBe(103);
  });
});

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

  it('does not bring back an answer that a write overtook', async () => {
    const counts = new AnswerCache(5000, () => 0);
    let release: (value: number) => void = () => {};
    const before = counts.get('all', () => new Promise<number>((done) => (release = done)));
    counts.clear();
    expect(await counts.get('all', () => Promise.resolve(102))).toBe(102);
    release(101);
    expect(await before).toBe(101);
    expect(await counts.get('all', () => Promise.resolve(999))).toBe(102);
  });
});

import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answers.js';

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

describe('answers kept a few seconds', () => {
  it('asks once for a few seconds, and once for everyone asking at the same moment', async () => {
    let now = 0;
    const counts = new KeptAnswers(5000, () => now);
    const all = counter(100);
    expect(await Promise.all([counts.get('all', all.count), counts.get('all', all.count), counts.get('all', all.count)])).toEqual([100, 100, 100]);
    expect(all.asked).toBe(1);
    now = 4999;
    expect(await counts.get('all', all.count)).toBe(100);
    expect(all.asked).toBe(1);
    now = 5000;
    await counts.get('all', all.count);
    expect(all.asked).toBe(2);
  });

  it('keeps each key apart, and asks every one afresh after a write', async () => {
    const counts = new KeptAnswers(5000, () => 0);
    const all = counter(100);
    const paid = counter(60);
    expect(await counts.get('all', all.count)).toBe(100);
    expect(await counts.get('paid', paid.count)).toBe(60);
    counts.forget();
    await counts.get('all', all.count);
    await counts.get('paid', paid.count);
    expect([all.asked, paid.asked]).toEqual([2, 2]);
  });

  it('does not keep an answer that failed', async () => {
    const counts = new KeptAnswers(5000, () => 0);
    await expect(counts.get('all', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await counts.get('all', counter(7).count)).toBe(7);
  });
});

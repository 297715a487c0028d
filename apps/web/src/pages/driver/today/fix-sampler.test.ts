import { describe, expect, it } from 'vitest';
import { FixSampler } from './fix-sampler.js';

/** 0.0001° of latitude is 11.1 m. */
const at = (lat: number, seconds: number, accuracy = 10) => ({ lat, lng: 50.5, accuracy, time: seconds * 1000 });

describe('the positions the driver’s phone sends', () => {
  it('sends the first fix, then while moving one per 30 m but not more often than every 10 s', () => {
    const sampler = new FixSampler();
    expect(sampler.offer(at(26, 0))).toBe('send');
    // 55 m further after 5 s: too soon, it waits for the 10 s to be up.
    expect(sampler.offer(at(26.0005, 5))).toBe('wait');
    expect(sampler.due()).toBe(10_000);
    // 111 m further after 10 s: sent.
    expect(sampler.offer(at(26.001, 10))).toBe('send');
    // 22 m further after 12 s: not far enough, not yet a heartbeat.
    expect(sampler.offer(at(26.0012, 22))).toBe('skip');
    // 33 m after 14 s: sent.
    expect(sampler.offer(at(26.0013, 24))).toBe('send');
  });

  it('standing still, sends a heartbeat every 20 s', () => {
    const sampler = new FixSampler();
    expect(sampler.offer(at(26, 0))).toBe('send');
    expect(sampler.offer(at(26, 15))).toBe('skip');
    expect(sampler.offer(at(26, 20))).toBe('send');
    expect(sampler.offer(at(26.00001, 39))).toBe('skip');
    expect(sampler.offer(at(26.00001, 40))).toBe('send');
  });

  it('never sends a fix less precise than 100 m, nor measures from one', () => {
    const sampler = new FixSampler();
    expect(sampler.offer(at(26, 0, 150))).toBe('skip');
    expect(sampler.offer(at(26, 1, 100))).toBe('send');
    expect(sampler.offer(at(26.01, 30, 101))).toBe('skip');
  });
});

import { describe, expect, it } from 'vitest';
import { formatMoney, moneyInput, sumMoney } from './money.js';

describe('money', () => {
  it('formats amounts with two decimals', () => {
    expect(formatMoney('25')).toBe('25.00');
    expect(formatMoney('30.5')).toBe('30.50');
    expect(formatMoney(28.5)).toBe('28.50');
    expect(formatMoney('007.10')).toBe('7.10');
    expect(() => formatMoney('1e3')).toThrow();
  });

  it('adds without floating-point drift', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(Array.from({ length: 1000 }, () => '25.35'))).toBe('25350.00');
    expect(sumMoney([])).toBe('0.00');
  });

  it('accepts admin input as text or number and refuses what is not an amount', () => {
    expect(moneyInput.parse('30')).toBe('30.00');
    expect(moneyInput.parse(' 30.5 ')).toBe('30.50');
    expect(moneyInput.parse(12)).toBe('12.00');
    expect(moneyInput.safeParse('').error?.issues[0]?.message).toBe('Price is required');
    expect(moneyInput.safeParse('-3').error?.issues[0]?.message).toBe('Price must be an amount in BHD with at most two decimals');
    expect(moneyInput.safeParse('3.999').success).toBe(false);
    expect(moneyInput.safeParse('123456789').success).toBe(false);
  });
});

import { z } from 'zod';
import { MESSAGES } from './messages.js';

/** Money never travels as a float: BHD amounts are strings with two decimals, like "25.00". */
export function formatMoney(value: string | number): string {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Not a money amount: ${String(value)}`);
  const [, whole = '0', fraction = ''] = match;
  return `${BigInt(whole).toString()}.${fraction.padEnd(2, '0')}`;
}

/** Sum of money strings, computed in fils (1/1000 BHD is the smallest unit; we keep cents of the 2-decimal prices). */
export function sumMoney(values: readonly string[]): string {
  let cents = 0n;
  for (const value of values) {
    const [whole = '0', fraction = '00'] = formatMoney(value).split('.');
    cents += BigInt(whole) * 100n + BigInt(fraction);
  }
  return `${(cents / 100n).toString()}.${(cents % 100n).toString().padStart(2, '0')}`;
}

/** An admin-entered amount: "30", "30.5", "30.50" or 30.5 become "30.50". At most 99,999,999.99 (numeric(10,2)). */
export const moneyInput = z
  .union([z.string(), z.number()], { error: MESSAGES.priceRequired })
  .transform((value) => (typeof value === 'number' ? value.toString() : value.trim()))
  .refine((text) => text.length > 0, MESSAGES.priceRequired)
  .refine((text) => text.length === 0 || /^\d{1,8}(\.\d{1,2})?$/.test(text), MESSAGES.priceFormat)
  .transform((text) => formatMoney(text));

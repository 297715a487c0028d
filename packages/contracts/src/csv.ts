/**
 * Rules for the CSV files the product writes (the driver's list, the office's student export):
 * Excel opens UTF-8 correctly only with a byte-order mark, and a cell that starts with = + - @
 * (or a tab or carriage return) would run as a formula, so such cells are prefixed with a quote.
 */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';

export function safeCsvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

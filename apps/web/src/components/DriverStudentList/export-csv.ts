import { stringify } from 'csv-stringify/browser/esm/sync';
import { CSV_BYTE_ORDER_MARK, safeCsvCell } from '@school-transport/contracts';

/**
 * Loaded only when the driver taps Export CSV. The file opens in Excel with Arabic names intact
 * (UTF-8 with a byte-order mark); csv-stringify quotes commas, quotes and new lines; safeCsvCell
 * stops a cell such as "=HYPERLINK(...)" from running as a formula.
 */
export function buildCsv(header: readonly string[], rows: readonly (readonly (string | null | undefined)[])[]): string {
  const records = [header, ...rows].map((row) => row.map((cell) => safeCsvCell(cell)));
  // Excel's CRLF between records; a line break inside a cell (a bare \n too) is always quoted.
  return CSV_BYTE_ORDER_MARK + stringify(records, { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

/** Characters no file system accepts in a name are replaced; the rest of the driver's name stays. */
export function csvFileName(driverName: string, date: string): string {
  const printable = [...driverName].filter((char) => char.charCodeAt(0) >= 0x20).join('');
  const safeName = printable.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'driver';
  return `driver-students-${safeName}-${date}.csv`;
}

export function downloadCsv(fileName: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

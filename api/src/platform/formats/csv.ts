import { STRAY_CONTROLS, wellFormed } from './text.js';

/**
 * The one writer of CSV (RFC 4180) used by every export. A cell is quoted when it holds a
 * comma, a quote or a line break (quotes doubled). A text a spreadsheet would read as a formula
 * (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, so "=HYPERLINK(...)"
 * stays text. Numbers are data and never prefixed (a refund's minus sign); so are decimal
 * amounts written by the exporter itself, passed with `{ number: true }`.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown, { number = false } = {}): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  let s = wellFormed(value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value)).replace(
    STRAY_CONTROLS,
    '',
  );
  if (!number && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record with its CRLF. */
export const csvLine = (cells: readonly unknown[]): string => cells.map((c) => csvCell(c)).join(',') + '\r\n';

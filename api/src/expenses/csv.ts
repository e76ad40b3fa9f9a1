import { isoDate } from '../platform/dates.js';
import { formatMoneyDecimal } from '../platform/money.js';
import type { ExportRow } from './service.js';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a
 * spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return) gets
 * a leading apostrophe, so an expense titled "=HYPERLINK(...)" stays text. Amounts are written
 * by the exporter itself and are never prefixed: a refund's minus sign is data.
 */
export function csvCell(value: string | null | undefined, { formulaSafe = true } = {}): string {
  let s = value ?? '';
  if (formulaSafe && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const CSV_HEADER = [
  'Date',
  'Title',
  'Category',
  'Amount',
  'Currency',
  'Exchange rate',
  'Amount in trip currency',
  'Trip currency',
  'Paid by',
  'Split',
  'Shares',
  'Notes',
];

const fullName = (u: { firstName: string; lastName: string } | null | undefined) => (u ? `${u.firstName} ${u.lastName}`.trim() : '') || 'Unknown';

/** One expense as a CSV line (with its CRLF): amounts as decimal text from their minor units, never through a float. */
export function expenseCsvLine(e: ExportRow): string {
  const dec = (minor: number) => formatMoneyDecimal(minor, e.currency);
  const paidBy = e.payers.length > 1 ? e.payers.map((p) => `${fullName(p.user)}: ${dec(p.amountCents)}`).join('; ') : fullName(e.paidBy);
  const cells: [string | null, boolean][] = [
    [isoDate(e.expenseDate), true],
    [e.title, true],
    [e.category.toLowerCase(), true],
    [dec(e.amountCents), false],
    [e.currency, true],
    [e.exchangeRate ? e.exchangeRate.toFixed() : '', false],
    [e.baseAmountCents != null && e.baseCurrency ? formatMoneyDecimal(e.baseAmountCents, e.baseCurrency) : '', false],
    [e.baseCurrency ?? '', true],
    [paidBy, true],
    [e.splitType.toLowerCase(), true],
    // By name, so that a file reads the same whichever order the shares were stored in.
    [
      e.splits
        .map((s) => `${fullName(s.user)}: ${dec(s.amountCents)}`)
        .sort((a, b) => a.localeCompare(b))
        .join('; '),
      true,
    ],
    [e.notes, true],
  ];
  return cells.map(([v, safe]) => csvCell(v, { formulaSafe: safe })).join(',') + '\r\n';
}

/** A file name from the trip's name: letters, digits and dashes only. */
export function exportFileName(tripName: string, day: string): string {
  const slug =
    tripName
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .replace(/-+/g, '-')
      .slice(0, 60) || 'trip';
  return `${slug}-expenses-${day}.csv`;
}

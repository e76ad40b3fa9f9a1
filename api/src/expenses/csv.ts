import { isoDate } from '../platform/dates.js';
import { formatMoneyDecimal } from '../platform/money.js';
import { csvCell } from '../platform/formats/csv.js';
import type { ExportRow } from './service.js';
import { displayName } from '../accounts/accountFields.js';

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

/**
 * One expense as a CSV line (with its CRLF), through the one CSV writer: amounts as decimal text
 * from their minor units, never through a float, and never prefixed as formulas (they are data).
 */
export function expenseCsvLine(e: ExportRow): string {
  const dec = (minor: number) => formatMoneyDecimal(minor, e.currency);
  const paidBy =
    e.payers.length > 1 ? e.payers.map((p) => `${displayName(p.user, 'Unknown')}: ${dec(p.amountCents)}`).join('; ') : displayName(e.paidBy, 'Unknown');
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
        .map((s) => `${displayName(s.user, 'Unknown')}: ${dec(s.amountCents)}`)
        .sort((a, b) => a.localeCompare(b))
        .join('; '),
      true,
    ],
    [e.notes, true],
  ];
  return cells.map(([v, text]) => csvCell(v, { number: !text })).join(',') + '\r\n';
}

/**
 * The header, its first column saying which zone the dates are days in (the trip's: "Date
 * (Asia/Tokyo)"), or plain "Date" for a trip without one.
 */
export function csvHeader(timeZone: string | null): string[] {
  return timeZone ? [`Date (${timeZone})`, ...CSV_HEADER.slice(1)] : CSV_HEADER;
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

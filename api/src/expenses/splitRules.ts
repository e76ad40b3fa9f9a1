/**
 * How an expense becomes shares, exact to the minor unit: the one copy of these rules, used by the
 * server's validation (validation.ts) and by the web's expense form for its previews
 * (browser-safe: no Node APIs, nothing but money arithmetic).
 *
 * The odd units. 10.00 shared three ways leaves one cent that cannot be split; it used to go to
 * the lowest user id on every expense (30 dinners of 10.00 three ways: 100.20 / 99.90 / 99.90).
 * Now the odd units start with the payer (the one the expense makes owed) and go on in user-id
 * order after them, wrapping round. We chose the payer over a rotation by expense id because
 * (a) nobody is charged a cent more than their exact share on someone else's bill while the payer
 * can absorb it: with one odd unit, the debtors all owe the rounded-down share; (b) it needs
 * nothing but the form's own fields, so the form's preview shows exactly the cents the server
 * stores, before the expense has an id; (c) over a trip where people take turns paying, the odd
 * units follow the turns. A participant is never more than one unit from another in an equal split.
 */
import { apportion, currencyExponent } from '../platform/money.js';

/** Where a split's odd units start: the payer if they share it, else the next participant after them by id. */
export function oddUnitStart(participants: readonly string[], payerId: string): number {
  const at = participants.indexOf(payerId);
  if (at >= 0) return at;
  const next = participants.findIndex((id) => id > payerId);
  return next < 0 ? 0 : next;
}

/** Participants in the stable order every split uses (by id, each once, blanks dropped). */
export const participantOrder = (ids: readonly string[]) => [...new Set(ids.filter(Boolean))].sort();

/** An equal split of `amountMinor` among `participants` (in participantOrder), odd units from the payer. */
export const equalShares = (amountMinor: number, participants: readonly string[], payerId: string) =>
  apportion(
    amountMinor,
    participants.map(() => 1),
    oddUnitStart(participants, payerId),
  );

/** Shares in proportion to `weights` (percentages, typed amounts, subtotals), ties from the payer. */
export const weightedShares = (amountMinor: number, weights: readonly number[], participants: readonly string[], payerId: string) =>
  apportion(amountMinor, weights, oddUnitStart(participants, payerId));

/**
 * How far typed parts may miss the amount and still be brought to it: 0.01 of the major unit,
 * none for a currency without cents (JPY).
 */
export const centTolerance = (currency: string) => Math.floor(10 ** (currencyExponent(currency) - 2));

/** What typed parts leave over the amount (positive: too little typed), and whether that is acceptable. */
export function partsGap(amountMinor: number, parts: readonly number[], currency: string): { gap: number; ok: boolean } {
  const total = parts.reduce((a, b) => a + b, 0);
  const gap = amountMinor - total;
  return { gap, ok: total > 0 && Math.abs(gap) <= centTolerance(currency) };
}

/** Typed parts within the tolerance, brought to the amount exactly (unchanged when they already match). */
export const exactParts = (amountMinor: number, parts: readonly number[], participants: readonly string[], payerId: string) =>
  parts.reduce((a, b) => a + b, 0) === amountMinor ? [...parts] : weightedShares(amountMinor, parts, participants, payerId);

/** The one who paid most (ties: the lowest id): the expense's `paidById` when several paid. */
export function leadPayer(rows: readonly { userId: string; amountMinor: number }[]): string | undefined {
  return [...rows].sort((a, b) => b.amountMinor - a.amountMinor || (a.userId < b.userId ? -1 : 1))[0]?.userId;
}

/** One line of an itemised receipt: its amount and who shares it. */
export interface ReceiptLine {
  amountMinor: number;
  participants: readonly string[];
}

/** What each person's own lines come to: each line split equally among its people (odd units from the payer). */
export function lineSubtotals(lines: readonly ReceiptLine[], payerId: string): Map<string, number> {
  const owed = new Map<string, number>();
  for (const line of lines) {
    const people = participantOrder(line.participants);
    const parts = equalShares(line.amountMinor, people, payerId);
    people.forEach((id, k) => owed.set(id, (owed.get(id) ?? 0) + parts[k]!));
  }
  return owed;
}

/**
 * An itemised split: each person pays their lines plus their part of the tax and tip (and of a
 * gap within the tolerance), the whole amount apportioned in proportion to the subtotals, so the
 * shares add up to the amount exactly. Returns the participants (in order) and their shares.
 */
export function itemisedShares(amountMinor: number, lines: readonly ReceiptLine[], payerId: string): { participants: string[]; shares: number[] } {
  const owed = lineSubtotals(lines, payerId);
  const participants = participantOrder([...owed.keys()]);
  return {
    participants,
    shares: weightedShares(
      amountMinor,
      participants.map((id) => owed.get(id)!),
      participants,
      payerId,
    ),
  };
}

/** What a receipt comes to: its lines, tax and tip. */
export const receiptTotal = (lines: readonly ReceiptLine[], taxMinor: number, tipMinor: number) =>
  lines.reduce((a, l) => a + l.amountMinor, 0) + taxMinor + tipMinor;

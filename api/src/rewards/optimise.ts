import { MARKET_CURRENCY, type Catalog, type Program, type RewardCategory } from './catalog/schema.js';

/**
 * "Who should book what": for each item of a trip and each expense category, the member and
 * card (or programme) with the most estimated value. Pure and browser-safe: the service hands
 * it the catalogue, the members' wallets and the trip's items; nothing here reads a database.
 *
 * Estimated value = amount × earn rate × point value (in the trip's currency), plus what the
 * member earns in the matching airline or hotel programme, plus the status benefits that apply
 * (each valued in dollars by the catalogue, turned into the trip's currency at its rough rate).
 */

export interface WalletEntry {
  programId: string;
  status: string | null;
}
export interface OptimiserMember {
  userId: string;
  /** The first name a reason uses ("Ana earns..."). */
  name: string;
  holdings: WalletEntry[];
}
export type ItemKind = 'FLIGHT' | 'ACCOMMODATION' | 'TRANSPORT' | 'RESTAURANT' | 'ACTIVITY' | 'EVENT' | 'OTHER';
export interface OptimiserItem {
  id: string;
  type: ItemKind;
  title: string;
  flightNumber?: string | null;
  hotelName?: string | null;
  location?: string | null;
  notes?: string | null;
  /** What it costs in minor units of the trip's currency (its expense), when known. */
  costMinor?: number | null;
}
export type ExpenseCategoryKey = 'FOOD' | 'TRANSPORT' | 'ACCOMMODATION' | 'ENTERTAINMENT' | 'SHOPPING' | 'ACTIVITIES' | 'OTHER';
export interface OptimiserTrip {
  currency: string;
  budgetMinor: number | null;
  items: OptimiserItem[];
  /** Spent so far per expense category, in minor units of the trip's currency. */
  spentMinor: Partial<Record<ExpenseCategoryKey, number>>;
}

export type AmountBasis = 'cost' | 'spent' | 'budget_share' | 'nominal';
export interface Suggestion {
  itineraryItemId: string | null;
  expenseCategory: ExpenseCategoryKey | null;
  category: RewardCategory;
  userId: string;
  /** The card paid with, or the loyalty programme alone when the member holds no card that earns more. */
  programId: string;
  programName: string;
  /** The airline or hotel programme the booking is credited to, when it adds value. */
  loyaltyProgramId: string | null;
  estimatedPoints: number;
  estimatedValueMinor: number;
  currency: string;
  amountMinor: number;
  amountBasis: AmountBasis;
  benefits: string[];
  reason: string;
}

export const EXPENSE_TO_REWARD: Record<ExpenseCategoryKey, RewardCategory> = {
  FOOD: 'dining',
  TRANSPORT: 'transit',
  ACCOMMODATION: 'hotels',
  ENTERTAINMENT: 'other',
  SHOPPING: 'other',
  ACTIVITIES: 'other',
  OTHER: 'other',
};
/** An estimated share of a trip's budget by category, when an item has no cost of its own. */
export const BUDGET_SHARE: Record<RewardCategory, number> = {
  flights: 0.35,
  hotels: 0.35,
  car_rental: 0.05,
  transit: 0.05,
  dining: 0.12,
  groceries: 0,
  other: 0.08,
};
/** Without a cost or a budget, values are stated per 100 units of the trip's currency. */
export const NOMINAL_MINOR = 10_000;

export const CATEGORY_LABELS: Record<RewardCategory, string> = {
  flights: 'flights',
  hotels: 'hotels',
  car_rental: 'car rental',
  dining: 'dining',
  groceries: 'groceries',
  transit: 'transport',
  other: 'everyday spending',
};

const CAR = /\b(car|rental|hire|hertz|avis|enterprise|sixt|europcar|budget|alamo|national|thrifty|dollar)\b/i;

export function itemCategory(item: Pick<OptimiserItem, 'type' | 'title' | 'notes'>): RewardCategory {
  switch (item.type) {
    case 'FLIGHT':
      return 'flights';
    case 'ACCOMMODATION':
      return 'hotels';
    case 'TRANSPORT':
      return CAR.test(`${item.title} ${item.notes ?? ''}`) ? 'car_rental' : 'transit';
    case 'RESTAURANT':
      return 'dining';
    default:
      return 'other';
  }
}

/** Lower case, accents removed, anything else a space: how brands and names are compared. */
export const fold = (s: string) =>
  ` ${s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

/** The airline (IATA code) of a flight, from its flight number ("UA 123", "6E2041") or its title's airline name. */
export function airlineOf(catalog: Catalog, item: Pick<OptimiserItem, 'flightNumber' | 'title'>): string | null {
  const known = new Map(catalog.programs.flatMap((p) => p.airlines.map((a) => [a.code, a.name] as const)));
  for (const text of [item.flightNumber, item.title]) {
    const m = text?.toUpperCase().match(/\b([A-Z][A-Z0-9]|[0-9][A-Z])\s?-?(\d{1,4})\b/);
    if (m && known.has(m[1]!)) return m[1]!;
  }
  const title = fold(`${item.title} ${item.flightNumber ?? ''}`);
  let best: { code: string; len: number } | null = null;
  for (const [code, name] of known) {
    const n = fold(name);
    if (title.includes(n) && (!best || n.length > best.len)) best = { code, len: n.length };
  }
  return best?.code ?? null;
}

/** The hotel programme of a stay, from a brand in its hotel name, title or place (the longest brand named wins). */
export function hotelProgramOf(catalog: Catalog, item: Pick<OptimiserItem, 'hotelName' | 'title' | 'location'>): Program | null {
  const text = fold(`${item.hotelName ?? ''} ${item.title} ${item.location ?? ''}`);
  let best: { p: Program; len: number } | null = null;
  for (const p of catalog.programs) {
    if (p.kind !== 'hotel') continue;
    for (const brand of p.brands) {
      const b = fold(brand);
      if (text.includes(b) && (!best || b.length > best.len)) best = { p, len: b.length };
    }
  }
  return best?.p ?? null;
}

interface Target {
  itemId: string | null;
  expenseCategory: ExpenseCategoryKey | null;
  category: RewardCategory;
  amountMinor: number;
  basis: AmountBasis;
  airline: string | null;
  hotel: Program | null;
}

interface Candidate {
  member: OptimiserMember;
  card: Program | null;
  cardRate: number;
  cardPortal: string | null;
  cardValue: number;
  points: number;
  loyalty: Program | null;
  loyaltyValue: number;
  statusName: string | null;
  benefits: { label: string; value: number }[];
  total: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function pointValueLabel(p: Program): string {
  const v = round2(p.pointValueCents);
  if (p.country === 'GB') return `${v}p`;
  if (p.country === 'IN') return `₹${round2(v / 100)}`;
  if (p.country === 'MX') return `MX$${round2(v / 100)}`;
  return `${v}¢`;
}

const pct = (fraction: number) => `${round2(fraction * 100)}%`;
const times = (rate: number) => `${round2(rate)}×`;

function formatMinor(minor: number, currency: string): string {
  return `${(minor / 100).toFixed(2)} ${currency}`;
}

/** Builds every suggestion of a trip; members without a wallet are never chosen. */
export function optimiseTrip(catalog: Catalog, members: OptimiserMember[], trip: OptimiserTrip): Suggestion[] {
  const byId = new Map(catalog.programs.map((p) => [p.id, p]));
  const allianceOf = new Map(catalog.programs.flatMap((p) => p.airlines.map((a) => [a.code, p.alliance] as const)));
  const rate = (currency: string) => catalog.unitsPerUsd[currency] ?? 1;

  const targets: Target[] = [];
  const counts = new Map<RewardCategory, number>();
  for (const item of trip.items) counts.set(itemCategory(item), (counts.get(itemCategory(item)) ?? 0) + 1);
  const share = (category: RewardCategory, count: number): { amountMinor: number; basis: AmountBasis } =>
    trip.budgetMinor && BUDGET_SHARE[category] > 0
      ? { amountMinor: Math.round((trip.budgetMinor * BUDGET_SHARE[category]) / Math.max(1, count)), basis: 'budget_share' }
      : { amountMinor: NOMINAL_MINOR, basis: 'nominal' };
  for (const item of trip.items) {
    const category = itemCategory(item);
    const amount = item.costMinor && item.costMinor > 0 ? { amountMinor: item.costMinor, basis: 'cost' as const } : share(category, counts.get(category)!);
    targets.push({
      itemId: item.id,
      expenseCategory: null,
      category,
      ...amount,
      airline: category === 'flights' ? airlineOf(catalog, item) : null,
      hotel: category === 'hotels' ? hotelProgramOf(catalog, item) : null,
    });
  }
  for (const key of Object.keys(EXPENSE_TO_REWARD) as ExpenseCategoryKey[]) {
    const category = EXPENSE_TO_REWARD[key];
    const spent = trip.spentMinor[key] ?? 0;
    const amount = spent > 0 ? { amountMinor: spent, basis: 'spent' as const } : share(category, 1);
    targets.push({ itemId: null, expenseCategory: key, category, ...amount, airline: null, hotel: null });
  }

  const out: Suggestion[] = [];
  for (const target of targets) {
    let best: Candidate | null = null;
    for (const member of members) {
      const held = member.holdings.map((h) => ({ h, p: byId.get(h.programId) })).filter((x): x is { h: WalletEntry; p: Program } => !!x.p && !x.p.retired);
      const loyalty = bestLoyalty(target, held, allianceOf, rate(trip.currency));
      const cards = held.filter((x) => x.p.kind === 'card');
      const options: (Program | null)[] = cards.length ? cards.map((c) => c.p) : loyalty ? [null] : [];
      for (const card of options) {
        // Paid directly (earning in the member's airline or hotel programme too), or through the
        // card's portal when it pays more: a stay booked there earns no hotel points or benefits.
        const ways = card ? cardEarns(card, target, byId) : [{ rate: 0, portal: null }];
        for (const earn of ways) {
          const viaPortal = !!earn.portal && target.category !== 'flights';
          const credited = viaPortal ? null : loyalty;
          const fraction = card ? (earn.rate * card.pointValueCents) / 100 : 0;
          const cardUnits = card ? (target.amountMinor / 100) * (rate(MARKET_CURRENCY[card.country]) / rate(trip.currency)) : 0;
          const c: Candidate = {
            member,
            card,
            cardRate: earn.rate,
            cardPortal: earn.portal,
            cardValue: target.amountMinor * fraction,
            points: Math.round(cardUnits * earn.rate),
            loyalty: credited?.program ?? null,
            loyaltyValue: credited ? target.amountMinor * credited.fraction : 0,
            statusName: credited?.statusName ?? null,
            benefits: credited?.benefits ?? [],
            total: 0,
          };
          c.total = c.cardValue + c.loyaltyValue + c.benefits.reduce((s, b) => s + b.value, 0);
          if (!best || c.total > best.total + 1e-9) best = c;
        }
      }
    }
    if (!best || best.total <= 0) continue;
    const chosen = best.card ?? best.loyalty!;
    const loyaltyPoints = best.loyalty
      ? Math.round(
          (target.amountMinor / 100) * (rate(MARKET_CURRENCY[best.loyalty.country]) / rate(trip.currency)) * loyaltyRate(best.loyalty, target.category),
        )
      : 0;
    out.push({
      itineraryItemId: target.itemId,
      expenseCategory: target.expenseCategory,
      category: target.category,
      userId: best.member.userId,
      programId: chosen.id,
      programName: chosen.name,
      loyaltyProgramId: best.loyalty?.id ?? null,
      estimatedPoints: best.card ? best.points : loyaltyPoints,
      estimatedValueMinor: Math.round(best.total),
      currency: trip.currency,
      amountMinor: target.amountMinor,
      amountBasis: target.basis,
      benefits: best.benefits.map((b) => b.label),
      reason: reasonOf(best, target, trip.currency),
    });
  }
  return out;
}

/**
 * A card's ways to pay for the target: its best direct rate (a co-brand bonus only with its own
 * airline or hotel group), and its portal's rate when that is higher.
 */
function cardEarns(card: Program, t: Target, byId: Map<string, Program>): { rate: number; portal: string | null }[] {
  const scoped = (program: string) => program === t.hotel?.id || (!!t.airline && !!byId.get(program)?.airlines.some((a) => a.code === t.airline));
  let rate = 0;
  for (const e of card.earns) {
    if (e.category !== t.category && e.category !== 'other') continue;
    if (e.program && !scoped(e.program)) continue;
    rate = Math.max(rate, e.rate);
  }
  const ways: { rate: number; portal: string | null }[] = [{ rate, portal: null }];
  const portal = card.portal.filter((p) => p.category === t.category && p.rate > rate).sort((a, b) => b.rate - a.rate)[0];
  if (portal) ways.push({ rate: portal.rate, portal: portal.note });
  return ways;
}

function loyaltyRate(p: Program, category: RewardCategory): number {
  return p.earns.find((e) => e.category === category && !e.program)?.rate ?? 0;
}

/** The member's programme that credits the target (own airline, alliance partner or hotel brand), with its status benefits. */
function bestLoyalty(t: Target, held: { h: WalletEntry; p: Program }[], allianceOf: Map<string, Program['alliance']>, usdToTrip: number) {
  let best: { program: Program; fraction: number; statusName: string | null; benefits: { label: string; value: number }[]; total: number } | null = null;
  for (const { h, p } of held) {
    let own = false;
    let partner = false;
    if (t.category === 'flights' && t.airline && p.kind === 'airline') {
      own = p.airlines.some((a) => a.code === t.airline);
      partner = !own && !!p.alliance && allianceOf.get(t.airline) === p.alliance;
    } else if (t.category === 'hotels' && t.hotel && p.id === t.hotel.id) {
      own = true;
    }
    if (!own && !partner) continue;
    const fraction = (loyaltyRate(p, t.category) * p.pointValueCents) / 100;
    const status = h.status ? p.statuses.find((s) => s.name.toLowerCase() === h.status!.toLowerCase()) : undefined;
    const applies = status && (own || !!status.allianceTier);
    const benefits = applies ? status.benefits.map((b) => ({ label: b.label, value: b.valueUsd * 100 * usdToTrip })) : [];
    const statusName = applies ? (partner && status.allianceTier ? status.allianceTier : `${p.name} ${status.name}`) : null;
    const total = t.amountMinor * fraction + benefits.reduce((s, b) => s + b.value, 0);
    if (!best || total > best.total) best = { program: p, fraction, statusName, benefits, total };
  }
  return best;
}

function listOf(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function reasonOf(c: Candidate, t: Target, currency: string): string {
  const who = c.member.name;
  const what = CATEGORY_LABELS[t.category];
  const parts: string[] = [];
  if (c.card) {
    const fraction = (c.cardRate * c.card.pointValueCents) / 100;
    parts.push(
      `${who} earns ${times(c.cardRate)} on ${what} with ${c.card.name} (${pointValueLabel(c.card)}) = ${pct(fraction)} back${c.cardPortal ? ` when ${c.cardPortal}` : ''}`,
    );
  }
  if (c.loyalty && c.loyaltyValue > 0) {
    const fraction = (loyaltyRate(c.loyalty, t.category) * c.loyalty.pointValueCents) / 100;
    parts.push(`${c.card ? 'and' : `${who}`} credits it to ${c.loyalty.name} for ${pct(fraction)} more`);
  }
  if (c.benefits.length && c.statusName) {
    const value = c.benefits.reduce((s, b) => s + b.value, 0);
    parts.push(`as ${c.statusName} ${who} also gets ${listOf(c.benefits.map((b) => b.label))} (about ${formatMinor(Math.round(value), currency)})`);
  }
  const basis =
    t.basis === 'cost'
      ? `on its cost of ${formatMinor(t.amountMinor, currency)}`
      : t.basis === 'spent'
        ? `on the ${formatMinor(t.amountMinor, currency)} spent so far`
        : t.basis === 'budget_share'
          ? `on an estimated ${formatMinor(t.amountMinor, currency)} (its share of the budget)`
          : `per ${formatMinor(t.amountMinor, currency)} spent`;
  return `${parts.join('; ')}: about ${formatMinor(Math.round(c.total), currency)} ${basis}.`;
}

import { describe, expect, it } from 'vitest';
import { SHIPPED_CATALOG, SHIPPED_CATALOG_INPUT } from '../../api/src/rewards/catalog/index.js';
import { CatalogSchema, MARKETS } from '../../api/src/rewards/catalog/schema.js';
import { airlineOf, hotelProgramOf, optimiseTrip, type OptimiserMember } from '../../api/src/rewards/optimise.js';

describe('rewards catalogue', () => {
  it('passes its schema: every rate at least 0, every programme it references exists', () => {
    const c = CatalogSchema.parse(SHIPPED_CATALOG_INPUT);
    const ids = new Set(c.programs.map((p) => p.id));
    for (const p of c.programs) {
      for (const e of [...p.earns, ...p.portal]) expect(e.rate, `${p.id} ${e.category}`).toBeGreaterThanOrEqual(0);
      for (const t of p.transfersTo) expect(ids.has(t), `${p.id} → ${t}`).toBe(true);
      for (const e of p.earns) if (e.program) expect(ids.has(e.program), `${p.id} with ${e.program}`).toBe(true);
      expect(p.valueSource.length).toBeGreaterThan(5);
    }
    expect(c.version).toMatch(/\d/);
    expect(c.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('holds at least 40 cards across every market, and the three alliances', () => {
    const cards = SHIPPED_CATALOG.programs.filter((p) => p.kind === 'card');
    expect(cards.length).toBeGreaterThanOrEqual(40);
    for (const m of MARKETS.filter((m) => m !== 'INTL'))
      expect(
        cards.some((c) => c.country === m),
        m,
      ).toBe(true);
    const alliances = new Set(SHIPPED_CATALOG.programs.map((p) => p.alliance).filter(Boolean));
    expect([...alliances].sort()).toEqual(['oneworld', 'skyteam', 'star_alliance']);
    expect(SHIPPED_CATALOG.programs.filter((p) => p.kind === 'hotel').map((p) => p.id)).toEqual(
      expect.arrayContaining(['marriott-bonvoy', 'hilton-honors', 'world-of-hyatt', 'ihg-one-rewards', 'accor-all']),
    );
  });

  it('refuses a negative rate, an unknown transfer partner and a duplicate id', () => {
    const bad = structuredClone(SHIPPED_CATALOG_INPUT) as any;
    bad.programs[0].earns[0].rate = -1;
    bad.programs[1].transfersTo = ['no-such-programme'];
    bad.programs[2].id = bad.programs[3].id;
    const r = CatalogSchema.safeParse(bad);
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message).join('\n');
    expect(messages).toMatch(/no-such-programme/);
    expect(messages).toMatch(/Duplicate/);
    expect(r.error!.issues.some((i) => i.path.join('.') === 'programs.0.earns.0.rate')).toBe(true);
  });
});

describe('who should book what', () => {
  const ana: OptimiserMember = {
    userId: 'ana',
    name: 'Ana',
    holdings: [
      { programId: 'chase-sapphire-reserve', status: null },
      { programId: 'united-mileageplus', status: 'Premier Gold' },
    ],
  };
  const ben: OptimiserMember = {
    userId: 'ben',
    name: 'Ben',
    holdings: [
      { programId: 'amex-gold-us', status: null },
      { programId: 'capital-one-venture-x', status: null },
      { programId: 'marriott-bonvoy', status: 'Platinum Elite' },
    ],
  };
  const trip = {
    currency: 'USD',
    budgetMinor: null,
    spentMinor: {},
    items: [
      { id: 'flight', type: 'FLIGHT' as const, title: 'Frankfurt to Lisbon', flightNumber: 'LH 1166', costMinor: 100_000 },
      { id: 'hotel', type: 'ACCOMMODATION' as const, title: 'The Westin Lisbon', costMinor: 50_000 },
    ],
  };

  it('finds the airline and the hotel programme', () => {
    expect(airlineOf(SHIPPED_CATALOG, { flightNumber: 'LH 1166', title: '' })).toBe('LH');
    expect(airlineOf(SHIPPED_CATALOG, { flightNumber: null, title: 'IndiGo 6E2041 to Goa' })).toBe('6E');
    expect(airlineOf(SHIPPED_CATALOG, { flightNumber: null, title: 'Qantas to Sydney' })).toBe('QF');
    expect(hotelProgramOf(SHIPPED_CATALOG, { title: 'The Westin Lisbon', hotelName: null, location: null })?.id).toBe('marriott-bonvoy');
    expect(hotelProgramOf(SHIPPED_CATALOG, { title: 'Stay', hotelName: 'Hampton Inn Austin', location: null })?.id).toBe('hilton-honors');
    expect(hotelProgramOf(SHIPPED_CATALOG, { title: 'Airbnb in Alfama', hotelName: null, location: null })).toBeNull();
  });

  it('chooses the member and card of most value, hand-computed', () => {
    const out = optimiseTrip(SHIPPED_CATALOG, [ana, ben], trip);
    const flight = out.find((s) => s.itineraryItemId === 'flight')!;
    // Ana: Sapphire Reserve through Chase Travel 8 × 2.05¢ = 16.4% of $1,000 = $164; credited to
    // MileagePlus (Star Alliance partner) 5 × 1.35¢ = 6.75% = $67.50; Premier Gold is Star
    // Alliance Gold: bag $35 + lounge $40 + priority $5 = $80. Total $311.50. Ben's best is
    // Venture X through its portal, 5 × 1.85¢ = 9.25% = $92.50.
    expect(flight).toMatchObject({
      userId: 'ana',
      programId: 'chase-sapphire-reserve',
      loyaltyProgramId: 'united-mileageplus',
      estimatedValueMinor: 31_150,
      estimatedPoints: 8_000,
    });
    expect(flight.reason).toContain('Ana earns 8× on flights with Chase Sapphire Reserve (2.05¢) = 16.4% back when booked through Chase Travel');
    expect(flight.reason).toContain('as Star Alliance Gold Ana also gets a free checked bag, lounge access and priority boarding');
    const hotel = out.find((s) => s.itineraryItemId === 'hotel')!;
    // Ben, paying directly with Venture X: 2 × 1.85¢ = 3.7% of $500 = $18.50; Bonvoy 10 × 0.8¢
    // = 8% = $40; Platinum Elite: late check-out $40 + breakfast $30 + upgrade $40 = $110.
    // Total $168.50. Ana's best: Sapphire Reserve through Chase Travel 16.4% = $82.
    expect(hotel).toMatchObject({ userId: 'ben', programId: 'capital-one-venture-x', loyaltyProgramId: 'marriott-bonvoy', estimatedValueMinor: 16_850 });
    expect(hotel.reason).toContain('late check-out until 4 pm');
    // Dining per $100: Ben's Amex Gold 4 × 2¢ = $8 beats Ana's Sapphire Reserve 3 × 2.05¢ = $6.15.
    const food = out.find((s) => s.expenseCategory === 'FOOD')!;
    expect(food).toMatchObject({ userId: 'ben', programId: 'amex-gold-us', estimatedValueMinor: 800, amountBasis: 'nominal' });
  });

  it('never chooses a member without a wallet, and says nothing without one', () => {
    expect(optimiseTrip(SHIPPED_CATALOG, [{ userId: 'x', name: 'X', holdings: [] }], trip)).toEqual([]);
  });

  it('uses the budget share when an item has no cost', () => {
    const out = optimiseTrip(SHIPPED_CATALOG, [ana], {
      ...trip,
      budgetMinor: 400_000,
      items: [{ id: 'f', type: 'FLIGHT', title: 'Flight', flightNumber: 'BA 500' }],
    });
    expect(out.find((s) => s.itineraryItemId === 'f')).toMatchObject({ amountMinor: 140_000, amountBasis: 'budget_share' });
  });
});

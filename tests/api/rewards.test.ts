import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RewardsMessages as M } from '../../api/src/rewards/messages.js';
import { createTestApp, signedInUser, uniqueEmail, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

const ADMIN_EMAIL = uniqueEmail('rewards-admin');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
});
afterAll(() => t.close());

/** A trip owned by Ana with Ben on it, and an outsider. */
async function crew(trip: Record<string, unknown> = {}) {
  const [ana, ben, outsider] = await Promise.all([
    signedInUser(t, { first_name: 'Ana', last_name: 'Silva', country: 'US' }),
    signedInUser(t, { first_name: 'Ben', last_name: 'Okafor', country: 'US' }),
    signedInUser(t),
  ]);
  const created = await createTrip(t, ana.token, { name: 'Lisbon', startDate: '2030-05-01', endDate: '2030-05-08', ...trip });
  await t.db.prisma.tripMember.create({ data: { tripId: created.uuid, userId: ben.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() } });
  return { ana, ben, outsider, trip: created };
}

const put = (token: string, programs: { program_id: string; status?: string }[], share?: boolean) =>
  t.request('PUT', '/api/backend/my-rewards', { token, body: { programs, ...(share === undefined ? {} : { share_with_trips: share }) } });

describe('rewards catalogue and wallets', () => {
  it('serves the catalogue to anyone, versioned, with the contract fields', async () => {
    const r = await t.request('GET', '/api/backend/rewards-catalog');
    expect(r.status).toBe(200);
    expect(r.body.version).toMatch(/\d/);
    expect(r.body.programs.filter((p: any) => p.kind === 'card').length).toBeGreaterThanOrEqual(40);
    const csr = r.body.programs.find((p: any) => p.id === 'chase-sapphire-reserve');
    expect(csr).toMatchObject({ name: 'Chase Sapphire Reserve', kind: 'card', country: 'US', point_value_cents: 2.05 });
    expect(csr.earns).toContainEqual({ category: 'flights', rate: 4 });
  });

  it('keeps a wallet private to its holder, names only', async () => {
    const { ana, ben } = await crew();
    const saved = await put(ana.token, [{ program_id: 'chase-sapphire-reserve' }, { program_id: 'united-mileageplus', status: 'premier gold' }]);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      programs: [
        { program_id: 'chase-sapphire-reserve', status: null, name: 'Chase Sapphire Reserve', kind: 'card' },
        { program_id: 'united-mileageplus', status: 'Premier Gold', name: 'United MileagePlus', kind: 'airline' },
      ],
      share_with_trips: false,
    });
    expect((await t.request('GET', '/api/backend/my-rewards', { token: ben.token })).body.programs).toEqual([]);
    expect((await t.request('GET', '/api/backend/my-rewards')).status).toBe(401);

    const number = await put(ana.token, [{ program_id: 'united-mileageplus', status: '4111 1111 1111 1111' }]);
    expect(number.status).toBe(400);
    expect(JSON.stringify(number.body)).toContain(M.noCardNumbers);
    const asId = await put(ana.token, [{ program_id: '4111111111111111' }]);
    expect(JSON.stringify(asId.body)).toContain(M.noCardNumbers);
    expect(JSON.stringify((await put(ana.token, [{ program_id: 'no-such-card' }])).body)).toContain(M.unknownProgram);
    expect(JSON.stringify((await put(ana.token, [{ program_id: 'united-mileageplus', status: 'Mega Gold' }])).body)).toContain(M.unknownStatus);
    // Refusals change nothing.
    expect((await t.request('GET', '/api/backend/my-rewards', { token: ana.token })).body.programs).toHaveLength(2);
  });
});

describe('who should book what', () => {
  async function bookedTrip() {
    const c = await crew();
    await put(c.ana.token, [{ program_id: 'chase-sapphire-reserve' }, { program_id: 'united-mileageplus', status: 'Premier Gold' }]);
    await put(c.ben.token, [
      { program_id: 'amex-gold-us' },
      { program_id: 'capital-one-venture-x' },
      { program_id: 'marriott-bonvoy', status: 'Platinum Elite' },
    ]);
    const flight = await t.db.prisma.itineraryItem.create({
      data: { tripId: c.trip.uuid, title: 'Frankfurt to Lisbon', type: 'FLIGHT', flightNumber: 'LH 1166', activityDate: new Date('2030-05-01') },
    });
    const hotel = await t.db.prisma.itineraryItem.create({
      data: {
        tripId: c.trip.uuid,
        title: 'The Westin Lisbon',
        type: 'ACCOMMODATION',
        checkInDate: new Date('2030-05-01'),
        checkOutDate: new Date('2030-05-08'),
      },
    });
    return { ...c, flight, hotel };
  }

  it('suggests a payer and card per item and category, members only, without showing private wallets', async () => {
    const { ana, ben, outsider, trip, flight, hotel } = await bookedTrip();
    const r = await t.request('GET', `/api/backend/trip-rewards/${trip.uuid}`, { token: ben.token });
    expect(r.status).toBe(200);
    const forFlight = r.body.suggestions.find((s: any) => s.itinerary_item_id === flight.id);
    expect(forFlight).toMatchObject({ user_id: ana.userId, program_id: 'chase-sapphire-reserve', category: 'flights', currency: 'USD' });
    expect(forFlight.reason).toMatch(/^Ana earns 8× on flights with Chase Sapphire Reserve/);
    const forHotel = r.body.suggestions.find((s: any) => s.itinerary_item_id === hotel.id);
    expect(forHotel).toMatchObject({ user_id: ben.userId, program_id: 'capital-one-venture-x', loyalty_program_id: 'marriott-bonvoy' });
    expect(forHotel.estimated_value).toBeGreaterThan(0);
    expect(r.body.suggestions.find((s: any) => s.expense_category === 'food')).toMatchObject({ user_id: ben.userId, program_id: 'amex-gold-us' });

    // Ben sees only his own wallet; nothing of Ana's beyond the chosen card of each suggestion.
    expect(r.body.shared_wallets.map((w: any) => w.user_id)).toEqual([ben.userId]);
    expect(r.body.members_with_wallet).toBe(2);
    // Of Ana's wallet, only what a suggestion chose for her appears anywhere in Ben's answer.
    const chosenForAna = new Set(r.body.suggestions.filter((s: any) => s.user_id === ana.userId).flatMap((s: any) => [s.program_id, s.loyalty_program_id]));
    for (const held of ['chase-sapphire-reserve', 'united-mileageplus']) if (!chosenForAna.has(held)) expect(JSON.stringify(r.body)).not.toContain(held);

    // Once Ana shares, her wallet shows to Ben.
    await put(ana.token, [{ program_id: 'chase-sapphire-reserve' }, { program_id: 'united-mileageplus', status: 'Premier Gold' }], true);
    const shared = await t.request('GET', `/api/backend/trip-rewards/${trip.uuid}`, { token: ben.token });
    expect(shared.body.shared_wallets.find((w: any) => w.user_id === ana.userId).programs.map((p: any) => p.program_id)).toEqual([
      'chase-sapphire-reserve',
      'united-mileageplus',
    ]);

    expect((await t.request('GET', `/api/backend/trip-rewards/${trip.uuid}`, { token: outsider.token })).status).toBe(403);
    const gql = await t.graphql(
      `query($id: ID!) { node(id: $id) { ... on Trip { rewards { suggestions { programId userName reason } } } } }`,
      { id: trip.id },
      outsider.token,
    );
    expect(gql.body.data?.node?.rewards ?? null).toBeNull();
  });

  it('a member without a shared wallet is never exposed to another member through GraphQL either', async () => {
    const { ana, ben, trip } = await bookedTrip();
    const q = `query($id: ID!) { node(id: $id) { ... on Trip { rewards { sharedWallets { userId programs { programId status } } suggestions { userId programId } } } } }`;
    const r = await t.graphql(q, { id: trip.id }, ana.token);
    const rewards = r.body.data.node.rewards;
    expect(rewards.sharedWallets.map((w: any) => w.userId)).toEqual([ana.userId]);
    // Ben's programmes appear only as the chosen card of a suggestion, never as his wallet.
    const chosenForBen = new Set(rewards.suggestions.filter((s: any) => s.userId === ben.userId).map((s: any) => s.programId));
    expect(chosenForBen.size).toBeGreaterThan(0);
    for (const held of ['amex-gold-us', 'capital-one-venture-x', 'marriott-bonvoy'])
      if (!chosenForBen.has(held)) expect(JSON.stringify(rewards)).not.toContain(held);
    expect(JSON.stringify(rewards)).not.toContain('Platinum Elite');
  });

  it('records the suggestion taken on the expense', async () => {
    const { ana, ben, trip } = await bookedTrip();
    const body = {
      trip_id: trip.uuid,
      title: 'Dinner',
      amount: '80.00',
      category: 'food',
      paid_by: ben.userId,
      expense_date: '2030-05-02',
      split_type: 'equal',
      participants: [ana.userId, ben.userId],
      suggested_program_id: 'amex-gold-us',
    };
    const saved = await t.request('POST', '/api/backend/save-expense', { token: ana.token, body });
    expect(saved.status).toBe(200);
    expect(saved.body.expense.suggested_program_id).toBe('amex-gold-us');
    const bad = await t.request('POST', '/api/backend/save-expense', { token: ana.token, body: { ...body, suggested_program_id: 'made-up-card' } });
    expect(bad.status).toBe(400);
    // An edit that leaves it out keeps it.
    const edited = await t.request('POST', '/api/backend/save-expense', {
      token: ana.token,
      body: { ...body, id: saved.body.expense.id, suggested_program_id: undefined, title: 'Dinner out' },
    });
    expect(edited.body.expense.suggested_program_id).toBe('amex-gold-us');
  });
});

describe('catalogue administration', () => {
  it('lets only administrators change an entry, audited, and reset it', async () => {
    const admin = await signedInUser(t, { email: ADMIN_EMAIL });
    const user = await signedInUser(t);
    expect((await t.request('PUT', '/api/backend/admin/rewards-catalog/amex-gold-us', { token: user.token, body: { pointValueCents: 3 } })).status).toBe(403);
    const bad = await t.request('PUT', '/api/backend/admin/rewards-catalog/amex-gold-us', {
      token: admin.token,
      body: { earns: [{ category: 'dining', rate: -1 }] },
    });
    expect(bad.status).toBe(400);
    const ok = await t.request('PUT', '/api/backend/admin/rewards-catalog/amex-gold-us', {
      token: admin.token,
      body: { pointValueCents: 2.2, valueSource: 'Console test' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.program.point_value_cents).toBe(2.2);
    const catalog = await t.request('GET', '/api/backend/rewards-catalog');
    expect(catalog.body.version).toMatch(/\+1 change/);
    expect(catalog.body.programs.find((p: any) => p.id === 'amex-gold-us').point_value_cents).toBe(2.2);
    const audit = await t.db.prisma.adminAuditEntry.findFirst({ where: { action: 'reward_program.update', targetId: 'amex-gold-us' } });
    expect(audit).toMatchObject({
      before: { pointValueCents: 2, valueSource: expect.any(String) },
      after: { pointValueCents: 2.2, valueSource: 'Console test' },
    });
    expect((await t.request('DELETE', '/api/backend/admin/rewards-catalog/amex-gold-us', { token: admin.token })).body.program.point_value_cents).toBe(2);
    expect(await t.db.prisma.adminAuditEntry.count({ where: { action: 'reward_program.reset', targetId: 'amex-gold-us' } })).toBe(1);
  });
});

describe('smart checklists', () => {
  const suggest = (token: string, tripId: string) => t.request('POST', '/api/backend/suggest-checklist', { token, body: { trip_id: tripId } });

  it('suggests different items for a winter trip (Reykjavik, January) and a beach trip (Cancún, July)', async () => {
    const owner = await signedInUser(t, { country: 'US' });
    const winter = await createTrip(t, owner.token, {
      name: 'Northern lights',
      startDate: '2031-01-10',
      endDate: '2031-01-17',
      destination: { mainText: 'Reykjavík', secondaryText: 'Iceland' },
    });
    const beach = await createTrip(t, owner.token, {
      name: 'Sun and sea',
      startDate: '2031-07-10',
      endDate: '2031-07-15',
      destination: { mainText: 'Cancún', secondaryText: 'Quintana Roo, Mexico' },
    });
    await t.db.prisma.itineraryItem.create({ data: { tripId: beach.uuid, title: 'Snorkel at the reef', type: 'ACTIVITY' } });
    await t.db.prisma.itineraryItem.create({ data: { tripId: winter.uuid, title: 'Car rental at KEF', type: 'TRANSPORT' } });
    const w = (await suggest(owner.token, winter.uuid)).body.items as any[];
    const b = (await suggest(owner.token, beach.uuid)).body.items as any[];
    const names = (items: any[]) => items.map((i) => i.description);
    expect(names(w)).toEqual(
      expect.arrayContaining(['Warm winter coat', 'Hat, gloves and scarf', 'Thermal base layers', 'Passport (valid 6 months past return)', 'Driving licence']),
    );
    expect(names(w)).not.toContain('Swimwear');
    expect(names(b)).toEqual(expect.arrayContaining(['Sunscreen (SPF 30+)', 'Swimwear', 'Sun hat and sunglasses']));
    expect(names(b)).not.toContain('Warm winter coat');
    const coat = w.find((i) => i.description === 'Warm winter coat');
    expect(coat).toMatchObject({ category: 'Packing List', per_person: true });
    expect(coat.reason).toMatch(/Reykjavik in January/);
    expect(w.find((i) => i.description === 'First-aid kit')).toMatchObject({ per_person: false });
    expect(b.filter((i) => i.description === 'Sunscreen (SPF 30+)')).toHaveLength(1);
  });

  it('leaves out what the checklists hold (case and spacing aside), adds the chosen ones, and is for members only', async () => {
    const { ana, ben, outsider, trip } = await crew({ destination: { mainText: 'Reykjavik' }, startDate: '2031-01-10', endDate: '2031-01-12' });
    const list = await t.request('POST', '/api/backend/save-checklist', { token: ana.token, body: { trip_id: trip.uuid, title: 'Ours' } });
    await t.request('POST', '/api/backend/save-checklist-item', {
      token: ana.token,
      body: { checklist_id: list.body.checklist.id, description: '  warm   WINTER coat ' },
    });
    const items = (await suggest(ben.token, trip.uuid)).body.items as any[];
    expect(items.map((i) => i.description)).not.toContain('Warm winter coat');
    expect((await suggest(outsider.token, trip.uuid)).status).toBe(403);

    const chosen = items.filter((i) => ['Hat, gloves and scarf', 'First-aid kit'].includes(i.description));
    const added = await t.request('POST', '/api/backend/add-suggested-checklist-items', { token: ben.token, body: { trip_id: trip.uuid, items: chosen } });
    expect(added.status).toBe(200);
    // The hat is per person (one each, assigned), the kit shared: three items.
    expect(added.body.added).toBe(3);
    const all = await t.db.prisma.checklistItem.findMany({ where: { checklist: { tripId: trip.uuid } }, select: { description: true, assignedToId: true } });
    expect(
      all
        .filter((i) => i.description === 'Hat, gloves and scarf')
        .map((i) => i.assignedToId)
        .sort(),
    ).toEqual([ana.userId, ben.userId].sort());
    const again = (await suggest(ben.token, trip.uuid)).body.items.map((i: any) => i.description);
    expect(again).not.toContain('First-aid kit');
  });
});

/**
 * One rule for what new trip dates leave out (trips/datesChange.ts): the trip form asks
 * Trip.planItemsOutside before saving, updateTrip answers the same list, and a dates poll's winner
 * goes through that same edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PREVIEW = `query($id: ID!, $s: Date!, $e: Date!) { node(id: $id) { ... on Trip { planItemsOutside(startDate: $s, endDate: $e) { title activityDate } } } }`;
const UPDATE = `mutation($id: ID!, $input: TripInput!) { updateTrip(tripId: $id, input: $input) { __typename
  ... on TripPayload { trip { startDate endDate } itemsOutsideDates { title activityDate } } ... on Error { message } } }`;

describe('plan items outside new trip dates', () => {
  it('are listed before saving (members only), answered by the edit and kept', async () => {
    const [owner, outsider] = await Promise.all([signedInUser(t), signedInUser(t)]);
    const trip = await createTrip(t, owner.token, { name: 'Madrid', startDate: '2030-06-01', endDate: '2030-06-10' });
    const day = (d: string) => new Date(`${d}T00:00:00Z`);
    await t.db.prisma.itineraryItem.createMany({
      data: [
        { tripId: trip.uuid, title: 'Prado', type: 'ACTIVITY', activityDate: day('2030-06-02') },
        { tripId: trip.uuid, title: 'Toledo', type: 'ACTIVITY', activityDate: day('2030-06-09') },
        { tripId: trip.uuid, title: 'Flamenco', type: 'ACTIVITY', activityDate: day('2030-06-05') },
      ],
    });
    const preview = await t.graphql(PREVIEW, { id: trip.id, s: '2030-06-04', e: '2030-06-08' }, owner.token);
    expect(preview.body.data.node.planItemsOutside).toEqual([
      { title: 'Prado', activityDate: '2030-06-02' },
      { title: 'Toledo', activityDate: '2030-06-09' },
    ]);
    const refused = await t.graphql(PREVIEW, { id: trip.id, s: '2030-06-04', e: '2030-06-08' }, outsider.token);
    expect(refused.body.data?.node?.planItemsOutside ?? null).toBeNull();

    const input = { name: 'Madrid', startDate: '2030-06-04', endDate: '2030-06-08', currency: 'EUR' };
    const saved = await t.graphql(UPDATE, { id: trip.id, input }, owner.token);
    expect(saved.body.data.updateTrip.trip).toEqual({ startDate: '2030-06-04', endDate: '2030-06-08' });
    expect(saved.body.data.updateTrip.itemsOutsideDates.map((i: { title: string }) => i.title)).toEqual(['Prado', 'Toledo']);
    expect(await t.db.prisma.itineraryItem.count({ where: { tripId: trip.uuid } })).toBe(3);

    // Dates that hold every item answer none.
    const wide = await t.graphql(UPDATE, { id: trip.id, input: { ...input, startDate: '2030-06-01', endDate: '2030-06-10' } }, owner.token);
    expect(wide.body.data.updateTrip.itemsOutsideDates).toEqual([]);
  });
});

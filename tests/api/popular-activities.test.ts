import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const QUERY = '{ viewer { popularActivities(first: 3) { activity travelerCount } } }';

describe('popularActivities', () => {
  it('counts the activities of the viewer and their current trip companions only, in one statement', async () => {
    const [me, mate, outsider, invitee] = await Promise.all([1, 2, 3, 4].map(() => signedInUser(t)));
    const likes = async (u: { userId: string }, activities: string[]) => t.db.prisma.user.update({ where: { id: u.userId }, data: { activities } });
    await likes(me, ['Hiking', 'Food & drink']);
    await likes(mate, ['Food & drink', 'Museums & culture']);
    await likes(outsider, ['Nightlife']);
    await likes(invitee, ['Shopping']);
    const trip = await createTrip(t, me.token, { name: 'Dolomites' });
    await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: mate.userId, status: 'ACCEPTED', role: 'MEMBER' } });
    await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: invitee.userId, status: 'INVITED', role: 'MEMBER' } });

    t.db.stats.queries = 0;
    const res = await t.graphql(QUERY, {}, me.token);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.viewer.popularActivities).toEqual([
      { activity: 'Food & drink', travelerCount: 2 },
      { activity: 'Hiking', travelerCount: 1 },
      { activity: 'Museums & culture', travelerCount: 1 },
    ]);
    const statements = t.db.stats.queries;
    // More companions cost nothing more.
    for (let i = 0; i < 3; i++) {
      const extra = await signedInUser(t);
      await likes(extra, ['Hiking']);
      await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: extra.userId, status: 'ACCEPTED', role: 'MEMBER' } });
    }
    t.db.stats.queries = 0;
    const more = await t.graphql(QUERY, {}, me.token);
    expect(more.body.data.viewer.popularActivities[0]).toEqual({ activity: 'Hiking', travelerCount: 4 });
    expect(t.db.stats.queries).toBe(statements);

    // The outsider's crew is only themself; nobody signed out gets anything.
    expect((await t.graphql(QUERY, {}, outsider.token)).body.data.viewer.popularActivities).toEqual([{ activity: 'Nightlife', travelerCount: 1 }]);
    expect((await t.graphql(QUERY)).body.data.viewer).toBeNull();
    // Someone else's picks: the user themself or an administrator only.
    await t.db.prisma.friendship.create({ data: { userId: outsider.userId, friendId: me.userId } });
    const ofMe = 'query($id: ID!) { node(id: $id) { ... on User { firstName popularActivities { activity } } } }';
    const myId = Buffer.from(`User:${me.userId}`).toString('base64');
    const asFriend = await t.graphql(ofMe, { id: myId }, outsider.token);
    expect(asFriend.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await t.db.prisma.user.update({ where: { id: outsider.userId }, data: { role: 'ADMIN' } });
    const asAdmin = await t.graphql(ofMe, { id: myId }, outsider.token);
    expect(asAdmin.body.data.node.popularActivities[0]).toEqual({ activity: 'Hiking' });
    const tooMany = await t.graphql('{ viewer { popularActivities(first: 500) { activity } } }', {}, me.token);
    expect(tooMany.body.errors?.length).toBeGreaterThan(0);
  });
});

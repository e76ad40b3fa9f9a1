import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { signAccessToken } from '../../api/src/accounts/tokens.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';
import { PRESENCE_FACES } from '../../api/src/presence/live.js';
import { liveWork } from '../../api/src/server/liveResults.js';
import itineraryLive from '../../web/src/__generated__/useItineraryLiveSubscription.graphql.js';
import checklistLive from '../../web/src/__generated__/useChecklistLiveSubscription.graphql.js';
import photosLive from '../../web/src/__generated__/usePhotosLiveSubscription.graphql.js';
import expensesLive from '../../web/src/__generated__/useExpensesLiveSubscription.graphql.js';
import presenceLive from '../../web/src/__generated__/TripPresenceSubscription.graphql.js';

/**
 * A live event costs the same SQL whatever the audience: one itinerary save read once per
 * instance, then handed to every subscriber (issue 34). Counted on one instance, no Redis.
 */
describe('live fan-out at scale', () => {
  let t: TestApp;
  let wsUrl: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    wsUrl = (await t.app.listen(0, '127.0.0.1')).url.replace('http', 'ws') + '/graphql';
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await t?.close();
  });

  /** `count` accepted members of `tripUuid`, made in the database, with access tokens. */
  async function members(tripUuid: string, count: number): Promise<string[]> {
    const stamp = `${process.pid}.${Date.now()}`;
    const users = Array.from({ length: count }, (_, i) => ({
      id: crypto.randomUUID(),
      email: `crowd${i}.${stamp}@example.com`,
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
      firstName: `Crowd${i}`,
      lastName: 'Member',
    }));
    await t.db.prisma.user.createMany({ data: users });
    await t.db.prisma.tripMember.createMany({
      data: users.map((u) => ({ tripId: tripUuid, userId: u.id, status: 'ACCEPTED' as const, role: 'MEMBER' as const, joinedAt: new Date() })),
    });
    return Promise.all(users.map(async (u) => (await signAccessToken(t.app.deps.authSecret, { userId: u.id, isAdmin: false })).token));
  }

  /** One socket per token, each watching the trip with one of the web app's own subscriptions. */
  async function audience(tokens: string[], tripId: string, live: { params: { id?: string | null; name: string } } = itineraryLive) {
    // By persisted id, as the app sends it.
    const { id: documentId, name: operationName } = live.params;
    const received = tokens.map(() => [] as any[]);
    tokens.forEach((token, i) => {
      const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${token}` } });
      clients.push(client);
      client.subscribe({ query: '', documentId, operationName, variables: { tripId, connections: [], albums: [] } } as never, {
        next: (v) => received[i].push(v),
        error: (e: any) => received[i].push({ error: e?.code ? `${e.code} ${e.reason}` : Array.isArray(e) ? e.map((x: any) => x.message).join() : String(e) }),
        complete: () => {},
      });
    });
    return received;
  }

  it('reads one itinerary save in the same number of SQL statements for 1, 10 and 50 subscribers', async () => {
    const owner = await signedInUser(t);
    const counts: Record<number, number> = {};
    for (const n of [1, 10, 50]) {
      const trip = await createTrip(t, owner.token, { name: `Crowd of ${n}` });
      const received = await audience(await members(trip.uuid, n), trip.id);
      const add = (title: string) =>
        t.graphql(
          'mutation($input: AddItineraryItemInput!) { addItineraryItem(input: $input) { __typename } }',
          { input: { tripId: trip.id, item: { type: 'ACTIVITY', title } } },
          owner.token,
        );
      // A first save proves every subscription has started (each hears it)...
      await expect
        .poll(
          async () => {
            if (received.every((r) => r.some((e) => e.data))) return true;
            await add('Warm-up');
            return false;
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true);
      // ...a second, heard after every warm-up (each subscriber's events keep their order), leaves
      // nothing in flight; then one save is counted until everyone has it.
      await add('Settle');
      await expect.poll(() => received.every((r) => r.some((e) => e.data?.tripItineraryChanged?.item?.title === 'Settle')), { timeout: 30_000 }).toBe(true);
      const before = received.map((r) => r.length);
      t.db.stats.queries = 0;
      expect((await add('Counted')).body.data.addItineraryItem.__typename).toBe('ItineraryItemPayload');
      await expect
        .poll(() => received.every((r, i) => r.slice(before[i]).some((e) => e.data?.tripItineraryChanged?.item?.title === 'Counted')), { timeout: 30_000 })
        .toBe(true);
      counts[n] = t.db.stats.queries;
      expect(received.flat().filter((e) => e.errors || e.error)).toEqual([]);
    }
    console.log('SQL statements for one save, by subscribers:', counts);
    expect(counts[10]).toBeLessThanOrEqual(counts[1]);
    expect(counts[50]).toBeLessThanOrEqual(counts[1]);
  }, 120_000);

  it('reads one checklist tick in the same number of SQL statements for 1, 10 and 50 subscribers', async () => {
    const owner = await signedInUser(t);
    const counts: Record<number, number> = {};
    const gql = async (query: string, input: unknown) => Object.values((await t.graphql(query, { input }, owner.token)).body.data)[0] as any;
    for (const n of [1, 10, 50]) {
      const trip = await createTrip(t, owner.token, { name: `Packers ${n}` });
      const received = await audience(await members(trip.uuid, n), trip.id, checklistLive);
      const list = (
        await gql('mutation($input: AddChecklistInput!) { addChecklist(input: $input) { ... on ChecklistPayload { checklist { id } } } }', { tripId: trip.id })
      ).checklist;
      const add = async (description: string) =>
        (
          await gql('mutation($input: AddChecklistItemInput!) { addChecklistItem(input: $input) { ... on ChecklistItemPayload { item { id } } } }', {
            checklistId: list.id,
            item: { description },
          })
        ).item.id as string;
      const heard = (r: any[], description: string) =>
        r.some(
          (e) => e.data?.tripChecklistsChanged?.checklist?.items?.some?.((i: any) => i.description === description) ?? JSON.stringify(e).includes(description),
        );
      // Items are added until every subscription has heard one (each has started), then one more settles.
      await expect
        .poll(
          async () => {
            if (received.every((r) => r.some((e) => e.data))) return true;
            await add('Warm-up');
            return false;
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true);
      const sunscreen = await add('Sunscreen');
      await expect.poll(() => received.every((r) => heard(r, 'Sunscreen')), { timeout: 30_000 }).toBe(true);
      const before = received.map((r) => r.length);
      t.db.stats.queries = 0;
      const tick = await gql('mutation($input: SetChecklistItemCompletedInput!) { setChecklistItemCompleted(input: $input) { __typename } }', {
        id: sunscreen,
        isCompleted: true,
      });
      expect(tick.__typename).toBe('ChecklistItemPayload');
      await expect.poll(() => received.every((r, i) => r.length > before[i]!), { timeout: 30_000 }).toBe(true);
      counts[n] = t.db.stats.queries;
      expect(received.flat().filter((e) => e.errors || e.error)).toEqual([]);
    }
    console.log('SQL statements for one checklist tick, by subscribers:', counts);
    expect(counts[10]).toBeLessThanOrEqual(counts[1]);
    expect(counts[50]).toBeLessThanOrEqual(counts[1]);
  }, 120_000);

  const UPDATE_ITEM = 'mutation($input: UpdateItineraryItemInput!) { updateItineraryItem(input: $input) { __typename } }';
  const ADD_ITEM = 'mutation($input: AddItineraryItemInput!) { addItineraryItem(input: $input) { ... on ItineraryItemPayload { item { id } } } }';

  /** Saves on `tripId` as `token` until every one of `received` has heard one (each subscription has started). */
  async function warmUp(received: any[][], tripId: string, token: string) {
    await expect
      .poll(
        async () => {
          if (received.every((r) => r.some((e) => e.data))) return true;
          await t.graphql(ADD_ITEM, { input: { tripId, item: { type: 'ACTIVITY', title: 'Warm-up' } } }, token);
          return false;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    // One more, heard by all after every warm-up (each subscriber's events keep their order): nothing is left in flight.
    await t.graphql(ADD_ITEM, { input: { tripId, item: { type: 'ACTIVITY', title: 'Settle' } } }, token);
    await expect.poll(() => received.every((r) => r.some((e) => e.data?.tripItineraryChanged?.item?.title === 'Settle')), { timeout: 30_000 }).toBe(true);
  }

  it('executes and serialises one itinerary save once per kind of viewer, however many subscribers', async () => {
    const owner = await signedInUser(t);
    const trip = await createTrip(t, owner.token, { name: 'One payload' });
    // Twelve members alike and the owner (another status and role): two results, two payloads.
    const tokens = [...(await members(trip.uuid, 12)), owner.token];
    const received = await audience(tokens, trip.id);
    await warmUp(received, trip.id, owner.token);
    const before = received.map((r) => r.length);
    const work = { ...liveWork };
    await t.graphql(ADD_ITEM, { input: { tripId: trip.id, item: { type: 'ACTIVITY', title: 'Counted' } } }, owner.token);
    const counted = (r: any[], i: number) => r.slice(before[i]).filter((e) => e.data?.tripItineraryChanged?.item?.title === 'Counted');
    await expect.poll(() => received.every((r, i) => counted(r, i).length === 1), { timeout: 30_000 }).toBe(true);
    expect({ executed: liveWork.executed - work.executed, serialised: liveWork.serialised - work.serialised }).toEqual({ executed: 2, serialised: 2 });
    // Every one of the 13 got the save, the members alike, and nothing else.
    expect(received.map((r, i) => r.length - before[i])).toEqual(tokens.map(() => 1));
    const payloads = received.map((r, i) => JSON.stringify(counted(r, i)[0]));
    expect(new Set(payloads.slice(0, 12)).size).toBe(1);
    expect(received.flat().filter((e) => e.errors || e.error)).toEqual([]);
  }, 120_000);

  it("does not share a payload between viewers who see its author differently: each socket gets its own viewer's answer", async () => {
    const owner = await signedInUser(t);
    const trip = await createTrip(t, owner.token, { name: 'Who wrote it' });
    const [authorToken, friendToken, strangerToken, otherStrangerToken] = await members(trip.uuid, 4);
    const idOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub as string;
    const [author, friend] = [idOf(authorToken), idOf(friendToken)];
    // The author and the friend share another trip: the friend may still see the author once they leave this one.
    const elsewhere = await createTrip(t, owner.token, { name: 'Elsewhere' });
    await t.db.prisma.tripMember.createMany({
      data: [author, friend].map((userId) => ({ tripId: elsewhere.uuid, userId, status: 'ACCEPTED' as const, role: 'MEMBER' as const, joinedAt: new Date() })),
    });
    const added = await t.graphql(ADD_ITEM, { input: { tripId: trip.id, item: { type: 'ACTIVITY', title: 'Their idea' } } }, authorToken);
    const itemId = added.body.data.addItineraryItem.item.id as string;
    await t.db.prisma.tripMember.deleteMany({ where: { tripId: trip.uuid, userId: author } });

    const received = await audience([friendToken, strangerToken, otherStrangerToken], trip.id);
    await warmUp(received, trip.id, owner.token);
    const work = { ...liveWork };
    const res = await t.graphql(UPDATE_ITEM, { input: { id: itemId, item: { type: 'ACTIVITY', title: 'Their idea, edited' } } }, owner.token);
    expect(res.body.data.updateItineraryItem.__typename).toBe('ItineraryItemPayload');
    const edited = (r: any[]) => r.find((e) => e.data?.tripItineraryChanged?.item?.title === 'Their idea, edited')?.data.tripItineraryChanged.item;
    await expect.poll(() => received.every((r) => edited(r)), { timeout: 30_000 }).toBe(true);
    // Three viewers alike by trip, status and role, yet the author is known to one of them only.
    expect(received.map((r) => edited(r).createdBy?.id ?? null)).toEqual([encodeGlobalID('User', author), null, null]);
    expect(liveWork.executed - work.executed).toBe(3);
    expect(liveWork.serialised - work.serialised).toBe(3);
    expect(received.flat().filter((e) => e.errors || e.error)).toEqual([]);
  }, 120_000);

  /**
   * The statements one event of `topic` costs on this instance, from its publication until every
   * subscriber of the page's `live` document has it, for 1, 10 and 50 subscribers.
   */
  async function eventCounts(
    live: { params: { id?: string | null; name: string } },
    publish: (trip: { id: string; uuid: string }, ownerId: string, round: string) => Promise<void>,
    delivered: (e: any, round: string) => boolean,
  ) {
    const owner = await signedInUser(t);
    const counts: Record<number, number> = {};
    for (const n of [1, 10, 50]) {
      const trip = await createTrip(t, owner.token, { name: `Audience of ${n}` });
      const received = await audience(await members(trip.uuid, n), trip.id, live);
      // Events are published until every subscription has heard one (each has started); another
      // only once the deliveries of the last have stopped, so a slow machine is not flooded...
      let heard = -1;
      let quiet = 0;
      await expect
        .poll(
          async () => {
            if (received.every((r) => r.some((e) => e.data))) return true;
            const now = received.reduce((sum, r) => sum + r.length, 0);
            quiet = now === heard ? quiet + 1 : 0;
            heard = now;
            if (quiet < 2) return false;
            quiet = 0;
            await publish(trip, owner.userId, 'warm-up');
            return false;
          },
          { timeout: 90_000, interval: 500 },
        )
        .toBe(true);
      // ...then one more settles what is in flight (each subscriber's events keep their order).
      await publish(trip, owner.userId, 'settle');
      await expect.poll(() => received.every((r) => r.some((e) => delivered(e, 'settle'))), { timeout: 30_000 }).toBe(true);
      const before = received.map((r) => r.length);
      t.db.stats.queries = 0;
      await publish(trip, owner.userId, 'counted');
      await expect.poll(() => received.every((r, i) => r.slice(before[i]).some((e) => delivered(e, 'counted'))), { timeout: 30_000 }).toBe(true);
      counts[n] = t.db.stats.queries;
      expect(received.flat().filter((e) => e.errors || e.error)).toEqual([]);
    }
    return counts;
  }

  it('reads one photo comment in the same number of SQL statements for 1, 10 and 50 subscribers, each told of their own favourite mark', async () => {
    const photos = new Map<string, string>();
    const counts = await eventCounts(
      photosLive,
      async (trip, ownerId, round) => {
        let photoId = photos.get(trip.uuid);
        if (!photoId) {
          const photo = await t.db.prisma.photo.create({
            data: {
              tripId: trip.uuid,
              uploadedById: ownerId,
              storageKey: `photos/${trip.uuid}/${crypto.randomUUID()}.webp`,
              fileName: 'crowd.jpg',
              fileSize: 1,
              mimeType: 'image/jpeg',
            },
          });
          photos.set(trip.uuid, (photoId = photo.id));
          await t.db.prisma.photoFavorite.create({ data: { photoId, userId: ownerId } });
        }
        const comment = await t.db.prisma.photoComment.create({ data: { photoId, userId: ownerId, comment: round } });
        await t.app.deps.pubsub.publish('photos', trip.uuid, { kind: 'COMMENTED', tripId: trip.uuid, photoId, commentId: comment.id, actorId: ownerId });
      },
      // The owner's favourite mark is theirs alone: none of the crowd sees the photo as a favourite.
      (e, round) =>
        e.data?.tripPhotosChanged?.comment && JSON.stringify(e).includes(`"comment":"${round}"`) && e.data.tripPhotosChanged.photo.isFavorite === false,
    );
    console.log('SQL statements for one photo comment, by subscribers:', counts);
    expect(counts[10]).toBeLessThanOrEqual(counts[1]);
    expect(counts[50]).toBeLessThanOrEqual(counts[1]);
  }, 300_000);

  it('reads one expense change in the same number of SQL statements for 1, 10 and 50 subscribers', async () => {
    const counts = await eventCounts(
      expensesLive,
      async (trip, ownerId, round) => {
        // The round travels in the trip's name, so that each subscriber's delivery of it can be told apart.
        await t.db.prisma.trip.update({ where: { id: trip.uuid }, data: { name: `Audience ${round}` } });
        await t.app.deps.pubsub.publish('expenses', trip.uuid, { tripId: trip.uuid, actorId: ownerId });
      },
      (e, round) => e.data?.tripExpensesChanged?.trip?.name === `Audience ${round}`,
    );
    console.log('SQL statements for one expense change, by subscribers:', counts);
    expect(counts[10]).toBeLessThanOrEqual(counts[1]);
    expect(counts[50]).toBeLessThanOrEqual(counts[1]);
  }, 300_000);

  it("tells a crowd on a trip's page a few faces and a count, each arrival costing the same SQL however many are there", async () => {
    const owner = await signedInUser(t);
    const trip = await createTrip(t, owner.token, { name: 'Presence crowd' });
    const tokens = await members(trip.uuid, 21);
    const lists: { count: number; ids: string[] }[][] = [];
    const arrive = (token: string) => {
      const i = lists.push([]) - 1;
      const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${token}` } });
      clients.push(client);
      client.subscribe(
        { query: 'subscription($id: ID!) { tripPresence(tripId: $id) { count faces { userId displayName } } }', variables: { id: trip.id } },
        {
          next: (v: any) => lists[i].push({ count: v.data?.tripPresence?.count, ids: v.data?.tripPresence?.faces.map((f: { userId: string }) => f.userId) }),
          error: () => {},
          complete: () => {},
        },
      );
    };
    const everyoneSees = (count: number) => expect.poll(() => lists.every((l) => l.at(-1)?.count === count), { timeout: 30_000 }).toBe(true);
    /** The statements one more arrival costs, until everyone (the newcomer too) sees it. */
    const oneMore = async (token: string) => {
      t.db.stats.queries = 0;
      arrive(token);
      await everyoneSees(lists.length);
      return t.db.stats.queries;
    };

    arrive(tokens[0]);
    arrive(tokens[1]);
    await everyoneSees(2);
    const few = await oneMore(tokens[2]);
    for (const token of tokens.slice(3, 20)) arrive(token);
    await everyoneSees(20);
    const many = await oneMore(tokens[20]);
    console.log('SQL statements for one arrival on a page with 2 and with 20 present:', { few, many });
    expect(many).toBeLessThanOrEqual(few);
    // A few faces, in the order they came, and how many there are.
    const latest = lists[0].at(-1)!;
    expect(latest.count).toBe(21);
    expect(latest.ids.length).toBeLessThanOrEqual(PRESENCE_FACES);
    expect(latest.ids.length).toBeGreaterThan(2);
  }, 120_000);
  it("executes and serialises a presence change once for a crowd on one trip's page, not once per page", async () => {
    const owner = await signedInUser(t);
    const trip = await createTrip(t, owner.token, { name: 'Shared presence' });
    const crowd = 30;
    const tokens = await members(trip.uuid, crowd + 2);
    // The web app's own document, by its persisted id, from `crowd` pages.
    const { id: documentId, name: operationName } = presenceLive.params;
    const pages: { client: Client; lists: { count: number; faces: { userId: string; displayName: string }[] }[] }[] = [];
    const open = (token: string, query = '') => {
      const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${token}` } });
      clients.push(client);
      const page = { client, lists: [] as any[] };
      pages.push(page);
      client.subscribe({ query, ...(query ? {} : { documentId, operationName }), variables: { tripId: trip.id, id: trip.id } } as never, {
        next: (v: any) => void page.lists.push(v.data?.tripPresence),
        error: () => {},
        complete: () => {},
      });
      return page;
    };
    const everyoneSees = (count: number) =>
      expect.poll(() => pages.filter((p) => p.client !== gone).every((p) => p.lists.at(-1)?.count === count), { timeout: 30_000 }).toBe(true);
    let gone: Client | null = null;
    for (const token of tokens.slice(0, crowd)) open(token);
    await everyoneSees(crowd);

    /** Results executed and payloads serialised from `change` until every page has `count`. */
    const work = async (change: () => unknown, count: number) => {
      const before = { ...liveWork };
      await change();
      await everyoneSees(count);
      return { executed: liveWork.executed - before.executed, serialised: liveWork.serialised - before.serialised };
    };
    // One more page opens, then one closes: each list goes to every page, executed and serialised
    // once (a change may come as two lists when its signals straddle the debounce).
    const arrival = await work(() => open(tokens[crowd]), crowd + 1);
    const departure = await work(async () => {
      gone = pages[0].client;
      await gone.dispose();
    }, crowd);
    console.log(`presence work for ${crowd} pages:`, { arrival, departure });
    for (const w of [arrival, departure]) {
      expect(w.executed).toBeLessThanOrEqual(2);
      expect(w.serialised).toBeLessThanOrEqual(2);
    }
    // What every page shows: the first faces in the order they came, with their names.
    const latest = pages[1].lists.at(-1)!;
    expect(latest.faces).toHaveLength(PRESENCE_FACES);
    expect(latest.faces[0]).toEqual({ userId: expect.any(String), displayName: expect.stringMatching(/^Crowd\d+ Member$/), avatarUrl: null });

    // A page that asks for accounts (the deprecated `viewers`) has a result of its own, the same people.
    const old = open(tokens[crowd + 1], 'subscription($id: ID!) { tripPresence(tripId: $id) { count viewers { id firstName } } }');
    await everyoneSees(crowd + 1);
    expect(old.lists.at(-1)!).toEqual({ count: crowd + 1, viewers: latest.faces.map((f) => ({ id: f.userId, firstName: expect.stringMatching(/^Crowd/) })) });
  }, 120_000);
});

/**
 * Itinerary item revisions (issue 30, conflicts): every change raises an item's revision; an edit
 * naming the revision it was made from is refused as a conflict, carrying the item as it is now,
 * when the item changed or was deleted since. On both doors; nothing is changed by a refused edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItineraryMessages as M } from '../../api/src/itinerary/messages.js';
import { createTestApp, signedInUser, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ITEM = 'id title revision notes';
const ADD = `mutation($input: AddItineraryItemInput!) { addItineraryItem(input: $input) { __typename ... on ItineraryItemPayload { item { ${ITEM} } } } }`;
const UPDATE = `mutation($input: UpdateItineraryItemInput!) { updateItineraryItem(input: $input) {
  __typename ... on ItineraryItemPayload { item { ${ITEM} } }
  ... on ItineraryItemConflictError { message field current { ${ITEM} } }
  ... on Error { message } } }`;
const BOOK = `mutation($input: MarkItineraryItemBookedInput!) { markItineraryItemBooked(input: $input) { __typename ... on ItineraryItemPayload { item { revision } } } }`;
const DELETE = `mutation($input: DeleteItineraryItemInput!) { deleteItineraryItem(input: $input) { __typename } }`;

const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[1]!;

async function crewWithItem() {
  const [owner, member] = await Promise.all([signedInUser(t), signedInUser(t)]);
  const trip = await createTrip(t, owner.token, { name: 'Porto', startDate: '2030-05-01', endDate: '2030-05-10' });
  await t.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() } });
  const res = await t.graphql(ADD, { input: { tripId: trip.id, item: { type: 'ACTIVITY', title: 'Port tasting', activityDate: '2030-05-02' } } }, owner.token);
  const item = res.body.data.addItineraryItem.item as { id: string; revision: number };
  return { owner, member, trip, item };
}

const update = (token: string, id: string, title: string, expectedRevision?: number | null) =>
  t
    .graphql(
      UPDATE,
      { input: { id, item: { type: 'ACTIVITY', title, activityDate: '2030-05-02' }, ...(expectedRevision === undefined ? {} : { expectedRevision }) } },
      token,
    )
    .then((r) => r.body.data.updateItineraryItem);

describe('itinerary item revisions (GraphQL)', () => {
  it('starts at 1 and rises by one on every change, an edit without a revision as before', async () => {
    const { owner, member, item } = await crewWithItem();
    expect(item.revision).toBe(1);
    expect((await update(member.token, item.id, 'Port tasting at six')).item.revision).toBe(2);
    expect((await t.graphql(BOOK, { input: { id: item.id } }, owner.token)).body.data.markItineraryItemBooked.item.revision).toBe(3);
    expect((await update(owner.token, item.id, 'Port tasting at seven', 3)).item).toMatchObject({ revision: 4, title: 'Port tasting at seven' });
  });

  it('refuses an edit from an older revision with the item as it is, and changes nothing', async () => {
    const { owner, member, item } = await crewWithItem();
    await update(owner.token, item.id, 'Theirs');
    const refused = await update(member.token, item.id, 'Mine', 1);
    expect(refused).toEqual({
      __typename: 'ItineraryItemConflictError',
      message: M.changedMeanwhile,
      field: 'expectedRevision',
      current: { id: item.id, title: 'Theirs', revision: 2, notes: null },
    });
    const row = await t.db.prisma.itineraryItem.findUniqueOrThrow({ where: { id: uuidOf(item.id) } });
    expect({ title: row.title, revision: row.revision }).toEqual({ title: 'Theirs', revision: 2 });
    // Keep mine: sent again naming the revision seen in the conflict.
    expect((await update(member.token, item.id, 'Mine', 2)).item).toMatchObject({ title: 'Mine', revision: 3 });
  });

  it('answers a deleted item as a conflict with no current item', async () => {
    const { owner, member, item } = await crewWithItem();
    await t.graphql(DELETE, { input: { id: item.id } }, owner.token);
    expect(await update(member.token, item.id, 'Mine', 1)).toEqual({
      __typename: 'ItineraryItemConflictError',
      message: M.deletedMeanwhile,
      field: 'expectedRevision',
      current: null,
    });
    // Without a revision it stays the not-found it always was.
    expect((await update(member.token, item.id, 'Mine')).__typename).toBe('NotFoundError');
  });

  it('keeps the trip rules first: an outsider naming a revision is refused as before, a bad revision is a validation error', async () => {
    const { item } = await crewWithItem();
    const outsider = await signedInUser(t);
    expect((await update(outsider.token, item.id, 'Mine', 1)).__typename).toBe('ForbiddenError');
    const { member, item: other } = await crewWithItem();
    expect(await update(member.token, other.id, 'Mine', 0)).toMatchObject({ __typename: 'ValidationError', message: M.invalidRevision });
  });
});

describe('itinerary item revisions (REST)', () => {
  const save = (token: string, body: Record<string, unknown>) => t.request('POST', '/api/backend/save-itinerary-item', { token, body });

  it('answers the revision, and 409 with the current item for an edit from an older one', async () => {
    const { owner, member, item } = await crewWithItem();
    const id = uuidOf(item.id);
    const first = await save(owner.token, { id, title: 'Theirs', type: 'activity', activity_date: '2030-05-02', expected_revision: 1 });
    expect(first.status).toBe(200);
    expect(first.body.item).toMatchObject({ id, title: 'Theirs', revision: 2 });
    const refused = await save(member.token, { id, title: 'Mine', type: 'activity', activity_date: '2030-05-02', expected_revision: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: M.changedMeanwhile,
      code: 'conflict',
      field: 'expectedRevision',
      current: { id, title: 'Theirs', revision: 2 },
    });
    const list = await t.request('GET', `/api/backend/trip-itinerary/${(await t.db.prisma.itineraryItem.findUniqueOrThrow({ where: { id } })).tripId}`, {
      token: member.token,
    });
    expect(list.body.items[0]).toMatchObject({ title: 'Theirs', revision: 2 });
  });

  it('answers 409 with current null for a deleted item, 404 without a revision', async () => {
    const { owner, member, item } = await crewWithItem();
    const id = uuidOf(item.id);
    expect((await t.request('DELETE', `/api/backend/delete-itinerary-item/${id}`, { token: owner.token })).status).toBe(200);
    const refused = await save(member.token, { id, title: 'Mine', type: 'activity', expected_revision: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: M.deletedMeanwhile, current: null });
    expect((await save(member.token, { id, title: 'Mine', type: 'activity' })).status).toBe(404);
  });
});

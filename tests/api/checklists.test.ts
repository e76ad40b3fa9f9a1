import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { Redis } from 'ioredis';
import { CHECKLIST_LIMITS, ChecklistMessages as M } from '../../api/src/checklists/messages.js';
import { CHECKLIST_TEMPLATES } from '../../api/src/checklists/templates.js';
import { TripMessages as T } from '../../api/src/trips/messages.js';
import { createTestApp, signedInUser, twoInstances, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  wsUrl = (await t.app.listen(0, '127.0.0.1')).url.replace('http', 'ws') + '/graphql';
});
afterAll(() => t.close());

const ITEM = 'id description isCompleted completedAt dueDate assigneeName assignee { id firstName }';
const CHECKLIST = `id title category categoryLabel itemCount completedCount pendingCount items { ${ITEM} }`;
const ERR = '... on Error { message } ... on ValidationError { field fieldErrors { field message } }';
const ADD_LIST = `mutation($input: AddChecklistInput!) { addChecklist(input: $input) { __typename
  ... on ChecklistPayload { checklist { ${CHECKLIST} } edge { cursor node { id } } } ${ERR} } }`;
const UPDATE_LIST = `mutation($input: UpdateChecklistInput!) { updateChecklist(input: $input) { __typename
  ... on ChecklistPayload { checklist { ${CHECKLIST} } } ${ERR} } }`;
const DELETE_LIST = `mutation($input: DeleteChecklistInput!) { deleteChecklist(input: $input) { __typename
  ... on DeleteChecklistPayload { deletedChecklistId } ${ERR} } }`;
const ITEM_RESULT = `__typename ... on ChecklistItemPayload { item { ${ITEM} } checklist { id itemCount completedCount pendingCount } } ${ERR}`;
const ADD_ITEM = `mutation($input: AddChecklistItemInput!) { addChecklistItem(input: $input) { ${ITEM_RESULT} } }`;
const UPDATE_ITEM = `mutation($input: UpdateChecklistItemInput!) { updateChecklistItem(input: $input) { ${ITEM_RESULT} } }`;
const TICK = `mutation($input: SetChecklistItemCompletedInput!) { setChecklistItemCompleted(input: $input) { ${ITEM_RESULT} } }`;
const DELETE_ITEM = `mutation($input: DeleteChecklistItemInput!) { deleteChecklistItem(input: $input) { __typename
  ... on DeleteChecklistItemPayload { deletedItemId checklist { id itemCount } } ${ERR} } }`;
const LISTS = `query($id: ID!) { node(id: $id) { ... on Trip { checklists { edges { node { ${CHECKLIST} } } pageInfo { hasNextPage } } } } }`;

const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[1]!;
const userGid = (uuid: string) => Buffer.from(`User:${uuid}`).toString('base64');

/** A trip owned by `owner` with `member` on it; `invitee` invited but not joined; `outsider` on none of it. */
async function crew() {
  const [owner, member, invitee, outsider] = await Promise.all([
    signedInUser(t),
    signedInUser(t, { first_name: 'Grace', last_name: 'Hopper' }),
    signedInUser(t),
    signedInUser(t),
  ]);
  const trip = await createTrip(t, owner.token, { name: 'Lisbon', startDate: '2030-05-01', endDate: '2030-05-10' });
  await t.db.prisma.tripMember.createMany({
    data: [
      { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() },
      { tripId: trip.uuid, userId: invitee.userId, status: 'INVITED', role: 'MEMBER' },
    ],
  });
  return { owner, member, invitee, outsider, trip };
}

async function gql(query: string, input: unknown, token?: string) {
  const res = await t.graphql(query, { input }, token);
  return res.body.data ? (Object.values(res.body.data)[0] as any) : res.body;
}

async function addList(token: string, tripId: string, fields: Record<string, unknown> = {}) {
  const r = await gql(ADD_LIST, { tripId, ...fields }, token);
  if (r.__typename !== 'ChecklistPayload') throw new Error(JSON.stringify(r));
  return r.checklist as Record<string, any>;
}

async function addItem(token: string, checklistId: string, item: Record<string, unknown>) {
  const r = await gql(ADD_ITEM, { checklistId, item }, token);
  if (r.__typename !== 'ChecklistItemPayload') throw new Error(JSON.stringify(r));
  return r.item as Record<string, any>;
}

describe('checklist rules', () => {
  it('adds with Packing List by default, named after the category when untitled; refuses unlisted categories and long titles', async () => {
    const { member, trip } = await crew();
    const plain = await addList(member.token, trip.id);
    expect(plain).toMatchObject({ title: 'Packing List', category: 'PACKING_LIST', categoryLabel: 'Packing List', itemCount: 0, items: [] });
    const tasks = await addList(member.token, trip.id, { title: '  Before we go ', category: 'PRE_TRIP' });
    expect([tasks.title, tasks.categoryLabel]).toEqual(['Before we go', 'Pre-trip Tasks']);
    const long = await gql(ADD_LIST, { tripId: trip.id, title: 'x'.repeat(CHECKLIST_LIMITS.title + 1) }, member.token);
    expect(long).toEqual({
      __typename: 'ValidationError',
      message: M.titleTooLong,
      field: 'title',
      fieldErrors: [{ field: 'title', message: M.titleTooLong }],
    });
    const edited = await gql(UPDATE_LIST, { id: tasks.id, title: '', category: 'CUSTOM' }, member.token);
    expect(edited.checklist).toMatchObject({ title: 'Custom', category: 'CUSTOM' });
    // A category left out of an edit stays.
    const renamed = await gql(UPDATE_LIST, { id: tasks.id, title: 'Odds and ends' }, member.token);
    expect(renamed.checklist).toMatchObject({ title: 'Odds and ends', category: 'CUSTOM' });
    // REST takes the category's label, refuses anything else with every field at fault.
    const bad = await t.request('POST', '/api/backend/save-checklist', {
      token: member.token,
      body: { trip_id: trip.uuid, title: 'y'.repeat(121), category: 'Snacks' },
    });
    expect([bad.status, bad.body.field_errors]).toEqual([
      400,
      [
        { field: 'title', message: M.titleTooLong },
        { field: 'category', message: M.invalidCategory },
      ],
    ]);
    expect(await t.db.prisma.checklist.count({ where: { tripId: trip.uuid } })).toBe(2);
  });

  it('starts a checklist from the template of each kind of trip', async () => {
    const { member, trip } = await crew();
    for (const [kind, template] of Object.entries(CHECKLIST_TEMPLATES)) {
      const list = await addList(member.token, trip.id, { template: kind });
      expect([list.title, list.category, list.items.map((i: any) => i.description)]).toEqual([template.title, template.category, [...template.items]]);
    }
    const titled = await addList(member.token, trip.id, { template: 'BEACH', title: 'Algarve', category: 'CUSTOM' });
    expect([titled.title, titled.category, titled.itemCount]).toEqual(['Algarve', 'CUSTOM', CHECKLIST_TEMPLATES.BEACH.items.length]);
    const rest = await t.request('POST', '/api/backend/save-checklist', { token: member.token, body: { trip_id: trip.uuid, template: 'volcano' } });
    expect([rest.status, rest.body.error, rest.body.field]).toEqual([400, M.invalidTemplate, 'template']);
  });

  it('requires a description after trimming and an assignee on the trip, reporting every field at once and storing nothing', async () => {
    const { owner, member, invitee, outsider, trip } = await crew();
    const list = await addList(member.token, trip.id);
    const refused = async (item: Record<string, unknown>) => gql(ADD_ITEM, { checklistId: list.id, item }, member.token);
    expect(await refused({ description: '   ', dueDate: '2030-04-30' })).toEqual({
      __typename: 'ValidationError',
      message: M.descriptionRequired,
      field: 'description',
      fieldErrors: [{ field: 'description', message: M.descriptionRequired }],
    });
    for (const who of [outsider, invitee]) {
      expect(await refused({ description: 'Sunscreen', assignedToId: userGid(who.userId) })).toMatchObject({
        __typename: 'ValidationError',
        field: 'assignedToId',
        message: M.assigneeNotMember,
      });
    }
    expect(await refused({ description: 'd'.repeat(CHECKLIST_LIMITS.description + 1) })).toMatchObject({ message: M.descriptionTooLong });
    expect(await t.db.prisma.checklistItem.count({ where: { checklistId: uuidOf(list.id) } })).toBe(0);

    const item = await addItem(member.token, list.id, { description: '  Sunscreen ', assignedToId: userGid(owner.userId), dueDate: '2030-04-28' });
    expect(item).toMatchObject({
      description: 'Sunscreen',
      isCompleted: false,
      dueDate: '2030-04-28',
      assigneeName: 'Ada Lovelace',
      assignee: { id: userGid(owner.userId) },
    });
    // The assignee is told; assigning oneself tells nobody.
    const told = await t.db.prisma.notification.findMany({ where: { userId: owner.userId, title: 'New checklist task' } });
    expect(told.map((n) => n.message)).toEqual(['Grace Hopper assigned you: Sunscreen']);
    await addItem(owner.token, list.id, { description: 'Hats', assignedToId: userGid(owner.userId) });
    expect(await t.db.prisma.notification.count({ where: { userId: owner.userId, title: 'New checklist task' } })).toBe(1);

    // An edit replaces the assignee and due date, and keeps the tick unless given.
    await gql(TICK, { id: item.id, isCompleted: true }, owner.token);
    const edited = await gql(UPDATE_ITEM, { id: item.id, item: { description: 'SPF 50', assignedToId: userGid(member.userId) } }, owner.token);
    expect(edited.item).toMatchObject({ description: 'SPF 50', isCompleted: true, dueDate: null, assigneeName: 'Grace Hopper' });
    const blankEdit = await gql(UPDATE_ITEM, { id: item.id, item: { description: ' ' } }, owner.token);
    expect(blankEdit).toMatchObject({ __typename: 'ValidationError', message: M.descriptionRequired });
    // 'Unknown' for an assignee without a name.
    await t.db.prisma.user.update({ where: { id: member.userId }, data: { firstName: '', lastName: '' } });
    const lists = await t.graphql(LISTS, { id: trip.id }, owner.token);
    expect(lists.body.data.node.checklists.edges[0].node.items[0].assigneeName).toBe('Unknown');
  });

  it('ticks and unticks with counts, deletes items and checklists with their items', async () => {
    const { owner, member, trip } = await crew();
    const list = await addList(member.token, trip.id, { template: 'CITY' });
    const [a, b] = list.items;
    const ticked = await gql(TICK, { id: a.id, isCompleted: true }, owner.token);
    expect(ticked.item.isCompleted).toBe(true);
    expect(ticked.item.completedAt).not.toBeNull();
    expect(ticked.checklist).toMatchObject({ itemCount: list.itemCount, completedCount: 1, pendingCount: list.itemCount - 1 });
    // Ticking a ticked item changes nothing, not even when it was done.
    const again = await gql(TICK, { id: a.id, isCompleted: true }, member.token);
    expect([again.item.completedAt, again.checklist.completedCount]).toEqual([ticked.item.completedAt, 1]);
    const unticked = await gql(TICK, { id: a.id, isCompleted: false }, member.token);
    expect([unticked.item.isCompleted, unticked.item.completedAt, unticked.checklist.completedCount]).toEqual([false, null, 0]);
    const deleted = await gql(DELETE_ITEM, { id: b.id }, member.token);
    expect(deleted).toEqual({ __typename: 'DeleteChecklistItemPayload', deletedItemId: b.id, checklist: { id: list.id, itemCount: list.itemCount - 1 } });
    expect(await gql(DELETE_LIST, { id: list.id }, owner.token)).toEqual({ __typename: 'DeleteChecklistPayload', deletedChecklistId: list.id });
    expect(await t.db.prisma.checklistItem.count({ where: { checklistId: uuidOf(list.id) } })).toBe(0);
    expect(await gql(TICK, { id: a.id, isCompleted: true }, owner.token)).toEqual({ __typename: 'NotFoundError', message: M.itemNotFound });
  });

  it('refuses outsiders (403) and the signed out (401) everywhere, and unknown ids (404), changing nothing', async () => {
    const { member, outsider, trip } = await crew();
    const list = await addList(member.token, trip.id);
    const item = await addItem(member.token, list.id, { description: 'Tickets' });
    const attempts: [string, unknown][] = [
      [ADD_LIST, { tripId: trip.id }],
      [UPDATE_LIST, { id: list.id, title: 'Mine' }],
      [DELETE_LIST, { id: list.id }],
      [ADD_ITEM, { checklistId: list.id, item: { description: 'Mine' } }],
      [UPDATE_ITEM, { id: item.id, item: { description: 'Mine' } }],
      [TICK, { id: item.id, isCompleted: true }],
      [DELETE_ITEM, { id: item.id }],
    ];
    for (const [query, input] of attempts) {
      expect(await gql(query, input, outsider.token), query).toEqual({ __typename: 'ForbiddenError', message: T.notMember });
      const nobody = await gql(query, input);
      expect(nobody.errors[0].extensions.code, query).toBe('UNAUTHENTICATED');
    }
    const missingList = Buffer.from('Checklist:00000000-0000-4000-8000-000000000000').toString('base64');
    const missingItem = Buffer.from('ChecklistItem:00000000-0000-4000-8000-000000000000').toString('base64');
    expect(await gql(DELETE_LIST, { id: missingList }, member.token)).toEqual({ __typename: 'NotFoundError', message: M.checklistNotFound });
    expect(await gql(TICK, { id: missingItem, isCompleted: true }, member.token)).toEqual({ __typename: 'NotFoundError', message: M.itemNotFound });
    // Reading: the trip's checklists, the checklist and the item by id.
    const read = await t.graphql(LISTS, { id: trip.id }, outsider.token);
    expect(read.body.data.node).toBeNull();
    for (const id of [list.id, item.id]) {
      const byId = await t.graphql('query($id: ID!) { node(id: $id) { id } }', { id }, outsider.token);
      expect(byId.body.data?.node ?? null).toBeNull();
    }
    const still = await t.db.prisma.checklistItem.findUniqueOrThrow({ where: { id: uuidOf(item.id) } });
    expect([still.description, still.isCompleted]).toEqual(['Tickets', false]);
    expect(await t.db.prisma.checklist.count({ where: { tripId: trip.uuid } })).toBe(1);
  });

  it('reads an assignee who has left the trip as unassigned', async () => {
    const { owner, member, trip } = await crew();
    const list = await addList(owner.token, trip.id);
    const item = await addItem(owner.token, list.id, { description: 'Camera', assignedToId: userGid(member.userId) });
    expect(item.assigneeName).toBe('Grace Hopper');
    const left = await t.graphql('mutation($id: ID!) { leaveTrip(tripId: $id) { __typename } }', { id: trip.id }, member.token);
    expect(left.body.data.leaveTrip.__typename).toBe('TripRemovedPayload');
    const lists = await t.graphql(LISTS, { id: trip.id }, owner.token);
    expect(lists.body.data.node.checklists.edges[0].node.items[0]).toMatchObject({ assigneeName: null, assignee: null });
    const rest = await t.request('GET', `/api/backend/user-checklists/${owner.userId}?tripId=${trip.uuid}`, { token: owner.token });
    expect([rest.body.items[0].assigned_to, rest.body.profiles]).toEqual([null, {}]);
  });

  it('refuses an item beyond the most a checklist holds', async () => {
    const { member, trip } = await crew();
    const list = await addList(member.token, trip.id);
    const checklistId = uuidOf(list.id);
    await t.db.prisma.checklistItem.createMany({
      data: Array.from({ length: CHECKLIST_LIMITS.itemsPerChecklist }, (_, i) => ({ checklistId, description: `Item ${i}`, position: i })),
    });
    expect(await gql(ADD_ITEM, { checklistId: list.id, item: { description: 'One more' } }, member.token)).toMatchObject({
      __typename: 'ValidationError',
      message: M.tooManyItems,
    });
  });

  it('reads the checklists in the same number of SQL statements for 2 as for 30 with their items', async () => {
    const { owner, member, trip } = await crew();
    const measure = async () => {
      t.db.stats.queries = 0;
      const gqlRes = await t.graphql(LISTS, { id: trip.id }, member.token);
      expect(gqlRes.body.errors).toBeUndefined();
      const gqlCount = t.db.stats.queries;
      t.db.stats.queries = 0;
      const rest = await t.request('GET', `/api/backend/user-checklists/${member.userId}?tripId=${trip.uuid}`, { token: member.token });
      return { gqlCount, restCount: t.db.stats.queries, lists: gqlRes.body.data.node.checklists.edges.length, items: rest.body.items.length };
    };
    const fill = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const c = await t.db.prisma.checklist.create({ data: { tripId: trip.uuid, title: `List ${i}` } });
        await t.db.prisma.checklistItem.createMany({
          data: Array.from({ length: 5 }, (_, k) => ({
            checklistId: c.id,
            description: `Item ${k}`,
            assignedToId: k % 2 ? owner.userId : member.userId,
            position: k,
          })),
        });
      }
    };
    await fill(2);
    const small = await measure();
    await fill(28);
    const large = await measure();
    expect([small.lists, small.items, large.lists, large.items]).toEqual([2, 10, 30, 150]);
    expect(large.gqlCount).toBe(small.gqlCount);
    expect(large.restCount).toBe(small.restCount);
    expect(large.restCount).toBeLessThanOrEqual(3);
  });
});

describe('checklist REST rows', () => {
  it('lists, saves, toggles and deletes for members only, with the seed’s names', async () => {
    const { owner, member, outsider, trip } = await crew();
    const api = (method: string, path: string, token?: string, body?: unknown) => t.request(method, `/api/backend${path}`, { token, body });

    const created = await api('POST', '/save-checklist', member.token, { trip_id: trip.uuid, title: 'Gear', category: 'Packing List' });
    expect([created.status, created.body.checklist]).toMatchObject([
      200,
      { trip_id: trip.uuid, title: 'Gear', category: 'Packing List', created_by: member.userId, items: [] },
    ]);
    const checklistId = created.body.checklist.id as string;
    const renamed = await api('POST', '/save-checklist', member.token, { id: checklistId, title: 'Gear!', category: 'During Trip' });
    expect(renamed.body.checklist).toMatchObject({ id: checklistId, title: 'Gear!', category: 'During Trip' });

    const item = await api('POST', '/save-checklist-item', member.token, {
      checklist_id: checklistId,
      description: 'Tent',
      assigned_to: owner.userId,
      is_completed: false,
      due_date: '2030-04-30',
    });
    expect(item.body.item).toMatchObject({
      checklist_id: checklistId,
      description: 'Tent',
      assigned_to: owner.userId,
      assigned_user_name: 'Ada Lovelace',
      is_completed: false,
      due_date: '2030-04-30',
    });
    const itemId = item.body.item.id as string;
    const invalid = await api('POST', '/save-checklist-item', member.token, {
      checklist_id: checklistId,
      description: ' ',
      assigned_to: 'someone',
      due_date: '2030-02-30',
      is_completed: 'no',
    });
    expect([invalid.status, invalid.body.error, invalid.body.field_errors]).toEqual([
      400,
      M.descriptionRequired,
      [
        { field: 'description', message: M.descriptionRequired },
        { field: 'assignedToId', message: M.assigneeNotMember },
        { field: 'dueDate', message: M.invalidDate },
        { field: 'isCompleted', message: M.invalidCompleted },
      ],
    ]);
    const outsiderAssignee = await api('POST', '/save-checklist-item', member.token, {
      checklist_id: checklistId,
      description: 'x',
      assigned_to: outsider.userId,
    });
    expect([outsiderAssignee.status, outsiderAssignee.body.error]).toEqual([400, M.assigneeNotMember]);
    expect((await api('POST', '/save-checklist-item', member.token, { description: 'No list' })).status).toBe(400);

    const toggled = await api('PUT', `/toggle-checklist-item/${itemId}`, owner.token, { is_completed: true });
    expect([toggled.status, toggled.body.item.is_completed]).toEqual([200, true]);
    const notBool = await api('PUT', `/toggle-checklist-item/${itemId}`, owner.token, { is_completed: 'yes' });
    expect([notBool.status, notBool.body.error]).toEqual([400, M.invalidCompleted]);

    const listed = await api('GET', `/user-checklists/${member.userId}?tripId=${trip.uuid}`, member.token);
    expect(listed.status).toBe(200);
    expect(listed.body.checklists.map((c: any) => c.id)).toEqual([checklistId]);
    expect(listed.body.items).toMatchObject([{ id: itemId, is_completed: true }]);
    expect(listed.body.profiles).toEqual({ [owner.userId]: { first_name: 'Ada', last_name: 'Lovelace', avatar_url: null } });
    expect((await api('GET', `/user-checklists/${member.userId}`, member.token)).status).toBe(400);
    expect((await api('GET', `/user-checklists/${owner.userId}?tripId=${trip.uuid}`, member.token)).status).toBe(403);
    expect((await api('GET', `/user-checklists/${outsider.userId}?tripId=${trip.uuid}`, outsider.token)).status).toBe(403);

    // Outsiders 403, nobody 401, unknown 404: and nothing changes.
    const rows: [string, string, unknown][] = [
      ['POST', '/save-checklist', { trip_id: trip.uuid, title: 'Mine' }],
      ['POST', '/save-checklist', { id: checklistId, title: 'Mine' }],
      ['POST', '/save-checklist-item', { checklist_id: checklistId, description: 'Mine' }],
      ['POST', '/save-checklist-item', { id: itemId, description: 'Mine' }],
      ['PUT', `/toggle-checklist-item/${itemId}`, { is_completed: false }],
      ['DELETE', `/delete-checklist-item/${itemId}`, undefined],
      ['DELETE', `/delete-checklist/${checklistId}`, undefined],
    ];
    for (const [method, path, body] of rows) {
      expect((await api(method, path, outsider.token, body)).status, path).toBe(403);
      expect((await api(method, path, undefined, body)).status, path).toBe(401);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await api('DELETE', `/delete-checklist/${missing}`, member.token)).body.error).toBe(M.checklistNotFound);
    expect((await api('DELETE', `/delete-checklist-item/not-a-uuid`, member.token)).status).toBe(404);
    expect((await api('PUT', `/toggle-checklist-item/${missing}`, member.token, { is_completed: true })).status).toBe(404);
    const still = await t.db.prisma.checklistItem.findUniqueOrThrow({ where: { id: itemId }, include: { checklist: true } });
    expect([still.description, still.isCompleted, still.checklist.title]).toEqual(['Tent', true, 'Gear!']);

    expect((await api('DELETE', `/delete-checklist-item/${itemId}`, member.token)).body).toEqual({ success: true, id: itemId, checklist_id: checklistId });
    expect((await api('DELETE', `/delete-checklist/${checklistId}`, owner.token)).body).toEqual({ success: true, id: checklistId, trip_id: trip.uuid });
    expect(await t.db.prisma.checklist.count({ where: { tripId: trip.uuid } })).toBe(0);
  });
});

describe('live checklists', () => {
  const SUBSCRIBE = `subscription($id: ID!) { tripChecklistsChanged(tripId: $id) { kind deletedChecklistId deletedItemId
    checklist { id completedCount items { id isCompleted } } actor { firstName } } }`;

  interface Watch {
    client: Client;
    events: any[];
    ended: Promise<{ error?: unknown }>;
    probeId?: string;
  }
  const probes: unknown[] = [];

  function watch(token: string, tripId: string): Watch {
    const client = createClient({ url: wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${token}` } });
    const w: Watch = { client, events: [], ended: undefined as never };
    w.ended = new Promise((resolve) => {
      client.subscribe(
        { query: SUBSCRIBE, variables: { id: tripId } },
        {
          next: (v: any) => {
            const change = v.data?.tripChecklistsChanged;
            if (w.probeId && change?.checklist?.id === w.probeId) probes.push(v);
            else w.events.push(v);
          },
          error: (error) => resolve({ error }),
          complete: () => resolve({}),
        },
      );
    });
    return w;
  }

  /** Waits until the subscription hears the trip's events (probe events are kept out of `events`). */
  async function heard(w: Watch, tripUuid: string, probeId: string) {
    w.probeId = probeId;
    const before = probes.length;
    await expect
      .poll(
        () => {
          t.app.deps.pubsub.publish('checklist', tripUuid, { kind: 'SAVED', tripId: tripUuid, checklistId: uuidOf(probeId), actorId: null });
          return probes.length;
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBeGreaterThan(before);
  }

  it("delivers another member's ticks, items and deletions as they happen; outsiders may not watch", async () => {
    const { owner, member, outsider, trip } = await crew();
    const probe = await addList(owner.token, trip.id, { title: 'Probe' });
    const w = watch(member.token, trip.id);
    await heard(w, trip.uuid, probe.id);

    const list = await addList(owner.token, trip.id, { title: 'Beach' });
    await expect.poll(() => w.events.length, { timeout: 10_000 }).toBe(1);
    const item = await addItem(owner.token, list.id, { description: 'Towel' });
    await expect.poll(() => w.events.length, { timeout: 10_000 }).toBe(2);
    await gql(TICK, { id: item.id, isCompleted: true }, owner.token);
    await expect.poll(() => w.events.length, { timeout: 10_000 }).toBe(3);
    await gql(DELETE_ITEM, { id: item.id }, owner.token);
    await expect.poll(() => w.events.length, { timeout: 10_000 }).toBe(4);
    await gql(DELETE_LIST, { id: list.id }, owner.token);
    await expect.poll(() => w.events.length, { timeout: 10_000 }).toBe(5);
    expect(w.events.map((e) => e.data.tripChecklistsChanged)).toEqual([
      { kind: 'SAVED', deletedChecklistId: null, deletedItemId: null, checklist: { id: list.id, completedCount: 0, items: [] }, actor: { firstName: 'Ada' } },
      {
        kind: 'SAVED',
        deletedChecklistId: null,
        deletedItemId: null,
        checklist: { id: list.id, completedCount: 0, items: [{ id: item.id, isCompleted: false }] },
        actor: { firstName: 'Ada' },
      },
      {
        kind: 'SAVED',
        deletedChecklistId: null,
        deletedItemId: null,
        checklist: { id: list.id, completedCount: 1, items: [{ id: item.id, isCompleted: true }] },
        actor: { firstName: 'Ada' },
      },
      {
        kind: 'SAVED',
        deletedChecklistId: null,
        deletedItemId: item.id,
        checklist: { id: list.id, completedCount: 0, items: [] },
        actor: { firstName: 'Ada' },
      },
      { kind: 'DELETED', deletedChecklistId: list.id, deletedItemId: null, checklist: null, actor: { firstName: 'Ada' } },
    ]);
    await w.client.dispose();

    const refused = watch(outsider.token, trip.id);
    const { error } = await refused.ended;
    const errors = (error as any[] | undefined) ?? refused.events[0]?.errors;
    expect(errors[0].extensions.code).toBe('FORBIDDEN');
    await refused.client.dispose();
  });

  it('ends for a member who leaves the trip, without a word of later ticks', async () => {
    const { owner, member, trip } = await crew();
    const probe = await addList(owner.token, trip.id, { title: 'Probe' });
    const item = await addItem(owner.token, probe.id, { description: 'Passport' });
    const w = watch(member.token, trip.id);
    await heard(w, trip.uuid, probe.id);
    const left = await t.graphql('mutation($id: ID!) { leaveTrip(tripId: $id) { __typename } }', { id: trip.id }, member.token);
    expect(left.body.data.leaveTrip.__typename).toBe('TripRemovedPayload');
    await w.ended;
    await gql(TICK, { id: item.id, isCompleted: true }, owner.token);
    expect(w.events.filter((e) => e.data?.tripChecklistsChanged)).toEqual([]);
    await w.client.dispose();
  });
});

describe('live checklists across instances', () => {
  let a: TestApp;
  let urlB: string;
  let redis: Redis;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ a, urlB, redis, close } = await twoInstances('checklists'));
  });
  afterAll(async () => {
    await close?.();
  });

  it('delivers a tick made on one instance to a member watching on the other', async () => {
    const [owner, member] = await Promise.all([signedInUser(a), signedInUser(a)]);
    const trip = await createTrip(a, owner.token, { name: 'Two servers' });
    await a.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() } });
    const added = await a.graphql(ADD_LIST, { input: { tripId: trip.id, template: 'ROAD_TRIP' } }, owner.token);
    const list = added.body.data.addChecklist.checklist;
    const client = createClient({
      url: urlB.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${member.token}` },
    });
    const event = new Promise<any>((resolve, reject) => {
      client.subscribe(
        { query: 'subscription($id: ID!) { tripChecklistsChanged(tripId: $id) { kind checklist { id completedCount } } }', variables: { id: trip.id } },
        { next: resolve, error: reject, complete: () => {} },
      );
    });
    // Instance B has subscribed in Redis to the trip's channels.
    await expect.poll(async () => (await redis.pubsub('CHANNELS', `*${trip.uuid}*`)).length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(1);
    const tick = await a.graphql(TICK, { input: { id: list.items[0].id, isCompleted: true } }, owner.token);
    expect(tick.body.data.setChecklistItemCompleted.__typename).toBe('ChecklistItemPayload');
    expect((await event).data.tripChecklistsChanged).toEqual({ kind: 'SAVED', checklist: { id: list.id, completedCount: 1 } });
    await client.dispose();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { Redis } from 'ioredis';
import { DecisionMessages as M } from '../../api/src/decisions/messages.js';
import { answersFromDays, checkPollDays } from '../../api/src/decisions/rules.js';
import { createTestApp, signedInUser, twoInstances, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

/** "Mark the days I can": a dates poll's calendar answers, on both doors. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ERR = '... on Error { message } ... on ValidationError { field fieldErrors { field message } }';
const POLL = `id isOpen firstDay lastDay viewerDays dayMarkerCount options { id label yes maybe no viewerAnswer answers { userName answer fromDays } } ranking { id }`;
const CREATE_POLL = `mutation($trip: ID!, $input: CreateTripPollInput!) { createTripPoll(tripId: $trip, input: $input) { __typename ... on TripPollPayload { poll { ${POLL} } } ${ERR} } }`;
const MARK = `mutation($id: ID!, $days: [String!]!) { markTripPollDays(id: $id, days: $days) { __typename ... on TripPollPayload { poll { ${POLL} } } ${ERR} } }`;
const VOTE = `mutation($id: ID!, $answers: [PollAnswerFields!]!) { voteTripPoll(id: $id, answers: $answers) { __typename ... on TripPollPayload { poll { ${POLL} } } ${ERR} } }`;
const CLOSE = `mutation($id: ID!) { closeTripPoll(id: $id) { __typename } }`;

async function gql(query: string, variables: Record<string, unknown>, token?: string) {
  const res = await t.graphql(query, variables, token);
  if (res.body.errors) return res.body;
  return Object.values(res.body.data)[0] as any;
}
const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[1]!;
const api = (method: string, path: string, token?: string, body?: unknown) => t.request(method, `/api/backend${path}`, { token, body });

/** Days from `start` for `n` days (YYYY-MM-DD). */
const daysFrom = (start: string, n: number) =>
  Array.from({ length: n }, (_, i) => new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

async function datesPoll() {
  const [owner, member, third, outsider] = await Promise.all([
    signedInUser(t, { first_name: 'Ada', last_name: 'Lovelace' }),
    signedInUser(t, { first_name: 'Grace', last_name: 'Hopper' }),
    signedInUser(t, { first_name: 'Alan', last_name: 'Turing' }),
    signedInUser(t),
  ]);
  const trip = await createTrip(t, owner.token, { name: 'Porto', startDate: '2030-05-01', endDate: '2030-05-10' });
  await t.db.prisma.tripMember.createMany({
    data: [member, third].map((u) => ({ tripId: trip.uuid, userId: u.userId, status: 'ACCEPTED' as const, role: 'MEMBER' as const, joinedAt: new Date() })),
  });
  const created = await gql(
    CREATE_POLL,
    {
      trip: trip.id,
      input: {
        question: 'When?',
        kind: 'DATES',
        options: [
          { startDate: '2030-06-01', endDate: '2030-06-04' },
          { startDate: '2030-06-10', endDate: '2030-06-13' },
          { startDate: '2030-06-20', endDate: '2030-06-23' },
        ],
      },
    },
    owner.token,
  );
  return { owner, member, third, outsider, trip, poll: created.poll };
}

describe('the days-to-answers rule', () => {
  const ranges = [
    { id: 'a', startDate: '2030-06-01', endDate: '2030-06-04' },
    { id: 'b', startDate: '2030-06-10', endDate: '2030-06-13' },
    { id: 'c', startDate: '2030-06-20', endDate: '2030-06-23' },
  ];
  it('answers yes for a range the days cover fully (both ends included), maybe for part, no for none', () => {
    expect(answersFromDays([...daysFrom('2030-06-01', 4), '2030-06-12'], ranges)).toEqual([
      { optionId: 'a', answer: 'YES' },
      { optionId: 'b', answer: 'MAYBE' },
      { optionId: 'c', answer: 'NO' },
    ]);
    // Missing only the last day is not "yes".
    expect(answersFromDays(daysFrom('2030-06-01', 3), ranges)[0]).toEqual({ optionId: 'a', answer: 'MAYBE' });
    expect(answersFromDays([], ranges)).toEqual([]);
  });

  it('keeps real days inside the window, once each, sorted; refuses anything else', () => {
    const window = { first: '2030-06-01', last: '2030-06-23' };
    expect(checkPollDays(['2030-06-03', '2030-06-01', '2030-06-03'], window)).toEqual({ days: ['2030-06-01', '2030-06-03'], problems: [] });
    expect(checkPollDays(['2030-06-31'], window).problems).toEqual([{ field: 'days.0', message: M.daysInvalid }]);
    expect(checkPollDays(['2030-06-02', '2030-05-31'], window).problems[0]!.field).toBe('days.1');
    expect(checkPollDays(['2030-06-24'], window).problems[0]!.message).toContain('1 Jun – 23 Jun 2030');
    expect(checkPollDays('2030-06-02', window).problems[0]!.message).toBe(M.daysInvalid);
    expect(checkPollDays(['2030-06-02'], null).problems[0]!.message).toBe(M.notDatesPollDays);
  });
});

describe('marking the days I can', () => {
  it('keeps each member’s days, answers every range from them, and ranks with them on both doors', async () => {
    const { owner, member, third, poll } = await datesPoll();
    expect([poll.firstDay, poll.lastDay, poll.viewerDays]).toEqual(['2030-06-01', '2030-06-23', []]);
    const [r1, r2, r3] = poll.options.map((o: any) => o.id);

    // Grace can all of range 2 and half of range 3: yes, maybe; no for range 1.
    const grace = await gql(MARK, { id: poll.id, days: [...daysFrom('2030-06-09', 6), '2030-06-20', '2030-06-21'] }, member.token);
    expect(grace.__typename).toBe('TripPollPayload');
    expect(grace.poll.viewerDays).toEqual([...daysFrom('2030-06-09', 6), '2030-06-20', '2030-06-21']);
    expect(grace.poll.options.map((o: any) => o.viewerAnswer)).toEqual(['NO', 'YES', 'MAYBE']);
    expect(grace.poll.options[0].answers).toEqual([{ userName: 'Grace Hopper', answer: 'NO', fromDays: true }]);

    // Alan marks through REST: ranges 1 and 2 fully.
    const alan = await api('POST', `/poll-days/${uuidOf(poll.id)}`, third.token, { days: [...daysFrom('2030-06-01', 4), ...daysFrom('2030-06-10', 4)] });
    expect(alan.status).toBe(200);
    expect(alan.body.poll.days).toContainEqual({ user_id: third.userId, days: [...daysFrom('2030-06-01', 4), ...daysFrom('2030-06-10', 4)] });
    expect(alan.body.poll.options[0].answers).toContainEqual({ user_id: third.userId, answer: 'yes' });
    expect([alan.body.poll.first_day, alan.body.poll.last_day]).toEqual(['2030-06-01', '2030-06-23']);

    // Ada answers per range; the ranking reads both kinds alike.
    const ada = await gql(
      VOTE,
      {
        id: poll.id,
        answers: [
          { optionId: r1, answer: 'NO' },
          { optionId: r3, answer: 'YES' },
        ],
      },
      owner.token,
    );
    expect(ada.poll.dayMarkerCount).toBe(2);
    // r2: 2 yes = 2; r1: 1 yes, 2 no = 1; r3: 1 yes + 1 maybe = 1.5.
    expect(ada.poll.ranking.map((o: any) => o.id)).toEqual([r2, r3, r1]);
    expect(ada.poll.options[0]).toMatchObject({ yes: 1, maybe: 0, no: 2 });
    expect(ada.poll.options[0].answers.filter((a: any) => a.answer === 'NO').map((a: any) => [a.userName, a.fromDays])).toEqual([
      ['Grace Hopper', true],
      ['Ada Lovelace', false],
    ]);

    // Answering per range replaces the marked days; marking days replaces the answers per range.
    const picked = await gql(VOTE, { id: poll.id, answers: [{ optionId: r1, answer: 'YES' }] }, member.token);
    expect(picked.poll.viewerDays).toEqual([]);
    expect(picked.poll.options.map((o: any) => o.viewerAnswer)).toEqual(['YES', null, null]);
    const again = await gql(MARK, { id: poll.id, days: ['2030-06-22'] }, member.token);
    expect(again.poll.options.map((o: any) => o.viewerAnswer)).toEqual(['NO', 'NO', 'MAYBE']);
    // An empty list takes the days and their answers back.
    const none = await gql(MARK, { id: poll.id, days: [] }, member.token);
    expect([none.poll.viewerDays, none.poll.options.map((o: any) => o.viewerAnswer)]).toEqual([[], [null, null, null]]);
    expect(await t.db.prisma.pollDay.count({ where: { userId: member.userId } })).toBe(0);
  });

  it('refuses days outside the window, unreal days, a choice poll, a closed poll; members only', async () => {
    const { owner, member, outsider, trip, poll } = await datesPoll();
    const outside = await gql(MARK, { id: poll.id, days: ['2030-06-02', '2030-06-24'] }, member.token);
    expect(outside).toMatchObject({ __typename: 'ValidationError', field: 'days.1' });
    expect(outside.message).toBe(M.dayOutsideWindow.replace('{window}', '1 Jun – 23 Jun 2030'));
    const restBad = await api('POST', `/poll-days/${uuidOf(poll.id)}`, member.token, { days: ['2030-02-30'] });
    expect([restBad.status, restBad.body.error]).toEqual([400, M.daysInvalid]);
    expect((await api('POST', `/poll-days/${uuidOf(poll.id)}`, member.token, { days: 'soon' })).status).toBe(400);
    // Nothing was kept from the refusals.
    expect(await t.db.prisma.pollDay.count({ where: { pollId: uuidOf(poll.id) } })).toBe(0);

    const choice = (
      await api('POST', '/save-poll', owner.token, { trip_id: trip.uuid, question: 'Q', kind: 'choice', options: [{ label: 'a' }, { label: 'b' }] })
    ).body.poll;
    const notDates = await api('POST', `/poll-days/${choice.id}`, member.token, { days: ['2030-06-02'] });
    expect([notDates.status, notDates.body.error]).toEqual([400, M.notDatesPollDays]);

    expect((await api('POST', `/poll-days/${uuidOf(poll.id)}`, undefined, { days: [] })).status).toBe(401);
    expect((await api('POST', `/poll-days/${uuidOf(poll.id)}`, outsider.token, { days: ['2030-06-02'] })).status).toBe(403);
    expect((await gql(MARK, { id: poll.id, days: ['2030-06-02'] }, outsider.token)).__typename).toBe('ForbiddenError');
    expect((await api('POST', '/poll-days/00000000-0000-4000-8000-000000000000', member.token, { days: [] })).status).toBe(404);

    await gql(CLOSE, { id: poll.id }, owner.token);
    const closed = await api('POST', `/poll-days/${uuidOf(poll.id)}`, member.token, { days: ['2030-06-02'] });
    expect([closed.status, closed.body.error]).toEqual([409, M.pollClosed]);
    expect((await gql(MARK, { id: poll.id, days: ['2030-06-02'] }, member.token)).__typename).toBe('ConflictError');
  });

  it('marks 2 days in the same number of SQL statements as 23, and reads the polls alike', async () => {
    const { member, third, trip, poll } = await datesPoll();
    const measure = async (days: string[]) => {
      t.db.stats.queries = 0;
      const res = await api('POST', `/poll-days/${uuidOf(poll.id)}`, member.token, { days });
      expect(res.status).toBe(200);
      const mark = t.db.stats.queries;
      t.db.stats.queries = 0;
      await api('GET', `/trip-polls/${trip.uuid}`, third.token);
      return { mark, read: t.db.stats.queries };
    };
    const small = await measure(['2030-06-01', '2030-06-02']);
    const large = await measure(daysFrom('2030-06-01', 23));
    expect(large).toEqual(small);
  });
});

describe('marked days, live across instances', () => {
  let a: TestApp;
  let urlB: string;
  let redis: Redis;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ a, urlB, redis, close } = await twoInstances('days'));
  });
  afterAll(async () => {
    await close?.();
  });

  it('delivers the answers a member’s days give, marked on one instance, to a member watching on the other', async () => {
    const [owner, member] = await Promise.all([
      signedInUser(a, { first_name: 'Ada', last_name: 'Live' }),
      signedInUser(a, { first_name: 'Bo', last_name: 'Live' }),
    ]);
    const trip = await createTrip(a, owner.token, { name: 'Live days' });
    await a.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() } });
    const poll = (
      await a.request('POST', '/api/backend/save-poll', {
        token: owner.token,
        body: {
          trip_id: trip.uuid,
          question: 'When?',
          kind: 'dates',
          options: [
            { start_date: '2030-06-01', end_date: '2030-06-03' },
            { start_date: '2030-06-05', end_date: '2030-06-07' },
          ],
        },
      })
    ).body.poll;
    const client = createClient({
      url: urlB.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { authorization: `Bearer ${owner.token}` },
    });
    const events: any[] = [];
    client.subscribe(
      {
        query:
          'subscription($id: ID!) { tripDecisionsChanged(tripId: $id) { kind poll { dayMarkerCount viewerDays options { yes maybe no answers { userName fromDays } } } } }',
        variables: { id: trip.id },
      },
      { next: (v) => events.push(v), error: () => {}, complete: () => {} },
    );
    await expect.poll(async () => (await redis.pubsub('CHANNELS', `*${trip.uuid}*`)).length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(1);
    await a.request('POST', `/api/backend/poll-days/${poll.id}`, {
      token: member.token,
      body: { days: ['2030-06-01', '2030-06-02', '2030-06-03', '2030-06-06'] },
    });
    await expect.poll(() => events.length, { timeout: 10_000 }).toBe(1);
    expect(events[0].data.tripDecisionsChanged).toEqual({
      kind: 'POLL_SAVED',
      poll: {
        dayMarkerCount: 1,
        // The watcher's own days: none; the member's show through their answers.
        viewerDays: [],
        options: [
          { yes: 1, maybe: 0, no: 0, answers: [{ userName: 'Bo Live', fromDays: true }] },
          { yes: 0, maybe: 1, no: 0, answers: [{ userName: 'Bo Live', fromDays: true }] },
        ],
      },
    });
    await client.dispose();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { Redis } from 'ioredis';
import { DecisionMessages as M } from '../../api/src/decisions/messages.js';
import { proposeRanges, rankOptions, reminderLeadMs } from '../../api/src/decisions/rules.js';
import { sweepPolls } from '../../api/src/decisions/service.js';
import { createTestApp, signedInUser, twoInstances, type TestApp } from '../support/testApp.js';
import { createTrip } from '../support/trips.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ERR = '... on Error { message } ... on ValidationError { field fieldErrors { field message } }';
const IDEA = 'id title url estimatedCost currency voteCount viewerHasVoted voters { id } comments { body } viewerCanManage';
const ADD_IDEA = `mutation($trip: ID!, $input: TripIdeaFields!) { addTripIdea(tripId: $trip, input: $input) { __typename ... on TripIdeaPayload { idea { ${IDEA} } } ${ERR} } }`;
const VOTE_IDEA = `mutation($id: ID!, $vote: Boolean!) { voteTripIdea(id: $id, vote: $vote) { __typename ... on TripIdeaPayload { idea { ${IDEA} } } ${ERR} } }`;
const COMMENT = `mutation($id: ID!, $body: String!) { commentOnTripIdea(id: $id, body: $body) { __typename ... on TripIdeaPayload { idea { ${IDEA} } } ${ERR} } }`;
const DELETE_IDEA = `mutation($id: ID!) { deleteTripIdea(id: $id) { __typename ... on DeleteTripIdeaPayload { deletedIdeaId } ${ERR} } }`;
const TO_PLAN = `mutation($id: ID!, $day: String!) { ideaToItinerary(id: $id, activityDate: $day) { __typename ... on IdeaToItineraryPayload { item { id title status activityDate } } ${ERR} } }`;
const POLL = 'id question kind multiple isOpen voterCount options { id label startDate endDate yes maybe no answers { userName answer } } ranking { id }';
const CREATE_POLL = `mutation($trip: ID!, $input: CreateTripPollInput!) { createTripPoll(tripId: $trip, input: $input) { __typename ... on TripPollPayload { poll { ${POLL} } } ${ERR} } }`;
const VOTE_POLL = `mutation($id: ID!, $answers: [PollAnswerFields!]!) { voteTripPoll(id: $id, answers: $answers) { __typename ... on TripPollPayload { poll { ${POLL} } } ${ERR} } }`;
const CLOSE_POLL = `mutation($id: ID!) { closeTripPoll(id: $id) { __typename ... on TripPollPayload { poll { isOpen } } ${ERR} } }`;
const APPLY = `mutation($id: ID!, $option: ID!) { applyDatesPoll(id: $id, optionId: $option) { __typename
  ... on ApplyDatesPollPayload { trip { startDate endDate } poll { isOpen } itemsOutside { title activityDate } } ${ERR} } }`;
const BOARD = `query($id: ID!) { node(id: $id) { ... on Trip { openPollCount ideas { edges { node { ${IDEA} } } } polls { edges { node { ${POLL} } } } } } }`;

async function gql(query: string, variables: Record<string, unknown>, token?: string) {
  const res = await t.graphql(query, variables, token);
  if (res.body.errors) return res.body;
  return Object.values(res.body.data)[0] as any;
}
const uuidOf = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[1]!;
const api = (method: string, path: string, token?: string, body?: unknown) => t.request(method, `/api/backend${path}`, { token, body });

/** A trip owned by `owner` with `member` and `third` on it; `invitee` invited only; `outsider` on none of it. */
async function crew() {
  const [owner, member, third, invitee, outsider] = await Promise.all([
    signedInUser(t, { first_name: 'Ada', last_name: 'Lovelace' }),
    signedInUser(t, { first_name: 'Grace', last_name: 'Hopper' }),
    signedInUser(t, { first_name: 'Alan', last_name: 'Turing' }),
    signedInUser(t),
    signedInUser(t),
  ]);
  const trip = await createTrip(t, owner.token, { name: 'Lisbon', startDate: '2030-05-01', endDate: '2030-05-10' });
  await t.db.prisma.tripMember.createMany({
    data: [
      { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() },
      { tripId: trip.uuid, userId: third.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() },
      { tripId: trip.uuid, userId: invitee.userId, status: 'INVITED', role: 'MEMBER' },
    ],
  });
  return { owner, member, third, invitee, outsider, trip };
}

describe('shared rules', () => {
  it('ranks by yes + maybe/2, then fewer no, then the earlier start', () => {
    const o = (id: string, yes: number, maybe: number, no: number, startDate: string) => ({ id, yes, maybe, no, startDate });
    const ranked = rankOptions([o('a', 1, 2, 0, '2030-07-01'), o('b', 2, 0, 1, '2030-06-01'), o('c', 2, 0, 0, '2030-08-01'), o('d', 1, 0, 0, '2030-05-01')]);
    // a and c score 2 with no "no": the earlier start first; b scores 2 with one "no"; d scores 1.
    expect(ranked.map((x) => x.id)).toEqual(['a', 'c', 'b', 'd']);
  });

  it('proposes evenly spread ranges of N nights inside the window, and refuses a window too short', () => {
    expect(proposeRanges({ nights: 5, from: '2030-06-01', to: '2030-06-30', max: 4 }).ranges).toEqual([
      { startDate: '2030-06-01', endDate: '2030-06-06' },
      { startDate: '2030-06-09', endDate: '2030-06-14' },
      { startDate: '2030-06-17', endDate: '2030-06-22' },
      { startDate: '2030-06-25', endDate: '2030-06-30' },
    ]);
    expect(proposeRanges({ nights: 5, from: '2030-06-01', to: '2030-06-04' }).problems).toEqual([{ field: 'window', message: M.proposeWindowInvalid }]);
    expect(proposeRanges({ nights: 0, from: '2030-06-01', to: '2030-06-04' }).problems[0]!.field).toBe('nights');
  });
});

describe('ideas', () => {
  it('adds, votes once per member, sorts by votes, comments, and checks fields on both doors', async () => {
    const { owner, member, third, trip } = await crew();
    const a = await gql(ADD_IDEA, { trip: trip.id, input: { title: 'Tram 28', estimatedCost: '3.10', url: 'https://example.com/tram' } }, member.token);
    expect(a.idea).toMatchObject({ title: 'Tram 28', estimatedCost: '3.10', currency: 'USD', voteCount: 0, viewerCanManage: true });
    const b = await api('POST', '/save-idea', owner.token, { trip_id: trip.uuid, title: 'Pastéis de Belém', estimated_cost: 12.5, location: 'Belém' });
    expect(b.status).toBe(200);
    expect(b.body.idea).toMatchObject({ title: 'Pastéis de Belém', estimated_cost: 12.5, votes: 0, voted: false, trip_id: trip.uuid, location: 'Belém' });

    const bad = await gql(ADD_IDEA, { trip: trip.id, input: { title: ' ', url: 'ftp://x', estimatedCost: '-2' } }, member.token);
    expect(bad.__typename).toBe('ValidationError');
    expect(bad.fieldErrors.map((f: any) => f.field).sort()).toEqual(['estimatedCost', 'title', 'url']);
    const badRest = await api('POST', '/save-idea', member.token, { trip_id: trip.uuid, title: '' });
    expect([badRest.status, badRest.body.error]).toEqual([400, M.titleRequired]);

    // One vote per member: voting twice keeps one.
    await gql(VOTE_IDEA, { id: a.idea.id, vote: true }, member.token);
    const twice = await gql(VOTE_IDEA, { id: a.idea.id, vote: true }, member.token);
    expect([twice.idea.voteCount, twice.idea.viewerHasVoted]).toEqual([1, true]);
    const restVote = await api('POST', `/vote-idea/${b.body.idea.id}`, third.token, { vote: true });
    expect(restVote.body.idea).toMatchObject({ votes: 1, voted: true });
    await api('POST', `/vote-idea/${b.body.idea.id}`, member.token, { vote: true });
    const unvote = await api('POST', `/vote-idea/${uuidOf(a.idea.id)}`, member.token, { vote: false });
    expect(unvote.body.idea).toMatchObject({ votes: 0, voted: false });
    expect((await api('POST', `/vote-idea/${uuidOf(a.idea.id)}`, member.token, { vote: 'yes' })).body.error).toBe(M.invalidVote);

    const commented = await gql(COMMENT, { id: a.idea.id, body: 'Go early!' }, third.token);
    expect(commented.idea.comments).toEqual([{ body: 'Go early!' }]);
    expect((await gql(COMMENT, { id: a.idea.id, body: '  ' }, third.token)).message).toBe(M.commentRequired);

    const list = await api('GET', `/trip-ideas/${trip.uuid}`, third.token);
    expect(list.body.ideas.map((i: any) => [i.title, i.votes, i.voted])).toEqual([
      ['Pastéis de Belém', 2, true],
      ['Tram 28', 0, false],
    ]);
    const board = await gql(BOARD, { id: trip.id }, member.token);
    expect(board.ideas.edges.map((e: any) => e.node.title)).toEqual(['Pastéis de Belém', 'Tram 28']);
  });

  it('answers 401 to nobody and 403 to outsiders and invitees, on both doors', async () => {
    const { owner, invitee, outsider, trip } = await crew();
    const idea = (await api('POST', '/save-idea', owner.token, { trip_id: trip.uuid, title: 'Fado night' })).body.idea;
    expect((await api('GET', `/trip-ideas/${trip.uuid}`)).status).toBe(401);
    for (const who of [outsider, invitee]) {
      expect((await api('GET', `/trip-ideas/${trip.uuid}`, who.token)).status).toBe(403);
      expect((await api('POST', '/save-idea', who.token, { trip_id: trip.uuid, title: 'X' })).status).toBe(403);
      expect((await api('POST', `/vote-idea/${idea.id}`, who.token, { vote: true })).status).toBe(403);
      expect((await api('DELETE', `/delete-idea/${idea.id}`, who.token)).status).toBe(403);
      expect((await api('GET', `/trip-polls/${trip.uuid}`, who.token)).status).toBe(403);
    }
    const gqlRefused = await gql(VOTE_IDEA, { id: Buffer.from(`TripIdea:${idea.id}`).toString('base64'), vote: true }, outsider.token);
    expect(gqlRefused.__typename).toBe('ForbiddenError');
    expect((await api('POST', `/vote-idea/00000000-0000-4000-8000-000000000000`, owner.token, { vote: true })).status).toBe(404);
  });

  it('deletes only for its author or the owner', async () => {
    const { owner, member, third, trip } = await crew();
    const mine = (await api('POST', '/save-idea', member.token, { trip_id: trip.uuid, title: 'Sintra' })).body.idea;
    const refused = await api('DELETE', `/delete-idea/${mine.id}`, third.token);
    expect([refused.status, refused.body.error]).toEqual([403, M.onlyAuthorDeletes]);
    expect((await api('DELETE', `/delete-idea/${mine.id}`, owner.token)).status).toBe(200);
    const again = (await api('POST', '/save-idea', member.token, { trip_id: trip.uuid, title: 'Cascais' })).body.idea;
    const gone = await gql(DELETE_IDEA, { id: Buffer.from(`TripIdea:${again.id}`).toString('base64') }, member.token);
    expect(gone.__typename).toBe('DeleteTripIdeaPayload');
    expect((await api('GET', `/trip-ideas/${trip.uuid}`, owner.token)).body.ideas).toEqual([]);
  });

  it("becomes a pending plan item through the itinerary's own rules", async () => {
    const { member, trip } = await crew();
    const idea = await gql(
      ADD_IDEA,
      { trip: trip.id, input: { title: 'Oceanário', location: 'Parque das Nações', latitude: 38.76, longitude: -9.09 } },
      member.token,
    );
    const item = await gql(TO_PLAN, { id: idea.idea.id, day: '2030-05-03' }, member.token);
    expect(item.item).toMatchObject({ title: 'Oceanário', status: 'PENDING', activityDate: '2030-05-03' });
    // Outside the trip's dates: the plan's own refusal.
    const outside = await api('POST', `/idea-to-itinerary/${uuidOf(idea.idea.id)}`, member.token, { activity_date: '2031-01-01' });
    expect(outside.status).toBe(400);
    const rest = await api('POST', `/idea-to-itinerary/${uuidOf(idea.idea.id)}`, member.token, { activity_date: '2030-05-04' });
    expect(rest.body.item).toMatchObject({ title: 'Oceanário', status: 'pending', activity_date: '2030-05-04', location: 'Parque das Nações' });
    const missing = await api('POST', `/idea-to-itinerary/${rest.body.item.id}`, member.token, { activity_date: '2030-05-04' });
    expect(missing.status).toBe(404);
  });

  it('reads the board in the same number of SQL statements for 2 ideas as for 30 with their votes', async () => {
    const { owner, member, third, trip } = await crew();
    const fill = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const idea = await t.db.prisma.tripIdea.create({ data: { tripId: trip.uuid, title: `Idea ${i}`, createdById: owner.userId } });
        await t.db.prisma.ideaVote.createMany({ data: [member, third].map((u) => ({ ideaId: idea.id, userId: u.userId })) });
        await t.db.prisma.ideaComment.create({ data: { ideaId: idea.id, userId: member.userId, body: 'Yes!' } });
      }
    };
    const measure = async () => {
      t.db.stats.queries = 0;
      const g = await t.graphql(BOARD, { id: trip.id }, member.token);
      expect(g.body.errors).toBeUndefined();
      const gqlCount = t.db.stats.queries;
      t.db.stats.queries = 0;
      const rest = await api('GET', `/trip-ideas/${trip.uuid}`, member.token);
      return { gqlCount, restCount: t.db.stats.queries, n: rest.body.ideas.length };
    };
    await fill(2);
    const small = await measure();
    await fill(28);
    const large = await measure();
    expect([small.n, large.n]).toEqual([2, 30]);
    expect(large.gqlCount).toBe(small.gqlCount);
    expect(large.restCount).toBe(small.restCount);
    expect(large.restCount).toBeLessThanOrEqual(6);
  });

  it("reads the polls and each range's plan items outside it in the same statements for 1 dates poll as for 4", async () => {
    const { owner, member, trip } = await crew();
    for (const [title, day] of [
      ['Museum', '2030-05-02'],
      ['Dinner', '2030-05-09'],
    ])
      await t.db.prisma.itineraryItem.create({ data: { tripId: trip.uuid, title, type: 'ACTIVITY', activityDate: new Date(`${day}T00:00:00Z`) } });
    const ranges = [
      { startDate: '2030-05-01', endDate: '2030-05-06' },
      { startDate: '2030-05-05', endDate: '2030-05-10' },
      { startDate: '2030-05-03', endDate: '2030-05-08' },
    ];
    // Written straight to the database: a poll made through the API tells the crew after it answers,
    // and those statements would land in the count.
    const addPoll = () =>
      t.db.prisma.tripPoll.create({
        data: {
          tripId: trip.uuid,
          question: 'When?',
          kind: 'DATES',
          createdById: owner.userId,
          options: {
            create: ranges.map((r, position) => ({
              position,
              label: `${r.startDate}–${r.endDate}`,
              startDate: new Date(`${r.startDate}T00:00:00Z`),
              endDate: new Date(`${r.endDate}T00:00:00Z`),
            })),
          },
        },
      });
    const QUERY = BOARD.replace('ranking { id }', 'ranking { id } options { itemsOutside { title } }');
    const measure = async () => {
      t.db.stats.queries = 0;
      const res = await t.graphql(QUERY, { id: trip.id }, member.token);
      expect(res.body.errors).toBeUndefined();
      return {
        count: t.db.stats.queries,
        polls: res.body.data.node.polls.edges.map((e: any) => e.node.options.map((o: any) => o.itemsOutside.map((i: any) => i.title))),
      };
    };
    await addPoll();
    const one = await measure();
    expect(one.polls).toEqual([[['Dinner'], ['Museum'], ['Museum', 'Dinner']]]);
    for (let i = 0; i < 3; i++) await addPoll();
    const four = await measure();
    expect(four.polls).toHaveLength(4);
    expect(four.count).toBe(one.count);
  });
});

describe('polls', () => {
  it('a choice poll takes yes only, one option unless multiple, options of its own only; changes until closed', async () => {
    const { owner, member, third, trip } = await crew();
    const created = await api('POST', '/save-poll', member.token, {
      trip_id: trip.uuid,
      question: 'Dinner?',
      kind: 'choice',
      options: [{ label: 'Fish' }, { label: 'Tapas' }],
    });
    expect(created.status).toBe(201);
    const poll = created.body.poll;
    expect(poll).toMatchObject({ kind: 'choice', multiple: false, status: 'open', question: 'Dinner?' });
    const [fish, tapas] = poll.options.map((o: any) => o.id);
    const other = (
      await api('POST', '/save-poll', member.token, { trip_id: trip.uuid, question: 'Other', kind: 'choice', options: [{ label: 'A' }, { label: 'B' }] })
    ).body.poll;

    const vote = (token: string, answers: unknown[], id = poll.id) => api('POST', `/vote-poll/${id}`, token, { answers });
    expect((await vote(owner.token, [{ option_id: fish, answer: 'maybe' }])).body.error).toBe(M.choiceYesOnly);
    expect(
      (
        await vote(owner.token, [
          { option_id: fish, answer: 'yes' },
          { option_id: tapas, answer: 'yes' },
        ])
      ).body.error,
    ).toBe(M.choiceOneOnly);
    expect((await vote(owner.token, [{ option_id: other.options[0].id, answer: 'yes' }])).body.error).toBe(M.optionNotInPoll);
    expect(
      (
        await vote(owner.token, [
          { option_id: fish, answer: 'yes' },
          { option_id: fish, answer: 'yes' },
        ])
      ).body.error,
    ).toBe(M.duplicateAnswer);
    await vote(owner.token, [{ option_id: fish, answer: 'yes' }]);
    await vote(third.token, [{ option_id: tapas, answer: 'yes' }]);
    // A changed vote replaces the earlier one.
    const changed = await vote(owner.token, [{ option_id: tapas, answer: 'yes' }]);
    expect(changed.body.poll.options.map((o: any) => [o.label, o.yes])).toEqual([
      ['Fish', 0],
      ['Tapas', 2],
    ]);
    expect(changed.body.poll.ranking[0]).toBe(tapas);

    // Closing: the creator or the owner only; then votes are refused.
    const notYours = await api('POST', `/close-poll/${poll.id}`, third.token);
    expect([notYours.status, notYours.body.error]).toEqual([403, M.onlyCreatorCloses]);
    const closed = await api('POST', `/close-poll/${poll.id}`, owner.token);
    expect(closed.body.poll.status).toBe('closed');
    const late = await vote(member.token, [{ option_id: fish, answer: 'yes' }]);
    expect([late.status, late.body.error]).toEqual([409, M.pollClosed]);

    // Multiple: several yes.
    const multi = await gql(
      CREATE_POLL,
      { trip: trip.id, input: { question: 'Which two?', kind: 'CHOICE', multiple: true, options: [{ label: 'A' }, { label: 'B' }, { label: 'C' }] } },
      member.token,
    );
    const ids = multi.poll.options.map((o: any) => o.id);
    const two = await gql(
      VOTE_POLL,
      {
        id: multi.poll.id,
        answers: [
          { optionId: ids[0], answer: 'YES' },
          { optionId: ids[2], answer: 'YES' },
        ],
      },
      third.token,
    );
    expect(two.poll.options.map((o: any) => o.yes)).toEqual([1, 0, 1]);
    expect((await gql(CLOSE_POLL, { id: multi.poll.id }, third.token)).__typename).toBe('ForbiddenError');
  });

  it('refuses a past-closing poll, bad polls on both doors, and tells the crew of a new poll and of its result', async () => {
    const { owner, member, third, trip } = await crew();
    const bad = await api('POST', '/save-poll', member.token, { trip_id: trip.uuid, question: '', kind: 'what', options: [{ label: 'Only' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.map((f: any) => f.field) ?? [bad.body.field]).toEqual(expect.arrayContaining(['question']));
    const badDates = await gql(
      CREATE_POLL,
      { trip: trip.id, input: { question: 'When?', kind: 'DATES', options: [{ startDate: '2030-06-05', endDate: '2030-06-01' }, { startDate: 'x' }] } },
      member.token,
    );
    expect(badDates.fieldErrors).toEqual([
      { field: 'options.0', message: M.optionDateOrder },
      { field: 'options.1', message: M.optionDateRequired },
    ]);
    expect(
      (
        await api('POST', '/save-poll', member.token, {
          trip_id: trip.uuid,
          question: 'Q',
          kind: 'choice',
          closes_at: '2001-01-01T00:00:00Z',
          options: [{ label: 'a' }, { label: 'b' }],
        })
      ).body.error,
    ).toBe(M.closesAtInvalid);

    const poll = (
      await api('POST', '/save-poll', member.token, {
        trip_id: trip.uuid,
        question: 'Boat?',
        kind: 'choice',
        closes_at: new Date(Date.now() + 60_000).toISOString(),
        options: [{ label: 'Yes' }, { label: 'No' }],
      })
    ).body.poll;
    const notes = await t.db.prisma.notification.findMany({ where: { userId: { in: [owner.userId, third.userId, member.userId] }, title: 'New poll' } });
    expect(notes.map((n) => n.userId).sort()).toEqual([owner.userId, third.userId].sort());
    // Its closing time passes: votes are refused as for a closed poll.
    await t.db.prisma.tripPoll.update({ where: { id: poll.id }, data: { closesAt: new Date(Date.now() - 1000) } });
    const late = await api('POST', `/vote-poll/${poll.id}`, owner.token, { answers: [{ option_id: poll.options[0].id, answer: 'yes' }] });
    expect([late.status, late.body.error]).toEqual([409, M.pollClosed]);
    expect((await api('GET', `/trip-polls/${trip.uuid}`, owner.token)).body.polls[0].status).toBe('closed');
    await api('POST', `/close-poll/${poll.id}`, member.token);
    const results = await t.db.prisma.notification.findMany({ where: { userId: owner.userId, title: 'Poll result' } });
    expect(results).toHaveLength(1);
  });

  it('a dates poll ranks ranges, names who cannot come, and the owner applies the winner through the trip edit', async () => {
    const { owner, member, third, trip } = await crew();
    await t.db.prisma.itineraryItem.create({ data: { tripId: trip.uuid, title: 'Museum', type: 'ACTIVITY', activityDate: new Date('2030-05-02T00:00:00Z') } });
    const created = await gql(
      CREATE_POLL,
      {
        trip: trip.id,
        input: {
          question: 'When?',
          kind: 'DATES',
          options: [
            { startDate: '2030-05-01', endDate: '2030-05-06' },
            { startDate: '2030-05-05', endDate: '2030-05-10' },
            { startDate: '2030-05-08', endDate: '2030-05-13' },
          ],
        },
      },
      member.token,
    );
    const poll = created.poll;
    const [r1, r2, r3] = poll.options.map((o: any) => o.id);
    expect(poll.options[0].label).toBe('1 May – 6 May 2030');
    const answer = (token: string, a: string[]) =>
      gql(VOTE_POLL, { id: poll.id, answers: [r1, r2, r3].map((optionId, i) => ({ optionId, answer: a[i] })) }, token);
    await answer(owner.token, ['YES', 'YES', 'NO']);
    await answer(member.token, ['NO', 'YES', 'MAYBE']);
    const last = await answer(third.token, ['YES', 'MAYBE', 'YES']);
    // r1: 2 yes (one no) = 2; r2: 2 yes + maybe = 2.5; r3: 1 yes + maybe = 1.5.
    expect(last.poll.ranking.map((o: any) => o.id)).toEqual([r2, r1, r3]);
    const rest = (await api('GET', `/trip-polls/${trip.uuid}`, member.token)).body.polls[0];
    expect(rest.kind).toBe('dates');
    expect(rest.options[0]).toMatchObject({ start_date: '2030-05-01', end_date: '2030-05-06', yes: 2, maybe: 0, no: 1 });
    expect(rest.options[0].answers).toContainEqual({ user_id: member.userId, answer: 'no' });
    expect(rest.ranking).toEqual([r2, r1, r3].map(uuidOf));
    expect(last.poll.options[0].answers.filter((a: any) => a.answer === 'NO').map((a: any) => a.userName)).toEqual(['Grace Hopper']);

    // Only the owner applies; the plan item outside the new dates is reported.
    const refused = await api('POST', `/apply-dates-poll/${rest.id}`, member.token, { option_id: rest.ranking[0] });
    expect([refused.status, refused.body.error]).toEqual([403, M.onlyOwnerApplies]);
    const wrong = await api('POST', `/apply-dates-poll/${rest.id}`, owner.token, { option_id: '00000000-0000-4000-8000-000000000000' });
    expect([wrong.status, wrong.body.error]).toEqual([400, M.optionNotInPoll]);
    const applied = await gql(APPLY, { id: poll.id, option: r2 }, owner.token);
    expect(applied).toMatchObject({
      trip: { startDate: '2030-05-05', endDate: '2030-05-10' },
      poll: { isOpen: false },
      itemsOutside: [{ title: 'Museum', activityDate: '2030-05-02' }],
    });
    const tripRow = await t.db.prisma.trip.findUniqueOrThrow({ where: { id: trip.uuid } });
    expect([tripRow.name, tripRow.startDate?.toISOString().slice(0, 10)]).toEqual(['Lisbon', '2030-05-05']);

    // The REST door answers the trip too; a choice poll has no dates.
    const choice = (
      await api('POST', '/save-poll', owner.token, { trip_id: trip.uuid, question: 'Q', kind: 'choice', options: [{ label: 'a' }, { label: 'b' }] })
    ).body.poll;
    expect((await api('POST', `/apply-dates-poll/${choice.id}`, owner.token, { option_id: choice.options[0].id })).body.error).toBe(M.notDatesPoll);
    const again = await api('POST', `/apply-dates-poll/${rest.id}`, owner.token, { option_id: rest.ranking[1] });
    expect(again.body.trip).toMatchObject({ id: trip.uuid, start_date: '2030-05-01', end_date: '2030-05-06' });
    const board = await gql(BOARD, { id: trip.id }, owner.token);
    expect(board.openPollCount).toBe(1);
  });
});

describe('time: reminders before closing, results after', () => {
  const HOUR = 60 * 60 * 1000;
  const notes = (userIds: string[], title: string, pollId: string) =>
    t.db.prisma.notification.findMany({ where: { userId: { in: userIds }, title, data: { path: ['pollId'], equals: pollId } } });

  it('reminds a day ahead, or a quarter of a shorter poll ahead', () => {
    const start = new Date('2030-01-01T00:00:00Z');
    expect(reminderLeadMs(start, new Date(start.getTime() + 10 * 24 * HOUR))).toBe(24 * HOUR);
    expect(reminderLeadMs(start, new Date(start.getTime() + 2 * HOUR))).toBe(HOUR / 2);
  });

  it('reminds each member who has not answered once (two instances sweeping at once), then closes the poll with its result once; in the app, not by e-mail', async () => {
    const { owner, member, third, invitee, trip } = await crew();
    const created = await t.db.prisma.tripPoll.findMany({ where: { tripId: trip.uuid } });
    expect(created).toHaveLength(0);
    const closesAt = new Date(Date.now() + 2 * HOUR);
    const poll = (
      await api('POST', '/save-poll', member.token, {
        trip_id: trip.uuid,
        question: 'Sunset cruise?',
        kind: 'choice',
        closes_at: closesAt.toISOString(),
        options: [{ label: 'Yes please' }, { label: 'No thanks' }],
      })
    ).body.poll;
    await api('POST', `/vote-poll/${poll.id}`, owner.token, { answers: [{ option_id: poll.options[0].id, answer: 'yes' }] });
    const everyone = [owner.userId, member.userId, third.userId, invitee.userId];

    // An hour before closing is still before a quarter of its two hours: nobody is reminded yet.
    await sweepPolls(t.app.deps, new Date(closesAt.getTime() - HOUR));
    expect(await notes(everyone, 'Poll closing soon', poll.id)).toHaveLength(0);

    // Twenty minutes before: who has not answered (the asker too, not the invitee) hears it, once,
    // though two instances sweep at the same moment and again later.
    const soon = new Date(closesAt.getTime() - 20 * 60 * 1000);
    await Promise.all([sweepPolls(t.app.deps, soon), sweepPolls(t.app.deps, soon)]);
    await sweepPolls(t.app.deps, new Date(soon.getTime() + 60_000));
    const reminded = await notes(everyone, 'Poll closing soon', poll.id);
    expect(reminded.map((n) => n.userId).sort()).toEqual([member.userId, third.userId].sort());
    expect(reminded[0]!.message).toContain('Sunset cruise?');

    // Its closing time passes: the poll reads closed and every member hears the result, once.
    const after = new Date(closesAt.getTime() + 1000);
    await Promise.all([sweepPolls(t.app.deps, after), sweepPolls(t.app.deps, after)]);
    await sweepPolls(t.app.deps, new Date(after.getTime() + 60_000));
    const results = await notes(everyone, 'Poll result', poll.id);
    expect(results.map((n) => n.userId).sort()).toEqual([owner.userId, member.userId, third.userId].sort());
    expect(results[0]!.message).toBe('"Sunset cruise?": Yes please (1 yes).');
    const row = await t.db.prisma.tripPoll.findUniqueOrThrow({ where: { id: poll.id } });
    expect(row.closedAt?.getTime()).toBe(closesAt.getTime());
    expect((await api('GET', `/trip-polls/${trip.uuid}`, owner.token)).body.polls[0].status).toBe('closed');
    // Trip updates are in-app only, as the rest of the product's: no mail mentions the poll.
    expect((await t.mails()).filter((m) => m.text.includes('Sunset cruise?') || m.subject.includes('poll'))).toEqual([]);
  });
});

describe('live ideas and polls across instances', () => {
  let a: TestApp;
  let urlB: string;
  let redis: Redis;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ a, urlB, redis, close } = await twoInstances('decisions'));
  });
  afterAll(async () => {
    await close?.();
  });

  it('delivers a new idea and a vote made on one instance to a member watching on the other; outsiders may not watch', async () => {
    const [owner, member, outsider] = await Promise.all([signedInUser(a), signedInUser(a), signedInUser(a)]);
    const trip = await createTrip(a, owner.token, { name: 'Two servers' });
    await a.db.prisma.tripMember.create({ data: { tripId: trip.uuid, userId: member.userId, status: 'ACCEPTED', role: 'MEMBER', joinedAt: new Date() } });
    const connect = (token: string) =>
      createClient({
        url: urlB.replace('http', 'ws') + '/graphql',
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        connectionParams: { authorization: `Bearer ${token}` },
      });
    const client = connect(member.token);
    const events: any[] = [];
    client.subscribe(
      {
        query: 'subscription($id: ID!) { tripDecisionsChanged(tripId: $id) { kind idea { title voteCount } poll { question } deletedIdeaId } }',
        variables: { id: trip.id },
      },
      { next: (v) => events.push(v), error: () => {}, complete: () => {} },
    );
    await expect.poll(async () => (await redis.pubsub('CHANNELS', `*${trip.uuid}*`)).length, { timeout: 10_000, interval: 50 }).toBeGreaterThan(1);
    // Each event is read afresh when delivered: the next change waits until the last one is heard.
    const idea = (await a.request('POST', '/api/backend/save-idea', { token: owner.token, body: { trip_id: trip.uuid, title: 'Rooftop bar' } })).body.idea;
    await expect.poll(() => events.length, { timeout: 10_000 }).toBe(1);
    await a.request('POST', `/api/backend/vote-idea/${idea.id}`, { token: owner.token, body: { vote: true } });
    await expect.poll(() => events.length, { timeout: 10_000 }).toBe(2);
    await a.request('POST', '/api/backend/save-poll', {
      token: owner.token,
      body: { trip_id: trip.uuid, question: 'Tonight?', kind: 'choice', options: [{ label: 'Yes' }, { label: 'No' }] },
    });
    await expect.poll(() => events.length, { timeout: 10_000 }).toBe(3);
    await a.request('DELETE', `/api/backend/delete-idea/${idea.id}`, { token: owner.token });
    await expect.poll(() => events.length, { timeout: 10_000 }).toBe(4);
    expect(events.map((e) => e.data.tripDecisionsChanged)).toEqual([
      { kind: 'IDEA_SAVED', idea: { title: 'Rooftop bar', voteCount: 0 }, poll: null, deletedIdeaId: null },
      { kind: 'IDEA_SAVED', idea: { title: 'Rooftop bar', voteCount: 1 }, poll: null, deletedIdeaId: null },
      { kind: 'POLL_SAVED', idea: null, poll: { question: 'Tonight?' }, deletedIdeaId: null },
      { kind: 'IDEA_DELETED', idea: null, poll: null, deletedIdeaId: Buffer.from(`TripIdea:${idea.id}`).toString('base64') },
    ]);
    await client.dispose();

    const refusedClient = connect(outsider.token);
    const refused = await new Promise<any>((resolve) => {
      refusedClient.subscribe(
        { query: 'subscription($id: ID!) { tripDecisionsChanged(tripId: $id) { kind } }', variables: { id: trip.id } },
        { next: (v) => resolve(v.errors), error: (e) => resolve(e), complete: () => resolve(null) },
      );
    });
    expect((refused as any[])[0].extensions.code).toBe('FORBIDDEN');
    await refusedClient.dispose();
  });
});

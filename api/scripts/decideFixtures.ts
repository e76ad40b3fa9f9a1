import type { PrismaClient } from '../src/generated/prisma/client.js';

/**
 * The Decide tab's bench data on one trip: `ideas` ideas, each voted for by a varying number of
 * the members and every third with two comments, and `polls` polls (half choice polls of four
 * options, half dates polls of three ranges), every member answering every option. On a dates
 * poll the first member answers by marking days on the calendar (all of range 0, two days of
 * range 1), so their answers are the ones those days give: yes, maybe, no.
 */
export async function seedDecisions(prisma: PrismaClient, tripId: string, members: string[], ideas: number, polls: number) {
  const ideaRows = Array.from({ length: ideas }, (_, i) => ({
    id: crypto.randomUUID(),
    tripId,
    title: `Idea ${i}`,
    notes: i % 2 ? `Why idea ${i} is worth it` : null,
    location: i % 3 ? null : `Place ${i}`,
    estimatedCostCents: i % 4 ? 1000 + i * 37 : null,
    createdById: members[i % members.length]!,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
  }));
  await prisma.tripIdea.createMany({ data: ideaRows });
  await prisma.ideaVote.createMany({
    data: ideaRows.flatMap((idea, i) => members.slice(0, i % (members.length + 1)).map((userId) => ({ ideaId: idea.id, userId }))),
  });
  await prisma.ideaComment.createMany({
    data: ideaRows
      .filter((_, i) => i % 3 === 0)
      .flatMap((idea, i) => [0, 1].map((k) => ({ ideaId: idea.id, userId: members[(i + k) % members.length]!, body: `Comment ${k} on ${idea.title}` }))),
  });
  const answers = ['YES', 'MAYBE', 'NO'] as const;
  for (let p = 0; p < polls; p++) {
    const dates = p % 2 === 1;
    const poll = await prisma.tripPoll.create({
      data: {
        tripId,
        question: dates ? `When shall we go? (${p})` : `Which of these first? (${p})`,
        kind: dates ? 'DATES' : 'CHOICE',
        multiple: !dates && p % 4 === 0,
        createdById: members[p % members.length]!,
        createdAt: new Date(Date.UTC(2026, 0, 2, 0, p)),
        options: {
          create: dates
            ? [0, 1, 2].map((k) => ({
                position: k,
                label: `Range ${k}`,
                startDate: new Date(Date.UTC(2026, 5 + k, 1)),
                endDate: new Date(Date.UTC(2026, 5 + k, 6)),
              }))
            : [0, 1, 2, 3].map((k) => ({ position: k, label: ideaRows[k]?.title ?? `Option ${k}`, ideaId: ideaRows[k]?.id ?? null })),
        },
      },
      select: { id: true, options: { select: { id: true }, orderBy: { position: 'asc' } } },
    });
    if (dates && members[0]) {
      const days = [1, 2, 3, 4, 5, 6].map((d) => new Date(Date.UTC(2026, 5, d))).concat([1, 2].map((d) => new Date(Date.UTC(2026, 6, d))));
      await prisma.pollDay.createMany({ data: days.map((day) => ({ pollId: poll.id, userId: members[0]!, day })) });
    }
    await prisma.pollAnswer.createMany({
      data: members.flatMap((userId, m) =>
        dates
          ? poll.options.map((o, k) => ({ optionId: o.id, userId, pollId: poll.id, answer: m === 0 ? answers[k]! : answers[(m + k) % 3]! }))
          : [{ optionId: poll.options[m % poll.options.length]!.id, userId, pollId: poll.id, answer: 'YES' as const }],
      ),
    });
  }
}

/**
 * What the Decide tab shows, in one statement ($1 the trip, $2 the reader): the ideas with their
 * voters and comments (most votes first), and the polls with each option's counts, answers with
 * names, the reader's own answer and, for date ranges, the plan's items outside the range and
 * the days the reader marked.
 */
export const DECIDE_SQL = `SELECT
  (SELECT json_agg(x ORDER BY x.votes DESC, x.created_at DESC) FROM (
    SELECT i.id, i.title, i.url, i.notes, i.location, i.estimated_cost_cents, i.created_at, i.created_by_id,
      (SELECT count(*) FROM idea_votes v WHERE v.idea_id = i.id) AS votes,
      (SELECT json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'avatar_url', u.avatar_url))
         FROM idea_votes v JOIN users u ON u.id = v.user_id WHERE v.idea_id = i.id) AS voters,
      (SELECT json_agg(json_build_object('id', c.id, 'body', c.body, 'created_at', c.created_at, 'first_name', u.first_name, 'last_name', u.last_name) ORDER BY c.created_at)
         FROM idea_comments c LEFT JOIN users u ON u.id = c.user_id WHERE c.idea_id = i.id) AS comments
    FROM trip_ideas i WHERE i.trip_id = $1::uuid ORDER BY i.created_at DESC LIMIT 200) x) AS ideas,
  (SELECT json_agg(json_build_object('id', p.id, 'question', p.question, 'kind', p.kind, 'multiple', p.multiple, 'closes_at', p.closes_at,
      'closed_at', p.closed_at, 'created_by', p.created_by_id,
      'my_days', (SELECT json_agg(d.day ORDER BY d.day) FROM poll_days d WHERE d.poll_id = p.id AND d.user_id = $2::uuid),
      'options', (SELECT json_agg(json_build_object('id', o.id, 'label', o.label, 'start_date', o.start_date, 'end_date', o.end_date,
          'yes', (SELECT count(*) FROM poll_answers a WHERE a.option_id = o.id AND a.answer = 'yes'),
          'maybe', (SELECT count(*) FROM poll_answers a WHERE a.option_id = o.id AND a.answer = 'maybe'),
          'no', (SELECT count(*) FROM poll_answers a WHERE a.option_id = o.id AND a.answer = 'no'),
          'mine', (SELECT a.answer FROM poll_answers a WHERE a.option_id = o.id AND a.user_id = $2::uuid),
          'answers', (SELECT json_agg(json_build_object('answer', a.answer, 'first_name', u.first_name, 'last_name', u.last_name))
             FROM poll_answers a JOIN users u ON u.id = a.user_id WHERE a.option_id = o.id),
          'outside', (SELECT json_agg(json_build_object('id', it.id, 'title', it.title, 'activity_date', it.activity_date))
             FROM itinerary_items it WHERE it.trip_id = p.trip_id AND o.start_date IS NOT NULL
               AND (it.activity_date < o.start_date OR it.activity_date > o.end_date))) ORDER BY o.position)
        FROM poll_options o WHERE o.poll_id = p.id)) ORDER BY p.created_at DESC)
     FROM trip_polls p WHERE p.trip_id = $1::uuid) AS polls`;

/** What the REST board row answers ($1 the trip): every idea with its voters and comments, most votes first. */
export const IDEAS_SQL = `SELECT json_agg(x ORDER BY x.votes DESC, x.created_at DESC) FROM (
  SELECT i.id, i.trip_id, i.title, i.url, i.notes, i.location, i.latitude, i.longitude, i.estimated_cost_cents, i.created_by_id, i.created_at,
    (SELECT count(*) FROM idea_votes v WHERE v.idea_id = i.id) AS votes,
    (SELECT json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'avatar_url', u.avatar_url))
       FROM idea_votes v JOIN users u ON u.id = v.user_id WHERE v.idea_id = i.id) AS voters,
    (SELECT json_agg(json_build_object('id', c.id, 'user_id', c.user_id, 'body', c.body, 'created_at', c.created_at) ORDER BY c.created_at)
       FROM idea_comments c WHERE c.idea_id = i.id) AS comments
  FROM trip_ideas i WHERE i.trip_id = $1::uuid) x`;

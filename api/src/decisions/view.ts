import type { Prisma } from '../generated/prisma/client.js';
import type { PrismaClient } from '../db/index.js';
import type { Tx } from '../platform/outbox.js';
import { isoDate } from '../platform/dates.js';
import { readTimestamp, sql, userCardJson } from '../platform/sql.js';
import type { AuthorCard } from '../itinerary/view.js';
import { isPollOpen, pollWindow, rankOptions, type AnswerValue, type PollKindValue } from './rules.js';

const CARD = { select: { id: true, firstName: true, lastName: true, avatarUrl: true } } as const;

/** What a read of ideas includes: voters' cards (oldest vote first) and comments with authors. */
export const IDEA_INCLUDE = {
  votes: { orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }], include: { user: CARD } },
  comments: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], include: { user: CARD } },
  trip: { select: { currency: true } },
} satisfies Prisma.TripIdeaInclude;
type IdeaRow = Prisma.TripIdeaGetPayload<{ include: typeof IDEA_INCLUDE }>;

export interface IdeaCommentView {
  id: string;
  ideaId: string;
  tripId: string;
  body: string;
  author: AuthorCard | null;
  createdAt: Date;
}

export interface IdeaView {
  id: string;
  tripId: string;
  title: string;
  url: string | null;
  notes: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  estimatedCostCents: number | null;
  currency: string;
  createdById: string | null;
  createdAt: Date;
  updatedAt: Date;
  voters: AuthorCard[];
  comments: IdeaCommentView[];
}

function ideaOf(row: IdeaRow): IdeaView {
  return {
    id: row.id,
    tripId: row.tripId,
    title: row.title,
    url: row.url,
    notes: row.notes,
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    estimatedCostCents: row.estimatedCostCents,
    currency: row.trip.currency,
    createdById: row.createdById,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    voters: row.votes.map((v) => v.user),
    comments: row.comments.map((c) => ({ id: c.id, ideaId: row.id, tripId: row.tripId, body: c.body, author: c.user, createdAt: c.createdAt })),
  };
}

/** Most votes first, then the oldest idea first (the board's order). */
export const byVotes = (a: IdeaView, b: IdeaView) =>
  b.voters.length - a.voters.length || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

interface IdeaSqlRow extends Omit<IdeaView, 'comments'> {
  comments: { id: string; body: string; createdAt: string; author: AuthorCard | null }[];
}

/**
 * A trip's ideas, most votes first, in one statement: the board's read (REST and the Decide tab),
 * written by hand because Prisma's relation joins cost the board twice the SQL's time in the bench.
 * Its Prisma form is `ideasByIds` (IDEA_INCLUDE), and tests/api/sql-pairs.test.ts holds the two
 * to the same answer. Voters oldest vote first, comments oldest first.
 */
export async function tripIdeas(db: PrismaClient | Tx, tripId: string, limit: number): Promise<IdeaView[]> {
  const rows = await db.$queryRaw<IdeaSqlRow[]>(sql`
    SELECT i.id, i.trip_id AS "tripId", i.title, i.url, i.notes, i.location, i.latitude, i.longitude,
      i.estimated_cost_cents AS "estimatedCostCents", t.currency, i.created_by_id AS "createdById",
      i.created_at AS "createdAt", i.updated_at AS "updatedAt",
      coalesce((SELECT json_agg(${userCardJson('u')} ORDER BY v.created_at, v.user_id)
        FROM idea_votes v JOIN users u ON u.id = v.user_id WHERE v.idea_id = i.id), '[]') AS voters,
      coalesce((SELECT json_agg(json_build_object('id', c.id, 'body', c.body, 'createdAt', c.created_at,
          'author', CASE WHEN u.id IS NULL THEN NULL ELSE ${userCardJson('u')} END) ORDER BY c.created_at, c.id)
        FROM idea_comments c LEFT JOIN users u ON u.id = c.user_id WHERE c.idea_id = i.id), '[]') AS comments
    FROM trip_ideas i JOIN trips t ON t.id = i.trip_id
    WHERE i.trip_id = ${tripId}::uuid
    ORDER BY i.created_at, i.id
    LIMIT ${limit}`);
  return rows
    .map((r) => ({
      ...r,
      comments: r.comments.map((c) => ({ id: c.id, ideaId: r.id, tripId: r.tripId, body: c.body, author: c.author, createdAt: readTimestamp(c.createdAt) })),
    }))
    .sort(byVotes);
}

export async function ideasByIds(db: PrismaClient | Tx, ids: readonly string[]): Promise<Map<string, IdeaView>> {
  const rows = await db.tripIdea.findMany({ where: { id: { in: [...ids] } }, include: IDEA_INCLUDE });
  return new Map(rows.map((r) => [r.id, ideaOf(r)]));
}

export const POLL_INCLUDE = {
  options: {
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    include: { answers: { orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }], include: { user: CARD } } },
  },
  days: { orderBy: [{ userId: 'asc' }, { day: 'asc' }], select: { userId: true, day: true } },
} satisfies Prisma.TripPollInclude;
type PollRow = Prisma.TripPollGetPayload<{ include: typeof POLL_INCLUDE }>;

export interface PollAnswerView {
  user: AuthorCard;
  answer: AnswerValue;
  /** Derived from the days they marked on the calendar (rules.ts `answersFromDays`), not picked per range. */
  fromDays: boolean;
}
export interface PollOptionView {
  id: string;
  pollId: string;
  tripId: string;
  label: string;
  startDate: string | null;
  endDate: string | null;
  ideaId: string | null;
  yes: number;
  maybe: number;
  no: number;
  answers: PollAnswerView[];
}
export interface PollView {
  id: string;
  tripId: string;
  question: string;
  kind: PollKindValue;
  multiple: boolean;
  closesAt: Date | null;
  closedAt: Date | null;
  createdById: string | null;
  createdAt: Date;
  open: boolean;
  options: PollOptionView[];
  /** Option ids, best first (rules.ts `rankOptions`). */
  ranking: string[];
  /** Who has answered at least one option. */
  voterIds: string[];
  /** A dates poll: its earliest to its latest day, where members mark the days they can; null for a choice. */
  window: { first: string; last: string } | null;
  /** The days each member marked (YYYY-MM-DD, sorted), by user id; only members who marked any. */
  daysByUser: Record<string, string[]>;
}

function pollOf(row: PollRow, now: Date): PollView {
  const daysByUser: Record<string, string[]> = {};
  for (const d of row.days) (daysByUser[d.userId] ??= []).push(isoDate(d.day)!);
  const options: PollOptionView[] = row.options.map((o) => {
    const count = (a: AnswerValue) => o.answers.filter((x) => x.answer === a).length;
    return {
      id: o.id,
      pollId: row.id,
      tripId: row.tripId,
      label: o.label,
      startDate: isoDate(o.startDate),
      endDate: isoDate(o.endDate),
      ideaId: o.ideaId,
      yes: count('YES'),
      maybe: count('MAYBE'),
      no: count('NO'),
      answers: o.answers.map((a) => ({ user: a.user, answer: a.answer, fromDays: a.userId in daysByUser })),
    };
  });
  return {
    id: row.id,
    tripId: row.tripId,
    question: row.question,
    kind: row.kind,
    multiple: row.multiple,
    closesAt: row.closesAt,
    closedAt: row.closedAt,
    createdById: row.createdById,
    createdAt: row.createdAt,
    open: isPollOpen(row, now),
    options,
    ranking: rankOptions(options).map((o) => o.id),
    voterIds: [...new Set(options.flatMap((o) => o.answers.map((a) => a.user.id)))],
    window: row.kind === 'DATES' ? pollWindow(options) : null,
    daysByUser,
  };
}

/** A trip's polls, newest first. */
export async function tripPolls(db: PrismaClient | Tx, tripId: string, limit: number): Promise<PollView[]> {
  const rows = await db.tripPoll.findMany({ where: { tripId }, include: POLL_INCLUDE, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: limit });
  const now = new Date();
  return rows.map((r) => pollOf(r, now));
}

export async function pollsByIds(db: PrismaClient | Tx, ids: readonly string[]): Promise<Map<string, PollView>> {
  const rows = await db.tripPoll.findMany({ where: { id: { in: [...ids] } }, include: POLL_INCLUDE });
  const now = new Date();
  return new Map(rows.map((r) => [r.id, pollOf(r, now)]));
}

import { requireViewer, type AppDeps, type RequestContext } from '../platform/context.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type FieldError } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { formatMoneyDecimal } from '../platform/money.js';
import { isoDate } from '../platform/dates.js';
import { withLiveEvents, type LiveEvents, type Tx } from '../platform/outbox.js';
import { parseInput } from '../platform/validation.js';
import { displayName } from '../accounts/accountFields.js';
import { notify } from '../notifications/service.js';
import { isTripOwner, requireTripMember } from '../trips/access.js';
import { memberIds, updateTrip } from '../trips/service.js';
import type { TripInput } from '../trips/validation.js';
import { addPendingItineraryItem } from '../itinerary/service.js';
import type { ItineraryItemView } from '../itinerary/view.js';
import type { DecisionEvent } from './liveEvents.js';
import { owePollMails, sendPollMails, type PollMailKind } from './pollMail.js';
import { DECISION_LIMITS as L, DecisionMessages as M } from './messages.js';
import {
  answersFromDays,
  checkPoll,
  checkPollDays,
  ideaSchema,
  isPollOpen,
  pollWindow,
  reminderLeadMs,
  type AnswerValue,
  type IdeaInput,
  type PollInput,
} from './rules.js';
import { ideasByIds, pollsByIds, tripIdeas, tripPolls, type IdeaView, type PollView } from './view.js';

function announce(events: LiveEvents, ctx: RequestContext, event: Omit<DecisionEvent, 'actorId'>) {
  events.tripTopic('decisions', { ...event, actorId: ctx.viewer!.id });
}

const who = (ctx: RequestContext) => (ctx.viewer!.card ? displayName(ctx.viewer!.card, 'A trip member') : 'A trip member');

/**
 * Tells trip members something about a poll: in the app always, and by e-mail to those who turned
 * "E-mail me about polls" on (pollMail.ts: owed here, in the change's transaction; sent after it).
 */
async function tellMembersOf(
  tx: Tx,
  events: LiveEvents,
  tripId: string,
  userIds: string[],
  kind: PollMailKind,
  title: string,
  message: string,
  pollId: string,
) {
  for (const userId of userIds) {
    await notify(tx, events, userId, { type: 'TRIP_UPDATE', title, message, actionUrl: `/dashboard/trips/${tripId}?tab=decide`, data: { tripId, pollId } });
  }
  await owePollMails(tx, pollId, userIds, kind, message);
}

/** The trip's members other than `exceptId` (the actor; null for none), each told the same thing. */
async function tellMembers(
  tx: Tx,
  events: LiveEvents,
  tripId: string,
  exceptId: string | null,
  kind: PollMailKind,
  title: string,
  message: string,
  pollId: string,
) {
  const crew = (await memberIds(tx, tripId)).filter((id) => id !== exceptId);
  await tellMembersOf(tx, events, tripId, crew, kind, title, message, pollId);
}

/** The trip's members other than the viewer, each told the same thing. */
function tellCrew(tx: Tx, events: LiveEvents, ctx: RequestContext, tripId: string, kind: PollMailKind, title: string, message: string, pollId: string) {
  return tellMembers(tx, events, tripId, ctx.viewer!.id, kind, title, message, pollId);
}

// ---------------------------------------------------------------- ideas

/** A trip's ideas, most votes first; members only. */
export async function listIdeas(ctx: RequestContext, tripId: string): Promise<IdeaView[]> {
  await requireTripMember(ctx, tripId);
  return tripIdeas(ctx.deps.db.prisma, tripId, L.ideasPage);
}

async function readIdea(tx: Tx, ideaId: string): Promise<IdeaView> {
  const found = (await ideasByIds(tx, [ideaId])).get(ideaId);
  if (!found) throw new NotFoundError(M.ideaNotFound);
  return found;
}

/** The idea's trip and author, once the viewer may act on it: 401, 404 (a malformed id too), 403. */
async function requireIdeaMember(ctx: RequestContext, ideaId: string) {
  requireViewer(ctx);
  if (!isUuid(ideaId)) throw new NotFoundError(M.ideaNotFound);
  const idea = await ctx.deps.db.prisma.tripIdea.findUnique({
    where: { id: ideaId },
    select: { tripId: true, createdById: true, title: true, location: true, latitude: true, longitude: true, trip: { select: { currency: true } } },
  });
  if (!idea) throw new NotFoundError(M.ideaNotFound);
  await requireTripMember(ctx, idea.tripId);
  return idea;
}

function ideaData(input: IdeaInput, currency: string) {
  const v = parseInput(ideaSchema(currency), input);
  return {
    title: v.title,
    url: v.url,
    notes: v.notes,
    location: v.location,
    latitude: v.latitude,
    longitude: v.longitude,
    estimatedCostCents: v.estimatedCost,
  };
}

/** Adds an idea to a trip's board; any member may. The crew sees it live. */
export async function addIdea(ctx: RequestContext, tripId: string, input: IdeaInput): Promise<IdeaView> {
  const viewer = requireViewer(ctx);
  await requireTripMember(ctx, tripId);
  const trip = await ctx.deps.db.prisma.trip.findUniqueOrThrow({ where: { id: tripId }, select: { currency: true } });
  const data = ideaData(input, trip.currency);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    const idea = await tx.tripIdea.create({ data: { ...data, tripId, createdById: viewer.id }, select: { id: true } });
    announce(events, ctx, { kind: 'IDEA_SAVED', tripId, ideaId: idea.id });
    return readIdea(tx, idea.id);
  });
}

async function mayManage(ctx: RequestContext, tripId: string, authorId: string | null): Promise<boolean> {
  return authorId === ctx.viewer!.id || ctx.viewer!.isAdmin || (await isTripOwner(ctx, tripId));
}

/** Replaces an idea's fields; who added it or the trip owner may. Its votes stay. */
export async function updateIdea(ctx: RequestContext, ideaId: string, input: IdeaInput): Promise<IdeaView> {
  const idea = await requireIdeaMember(ctx, ideaId);
  if (!(await mayManage(ctx, idea.tripId, idea.createdById))) throw new ForbiddenError(M.onlyAuthorDeletes);
  const data = ideaData(input, idea.trip.currency);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await tx.tripIdea.update({ where: { id: ideaId }, data, select: { id: true } });
    announce(events, ctx, { kind: 'IDEA_SAVED', tripId: idea.tripId, ideaId });
    return readIdea(tx, ideaId);
  });
}

/** Votes an idea up (true) or takes the vote back (false): one vote per member per idea. */
export async function voteIdea(ctx: RequestContext, ideaId: string, vote: unknown): Promise<IdeaView> {
  const viewer = requireViewer(ctx);
  if (typeof vote !== 'boolean') throw new ValidationError(M.invalidVote, 'vote');
  const idea = await requireIdeaMember(ctx, ideaId);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    if (vote) {
      await tx.ideaVote.upsert({ where: { ideaId_userId: { ideaId, userId: viewer.id } }, create: { ideaId, userId: viewer.id }, update: {} });
    } else {
      await tx.ideaVote.deleteMany({ where: { ideaId, userId: viewer.id } });
    }
    announce(events, ctx, { kind: 'IDEA_SAVED', tripId: idea.tripId, ideaId });
    return readIdea(tx, ideaId);
  });
}

/** Comments on an idea; any member may. */
export async function commentOnIdea(ctx: RequestContext, ideaId: string, body: unknown): Promise<IdeaView> {
  const viewer = requireViewer(ctx);
  const idea = await requireIdeaMember(ctx, ideaId);
  const text = typeof body === 'string' ? body.trim() : '';
  if (!text) throw new ValidationError(M.commentRequired, 'body');
  if (text.length > L.comment) throw new ValidationError(M.commentTooLong.replace('{max}', String(L.comment)), 'body');
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await tx.ideaComment.create({ data: { ideaId, userId: viewer.id, body: text } });
    announce(events, ctx, { kind: 'IDEA_SAVED', tripId: idea.tripId, ideaId });
    return readIdea(tx, ideaId);
  });
}

/** Deletes an idea with its votes and comments; who added it or the trip owner may. */
export async function deleteIdea(ctx: RequestContext, ideaId: string): Promise<{ id: string; tripId: string }> {
  const idea = await requireIdeaMember(ctx, ideaId);
  if (!(await mayManage(ctx, idea.tripId, idea.createdById))) throw new ForbiddenError(M.onlyAuthorDeletes);
  return withLiveEvents(ctx.deps, async (tx, events) => {
    await tx.tripIdea.deleteMany({ where: { id: ideaId } });
    announce(events, ctx, { kind: 'IDEA_DELETED', tripId: idea.tripId, ideaId });
    return { id: ideaId, tripId: idea.tripId };
  });
}

/**
 * Puts an idea on the plan as a pending item on `activityDate`, through the itinerary's own
 * rules (addPendingItineraryItem: the day within the trip's dates, the item's fields). The idea stays.
 */
export async function ideaToItinerary(ctx: RequestContext, ideaId: string, activityDate: unknown): Promise<ItineraryItemView> {
  const idea = await requireIdeaMember(ctx, ideaId);
  if (activityDate === undefined || activityDate === null || activityDate === '') throw new ValidationError(M.activityDateRequired, 'activityDate');
  return addPendingItineraryItem(ctx, idea.tripId, {
    title: idea.title,
    type: 'ACTIVITY',
    location: idea.location,
    latitude: idea.latitude,
    longitude: idea.longitude,
    activityDate,
  });
}

// ---------------------------------------------------------------- polls

/** A trip's polls, newest first; members only. */
export async function listPolls(ctx: RequestContext, tripId: string): Promise<PollView[]> {
  await requireTripMember(ctx, tripId);
  return tripPolls(ctx.deps.db.prisma, tripId, L.pollsPage);
}

async function readPoll(tx: Tx, pollId: string): Promise<PollView> {
  const found = (await pollsByIds(tx, [pollId])).get(pollId);
  if (!found) throw new NotFoundError(M.pollNotFound);
  return found;
}

async function requirePollMember(ctx: RequestContext, pollId: string) {
  requireViewer(ctx);
  if (!isUuid(pollId)) throw new NotFoundError(M.pollNotFound);
  const poll = await ctx.deps.db.prisma.tripPoll.findUnique({ where: { id: pollId }, select: { tripId: true, createdById: true, question: true, kind: true } });
  if (!poll) throw new NotFoundError(M.pollNotFound);
  await requireTripMember(ctx, poll.tripId);
  return poll;
}

/** Asks the crew a question; any member may. Every other member is told. */
export async function createPoll(ctx: RequestContext, tripId: string, input: PollInput): Promise<PollView> {
  const viewer = requireViewer(ctx);
  await requireTripMember(ctx, tripId);
  const { data, problems } = checkPoll(input, new Date());
  if (!data) throw new ValidationError(problems[0]!.message, problems[0]!.field, problems as FieldError[]);
  const created = await withLiveEvents(ctx.deps, async (tx, events) => {
    const ideaIds = data.options.flatMap((o) => (o.ideaId ? [o.ideaId] : []));
    const ideas = ideaIds.length
      ? await tx.tripIdea.findMany({ where: { id: { in: ideaIds.filter(isUuid) }, tripId }, select: { id: true, title: true } })
      : [];
    const titles = new Map(ideas.map((i) => [i.id, i.title]));
    data.options.forEach((o, i) => {
      if (o.ideaId && !titles.has(o.ideaId)) throw new ValidationError(M.ideaNotOnTrip, `options.${i}`);
    });
    const poll = await tx.tripPoll.create({
      data: {
        tripId,
        question: data.question,
        kind: data.kind,
        multiple: data.multiple,
        closesAt: data.closesAt,
        createdById: viewer.id,
        options: {
          create: data.options.map((o, position) => ({
            position,
            label: o.label || (o.ideaId ? titles.get(o.ideaId)!.slice(0, L.optionLabel) : ''),
            startDate: o.startDate,
            endDate: o.endDate,
            ideaId: o.ideaId,
          })),
        },
      },
      select: { id: true },
    });
    await tellCrew(tx, events, ctx, tripId, 'NEW', 'New poll', `${who(ctx)} asks: ${data.question}`, poll.id);
    announce(events, ctx, { kind: 'POLL_SAVED', tripId, pollId: poll.id });
    return readPoll(tx, poll.id);
  });
  await sendPollMails(ctx.deps, created.id);
  return created;
}

export interface AnswerInput {
  optionId?: unknown;
  answer?: unknown;
}

/**
 * Replaces the viewer's answers to a poll. Options of this poll only, each at most once; a choice
 * poll takes "yes" only, and one option unless it is multiple; a closed (or past-closing) poll
 * refuses. An empty list takes every answer back.
 */
export async function votePoll(ctx: RequestContext, pollId: string, answers: unknown): Promise<PollView> {
  const viewer = requireViewer(ctx);
  const poll = await requirePollMember(ctx, pollId);
  if (!Array.isArray(answers)) throw new ValidationError(M.invalidAnswer, 'answers');
  const parsed = (answers as AnswerInput[]).map((a, i) => {
    const value = typeof a?.answer === 'string' ? a.answer.toUpperCase() : a?.answer;
    if (value !== 'YES' && value !== 'MAYBE' && value !== 'NO') throw new ValidationError(M.invalidAnswer, `answers.${i}`);
    if (typeof a.optionId !== 'string') throw new ValidationError(M.optionNotInPoll, `answers.${i}`);
    return { optionId: a.optionId, answer: value as AnswerValue };
  });
  if (new Set(parsed.map((a) => a.optionId)).size !== parsed.length) throw new ValidationError(M.duplicateAnswer, 'answers');
  if (poll.kind === 'CHOICE' && parsed.some((a) => a.answer !== 'YES')) throw new ValidationError(M.choiceYesOnly, 'answers');
  return withLiveEvents(ctx.deps, async (tx, events) => {
    // Read with the change, so a close committed meanwhile is seen.
    const current = await tx.tripPoll.findUniqueOrThrow({
      where: { id: pollId },
      select: { closedAt: true, closesAt: true, multiple: true, options: { select: { id: true } } },
    });
    if (!isPollOpen(current, new Date())) throw new ConflictError(M.pollClosed);
    const ours = new Set(current.options.map((o) => o.id));
    if (parsed.some((a) => !ours.has(a.optionId))) throw new ValidationError(M.optionNotInPoll, 'answers');
    if (poll.kind === 'CHOICE' && !current.multiple && parsed.length > 1) throw new ValidationError(M.choiceOneOnly, 'answers');
    await tx.pollAnswer.deleteMany({ where: { pollId, userId: viewer.id } });
    if (parsed.length) await tx.pollAnswer.createMany({ data: parsed.map((a) => ({ ...a, pollId, userId: viewer.id })) });
    // Answers picked per range replace the days marked on the calendar (one source at a time).
    if (poll.kind === 'DATES') await tx.pollDay.deleteMany({ where: { pollId, userId: viewer.id } });
    announce(events, ctx, { kind: 'POLL_SAVED', tripId: poll.tripId, pollId });
    return readPoll(tx, pollId);
  });
}

/**
 * A dates poll: the viewer marks the days they can travel, on a calendar. The days are kept (real
 * days inside the poll's window) and answer every range by the shared rule (`answersFromDays`:
 * covered fully yes, partly maybe, not at all no), replacing the answers they picked per range.
 * A closed poll refuses; an empty list takes the days and their answers back.
 */
export async function markPollDays(ctx: RequestContext, pollId: string, days: unknown): Promise<PollView> {
  const viewer = requireViewer(ctx);
  const poll = await requirePollMember(ctx, pollId);
  if (poll.kind !== 'DATES') throw new ValidationError(M.notDatesPollDays, 'days');
  return withLiveEvents(ctx.deps, async (tx, events) => {
    // Read with the change, so a close committed meanwhile is seen.
    const current = await tx.tripPoll.findUniqueOrThrow({
      where: { id: pollId },
      select: { closedAt: true, closesAt: true, options: { select: { id: true, startDate: true, endDate: true } } },
    });
    if (!isPollOpen(current, new Date())) throw new ConflictError(M.pollClosed);
    const ranges = current.options.map((o) => ({ id: o.id, startDate: isoDate(o.startDate), endDate: isoDate(o.endDate) }));
    const checked = checkPollDays(days, pollWindow(ranges));
    if (checked.problems.length) throw new ValidationError(checked.problems[0]!.message, checked.problems[0]!.field, checked.problems as FieldError[]);
    await tx.pollDay.deleteMany({ where: { pollId, userId: viewer.id } });
    await tx.pollAnswer.deleteMany({ where: { pollId, userId: viewer.id } });
    if (checked.days.length) {
      await tx.pollDay.createMany({ data: checked.days.map((day) => ({ pollId, userId: viewer.id, day: new Date(`${day}T00:00:00Z`) })) });
      await tx.pollAnswer.createMany({ data: answersFromDays(checked.days, ranges).map((a) => ({ ...a, pollId, userId: viewer.id })) });
    }
    announce(events, ctx, { kind: 'POLL_SAVED', tripId: poll.tripId, pollId });
    return readPoll(tx, pollId);
  });
}

/** "Lisbon (3 yes)": the winner as a result notice words it. */
function resultText(poll: PollView): string {
  const best = poll.ranking[0] ? poll.options.find((o) => o.id === poll.ranking[0]) : undefined;
  if (!best || best.yes + best.maybe === 0) return `"${poll.question}" closed without votes.`;
  const maybe = best.maybe ? `, ${best.maybe} maybe` : '';
  return `"${poll.question}": ${best.label} (${best.yes} yes${maybe}).`;
}

async function closeInside(tx: Tx, events: LiveEvents, ctx: RequestContext, tripId: string, pollId: string): Promise<PollView> {
  const closed = await tx.tripPoll.updateMany({ where: { id: pollId, closedAt: null }, data: { closedAt: new Date() } });
  const poll = await readPoll(tx, pollId);
  if (closed.count) {
    await tellCrew(tx, events, ctx, tripId, 'RESULT', 'Poll result', resultText(poll), pollId);
    announce(events, ctx, { kind: 'POLL_SAVED', tripId, pollId });
  }
  return poll;
}

/** Closes a poll (no more votes); who asked or the trip owner may. Every other member hears the result. */
export async function closePoll(ctx: RequestContext, pollId: string): Promise<PollView> {
  const poll = await requirePollMember(ctx, pollId);
  if (!(await mayManage(ctx, poll.tripId, poll.createdById))) throw new ForbiddenError(M.onlyCreatorCloses);
  const closed = await withLiveEvents(ctx.deps, (tx, events) => closeInside(tx, events, ctx, poll.tripId, pollId));
  await sendPollMails(ctx.deps, pollId);
  return closed;
}

/**
 * The owner makes a dates option the trip's dates, through the trip's own edit (its date rules,
 * its live events); the poll closes with it. The plan items outside the new dates are answered,
 * by the trip edit's own rule (trips/datesChange.ts, which the screen lists before the owner confirms).
 */
export async function applyDatesPoll(ctx: RequestContext, pollId: string, optionId: unknown) {
  const poll = await requirePollMember(ctx, pollId);
  if (poll.kind !== 'DATES') throw new ValidationError(M.notDatesPoll, 'pollId');
  if (!ctx.viewer!.isAdmin && !(await isTripOwner(ctx, poll.tripId))) throw new ForbiddenError(M.onlyOwnerApplies);
  const option =
    typeof optionId === 'string' && isUuid(optionId)
      ? await ctx.deps.db.prisma.pollOption.findFirst({ where: { id: optionId, pollId }, select: { startDate: true, endDate: true } })
      : null;
  if (!option?.startDate || !option.endDate) throw new ValidationError(M.optionNotInPoll, 'optionId');
  const start = isoDate(option.startDate)!;
  const end = isoDate(option.endDate)!;
  const trip = await ctx.deps.db.prisma.trip.findUniqueOrThrow({ where: { id: poll.tripId } });
  const input: TripInput = {
    name: trip.name,
    description: trip.description,
    destination: trip.destinationMainText
      ? {
          mainText: trip.destinationMainText,
          secondaryText: trip.destinationSecondaryText,
          description: trip.destinationDescription,
          placeId: trip.destinationPlaceId,
          latitude: trip.destinationLat,
          longitude: trip.destinationLng,
        }
      : null,
    startDate: start,
    endDate: end,
    budget: trip.budgetCents == null ? null : formatMoneyDecimal(trip.budgetCents, trip.currency),
    currency: trip.currency,
  };
  const updated = await updateTrip(ctx, poll.tripId, input);
  // The poll closes with its result (its own change: the trip's edit committed above).
  await withLiveEvents(ctx.deps, (tx, events) => closeInside(tx, events, ctx, poll.tripId, pollId));
  await sendPollMails(ctx.deps, pollId);
  return { trip: updated, itemsOutside: updated.itemsOutside };
}

// ---------------------------------------------------------------- the periodic sweep

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What time does to polls, run now and then on every instance (`now` given by tests):
 * - a poll whose closing time passed is closed (at that time) and every member hears its result,
 *   once: only the change that finds it still open notifies;
 * - a member who has not answered an open poll hears, once, that it is about to close: a day
 *   before its closing time, or a quarter of its span before for a shorter poll. The reminder's
 *   row (poll, member) is inserted first; an instance whose insert finds the row there sends nothing.
 * - the poll e-mails still owed are sent (pollMail.ts).
 * Answers how many results, reminders and e-mails it sent.
 */
export async function sweepPolls(deps: AppDeps, now = new Date()): Promise<{ results: number; reminders: number; mails: number }> {
  const prisma = deps.db.prisma;
  let results = 0;
  let reminders = 0;
  const ended = await prisma.tripPoll.findMany({
    where: { closedAt: null, closesAt: { lte: now } },
    select: { id: true, tripId: true, closesAt: true },
    take: 100,
  });
  for (const p of ended) {
    await withLiveEvents(deps, async (tx, events) => {
      const closed = await tx.tripPoll.updateMany({ where: { id: p.id, closedAt: null }, data: { closedAt: p.closesAt } });
      if (!closed.count) return;
      results += 1;
      await tellMembers(tx, events, p.tripId, null, 'RESULT', 'Poll result', resultText(await readPoll(tx, p.id)), p.id);
      events.tripTopic('decisions', { kind: 'POLL_SAVED', tripId: p.tripId, pollId: p.id, actorId: null });
    });
  }
  const closing = await prisma.tripPoll.findMany({
    where: { closedAt: null, closesAt: { gt: now, lte: new Date(now.getTime() + DAY_MS) } },
    select: { id: true, tripId: true, question: true, createdAt: true, closesAt: true },
    take: 100,
  });
  for (const p of closing) {
    if (p.closesAt!.getTime() - now.getTime() > reminderLeadMs(p.createdAt, p.closesAt!)) continue;
    await withLiveEvents(deps, async (tx, events) => {
      const answered = new Set(
        (await tx.pollAnswer.findMany({ where: { pollId: p.id }, select: { userId: true }, distinct: ['userId'] })).map((a) => a.userId),
      );
      const remind: string[] = [];
      for (const userId of await memberIds(tx, p.tripId)) {
        if (answered.has(userId)) continue;
        const added = await tx.pollReminder.createMany({ data: [{ pollId: p.id, userId }], skipDuplicates: true });
        if (added.count) remind.push(userId);
      }
      reminders += remind.length;
      const message = `"${p.question}" closes soon and you have not answered yet.`;
      await tellMembersOf(tx, events, p.tripId, remind, 'REMINDER', 'Poll closing soon', message, p.id);
    });
  }
  // The mails those changes owe, and any an earlier run (here or elsewhere) could not send.
  const mails = await sendPollMails(deps);
  return { results, reminders, mails };
}

/** Starts the periodic poll sweep (first run at once); returns its stop function. */
export function startPollSweeper(deps: AppDeps, everyMs = 60_000): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await sweepPolls(deps);
    } catch (err) {
      deps.logger.warn({ err }, 'poll sweep failed; will retry');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

import { z } from 'zod';
import { route } from '../rest/kit.js';
import { ValidationError } from '../platform/errors.js';
import { formatMoneyDecimal } from '../platform/money.js';
import { itemJson } from '../itinerary/rest.js';
import { tripJson } from '../trips/json.js';
import { tripWithPeople } from '../trips/service.js';
import {
  addIdea,
  applyDatesPoll,
  closePoll,
  createPoll,
  deleteIdea,
  ideaToItinerary,
  listIdeas,
  listPolls,
  markPollDays,
  updateIdea,
  voteIdea,
  votePoll,
} from './service.js';
import type { IdeaView, PollView } from './view.js';
import type { RequestContext } from '../platform/context.js';

/** An idea as the REST rows answer it (CONTRACT.md, "Decide together"). */
export function ideaJson(i: IdeaView, viewerId: string) {
  return {
    id: i.id,
    trip_id: i.tripId,
    title: i.title,
    url: i.url,
    notes: i.notes,
    location: i.location,
    latitude: i.latitude,
    longitude: i.longitude,
    estimated_cost: i.estimatedCostCents == null ? null : Number(formatMoneyDecimal(i.estimatedCostCents, i.currency)),
    currency: i.currency,
    votes: i.voters.length,
    voted: i.voters.some((v) => v.id === viewerId),
    voters: i.voters.map((v) => ({ user_id: v.id, first_name: v.firstName, last_name: v.lastName, avatar_url: v.avatarUrl })),
    comments: i.comments.map((c) => ({ id: c.id, user_id: c.author?.id ?? null, body: c.body, created_at: c.createdAt.toISOString() })),
    created_by: i.createdById,
    created_at: i.createdAt.toISOString(),
  };
}

/**
 * A poll as the REST rows answer it: kinds and answers in lower case, ranking best first; a dates
 * poll also its window (`first_day`, `last_day`) and the days members marked (`days`: whose answers
 * come from their days).
 */
export function pollJson(p: PollView) {
  return {
    id: p.id,
    trip_id: p.tripId,
    question: p.question,
    kind: p.kind.toLowerCase(),
    multiple: p.multiple,
    status: p.open ? 'open' : 'closed',
    closes_at: p.closesAt?.toISOString() ?? null,
    created_by: p.createdById,
    created_at: p.createdAt.toISOString(),
    options: p.options.map((o) => ({
      id: o.id,
      label: o.label,
      start_date: o.startDate,
      end_date: o.endDate,
      idea_id: o.ideaId,
      yes: o.yes,
      maybe: o.maybe,
      no: o.no,
      answers: o.answers.map((a) => ({ user_id: a.user.id, answer: a.answer.toLowerCase() })),
    })),
    ranking: p.ranking,
    first_day: p.window?.first ?? null,
    last_day: p.window?.last ?? null,
    days: Object.entries(p.daysByUser).map(([userId, days]) => ({ user_id: userId, days })),
  };
}

const anyValue = z.unknown().optional();
const SaveIdeaBody = z.object({
  id: z.string().optional(),
  trip_id: z.string().optional(),
  title: anyValue,
  url: anyValue,
  notes: anyValue,
  location: anyValue,
  latitude: anyValue,
  longitude: anyValue,
  estimated_cost: anyValue,
});
const VoteIdeaBody = z.object({ vote: anyValue });
const ToItineraryBody = z.object({ activity_date: anyValue });
const SavePollBody = z.object({
  trip_id: z.string({ error: 'trip_id is required.' }),
  question: anyValue,
  kind: anyValue,
  multiple: anyValue,
  closes_at: anyValue,
  options: z.array(z.object({ label: anyValue, start_date: anyValue, end_date: anyValue, idea_id: anyValue }), { error: 'options must be a list.' }).optional(),
});
const VotePollBody = z.object({
  answers: z.array(z.object({ option_id: anyValue, answer: anyValue }), { error: 'answers must be a list.' }),
});
const ApplyBody = z.object({ option_id: anyValue });
const DaysBody = z.object({ days: anyValue });

const viewerId = (ctx: RequestContext) => ctx.viewer!.id;

export const decisionRoutes = [
  route({
    method: 'GET',
    path: '/trip-ideas/:tripId',
    access: 'signedIn',
    handle: async (ctx, { params }) => ({ ideas: (await listIdeas(ctx, params.tripId)).map((i) => ideaJson(i, viewerId(ctx))) }),
  }),
  route({
    method: 'POST',
    path: '/save-idea',
    access: 'signedIn',
    body: SaveIdeaBody,
    // With an id, an edit of that idea (its trip stays its own).
    handle: async (ctx, { body }) => {
      const input = {
        title: body.title,
        url: body.url,
        notes: body.notes,
        location: body.location,
        latitude: body.latitude,
        longitude: body.longitude,
        estimatedCost: body.estimated_cost,
      };
      if (body.id) return { idea: ideaJson(await updateIdea(ctx, body.id, input), viewerId(ctx)) };
      if (!body.trip_id) throw new ValidationError('trip_id is required.', 'trip_id');
      return { idea: ideaJson(await addIdea(ctx, body.trip_id, input), viewerId(ctx)) };
    },
  }),
  route({
    method: 'POST',
    path: '/vote-idea/:id',
    access: 'signedIn',
    body: VoteIdeaBody,
    handle: async (ctx, { params, body }) => ({ idea: ideaJson(await voteIdea(ctx, params.id, body.vote), viewerId(ctx)) }),
  }),
  route({
    method: 'DELETE',
    path: '/delete-idea/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      const deleted = await deleteIdea(ctx, params.id);
      return { success: true, id: deleted.id, trip_id: deleted.tripId };
    },
  }),
  route({
    method: 'POST',
    path: '/idea-to-itinerary/:id',
    access: 'signedIn',
    body: ToItineraryBody,
    handle: async (ctx, { params, body }) => ({ item: itemJson(await ideaToItinerary(ctx, params.id, body.activity_date)) }),
  }),
  route({
    method: 'GET',
    path: '/trip-polls/:tripId',
    access: 'signedIn',
    handle: async (ctx, { params }) => ({ polls: (await listPolls(ctx, params.tripId)).map(pollJson) }),
  }),
  route({
    method: 'POST',
    path: '/save-poll',
    access: 'signedIn',
    status: 201,
    body: SavePollBody,
    handle: async (ctx, { body }) => {
      const poll = await createPoll(ctx, body.trip_id, {
        question: body.question,
        kind: body.kind,
        multiple: body.multiple,
        closesAt: body.closes_at,
        options: (body.options ?? []).map((o) => ({ label: o.label, startDate: o.start_date, endDate: o.end_date, ideaId: o.idea_id })),
      });
      return { poll: pollJson(poll) };
    },
  }),
  route({
    method: 'POST',
    path: '/vote-poll/:id',
    access: 'signedIn',
    body: VotePollBody,
    handle: async (ctx, { params, body }) => ({
      poll: pollJson(
        await votePoll(
          ctx,
          params.id,
          body.answers.map((a) => ({ optionId: a.option_id, answer: a.answer })),
        ),
      ),
    }),
  }),
  route({
    method: 'POST',
    path: '/poll-days/:id',
    access: 'signedIn',
    body: DaysBody,
    handle: async (ctx, { params, body }) => ({ poll: pollJson(await markPollDays(ctx, params.id, body.days)) }),
  }),
  route({
    method: 'POST',
    path: '/close-poll/:id',
    access: 'signedIn',
    handle: async (ctx, { params }) => ({ poll: pollJson(await closePoll(ctx, params.id)) }),
  }),
  route({
    method: 'POST',
    path: '/apply-dates-poll/:id',
    access: 'signedIn',
    body: ApplyBody,
    handle: async (ctx, { params, body }) => {
      const applied = await applyDatesPoll(ctx, params.id, body.option_id);
      const trip = await tripWithPeople(ctx, applied.trip.id);
      return {
        trip: tripJson(trip, ctx.viewer!),
        items_outside: applied.itemsOutside.map((i) => ({ id: i.id, title: i.title, activity_date: i.activityDate })),
      };
    },
  }),
];

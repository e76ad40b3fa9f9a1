import { decodeGlobalID, encodeGlobalID, resolveArrayConnection } from '@pothos/plugin-relay';
import { builder } from '../graphql/builder.js';
import { MUTATION_ERRORS } from '../graphql/errors.js';
import { batchLoader } from '../platform/batch.js';
import { formatMoneyDecimal } from '../platform/money.js';
import type { RequestContext } from '../platform/context.js';
import { UserRef } from '../accounts/graphql.js';
import { canViewProfile } from '../accounts/visibility.js';
import type { AuthorCard } from '../itinerary/view.js';
import { ItineraryItemRef } from '../itinerary/graphql.js';
import { PlanItemOutsideRef, TripRef } from '../trips/graphql.js';
import { itemsOutsideDatesBatched, type PlanItemOutside } from '../trips/datesChange.js';
import { isTripOwner } from '../trips/access.js';
import { tripTopicEvents } from '../trips/live.js';
import type { DecisionEvent } from './liveEvents.js';
import { DECISION_LIMITS as L } from './messages.js';
import {
  addIdea,
  applyDatesPoll,
  closePoll,
  commentOnIdea,
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
import { ideasByIds, pollsByIds, type IdeaCommentView, type IdeaView, type PollAnswerView, type PollOptionView, type PollView } from './view.js';

const ideaLoader = batchLoader<string, IdeaView | null>((ctx, ids) => ideasByIds(ctx.deps.db.prisma, ids), null);
const pollLoader = batchLoader<string, PollView | null>((ctx, ids) => pollsByIds(ctx.deps.db.prisma, ids), null);

/** A person's card when the viewer may see them (a companion who left may no longer be). */
function visibleCard(ctx: RequestContext, card: AuthorCard | null) {
  if (!card) return null;
  const visible = canViewProfile(ctx, card.id);
  return typeof visible === 'boolean' ? (visible ? card : null) : visible.then((ok) => (ok ? card : null));
}
const visibleCards = async (ctx: RequestContext, cards: AuthorCard[]) =>
  (await Promise.all(cards.map((c) => visibleCard(ctx, c)))).filter((c): c is AuthorCard => !!c);

/** Who added it, or the trip owner (or an administrator). */
const mayManage = (ctx: RequestContext, tripId: string, authorId: string | null) =>
  !!ctx.viewer && (authorId === ctx.viewer.id || ctx.viewer.isAdmin || isTripOwner(ctx, tripId));

const IdeaCommentRef = builder.objectRef<IdeaCommentView>('IdeaComment').implement({
  description: "A member's comment on an idea.",
  fields: (t) => ({
    id: t.id({ description: 'Global id of the comment.', resolve: (c) => encodeGlobalID('IdeaComment', c.id) }),
    body: t.exposeString('body', { description: 'What they wrote.' }),
    author: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who wrote it; null once their account is gone or hidden.',
      resolve: (c, _a, ctx) => visibleCard(ctx, c.author),
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was written.', resolve: (c) => c.createdAt }),
  }),
});

export const TripIdeaRef = builder.node(builder.objectRef<IdeaView>('TripIdea'), {
  id: { resolve: (i) => i.id },
  loadMany: (ids, ctx) => Promise.all(ids.map((id) => ideaLoader(ctx, id))),
  description: "An idea on a trip's board: something to do, see or eat, voted up by members. Read and changed by the trip's members only.",
  authScopes: (i) => ({ tripMember: i.tripId }),
  runScopesOnType: true,
  fields: (t) => ({
    title: t.exposeString('title', { description: 'What it is, e.g. "Sunset at Miradouro da Graça".' }),
    url: t.exposeString('url', { nullable: true, description: 'A link about it (http or https); null for none.' }),
    notes: t.exposeString('notes', { nullable: true, description: 'Free notes; null for none.' }),
    location: t.exposeString('location', { nullable: true, description: 'Where, as the place search named it; null for none.' }),
    latitude: t.exposeFloat('latitude', { nullable: true, description: 'The place’s latitude; null for none.' }),
    longitude: t.exposeFloat('longitude', { nullable: true, description: 'The place’s longitude; null for none.' }),
    estimatedCost: t.string({
      nullable: true,
      description: 'An estimated cost per person in the trip\'s currency, as decimal text ("25.50"); null for none.',
      resolve: (i) => (i.estimatedCostCents == null ? null : formatMoneyDecimal(i.estimatedCostCents, i.currency)),
    }),
    currency: t.exposeString('currency', { description: "The trip's currency (ISO 4217), in which the cost is." }),
    voteCount: t.int({ description: 'How many members voted it up.', resolve: (i) => i.voters.length }),
    viewerHasVoted: t.boolean({ description: 'Whether the viewer voted it up.', resolve: (i, _a, ctx) => i.voters.some((v) => v.id === ctx.viewer?.id) }),
    voters: t.field({ type: [UserRef], description: 'Who voted it up, first vote first.', resolve: (i, _a, ctx) => visibleCards(ctx, i.voters) }),
    comments: t.field({ type: [IdeaCommentRef], description: 'Its comments, oldest first.', resolve: (i) => i.comments }),
    viewerCanManage: t.boolean({
      description: 'Whether the viewer may edit or delete it (who added it, or the trip owner).',
      resolve: (i, _a, ctx) => mayManage(ctx, i.tripId, i.createdById),
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was added.', resolve: (i) => i.createdAt }),
  }),
});

const AnswerEnum = builder.enumType('PollAnswerValue', {
  description: 'A member’s answer to one option of a poll.',
  values: {
    YES: { description: 'Yes: counts 1 in the ranking (the only answer a choice poll takes).' },
    MAYBE: { description: 'Maybe: counts a half (dates polls).' },
    NO: { description: 'No: cannot come (dates polls); fewer "no" breaks ties.' },
  } as const,
});

const KindEnum = builder.enumType('PollKind', {
  description: 'What a poll asks.',
  values: {
    CHOICE: { description: 'A choice among labelled options (or ideas): single, or multiple when `multiple`.' },
    DATES: { description: 'Which date ranges suit: each member answers yes, maybe or no per range.' },
  } as const,
});

const PollAnswerRef = builder.objectRef<PollAnswerView>('PollAnswer').implement({
  description: 'One member’s answer to one option.',
  fields: (t) => ({
    user: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who answered; null when the viewer may no longer see them.',
      resolve: (a, _x, ctx) => visibleCard(ctx, a.user),
    }),
    userName: t.string({ description: 'Their name as the results list it.', resolve: (a) => `${a.user.firstName} ${a.user.lastName}`.trim() || 'Unknown' }),
    answer: t.field({ type: AnswerEnum, description: 'Their answer.', resolve: (a) => a.answer }),
    fromDays: t.exposeBoolean('fromDays', {
      description: 'A dates poll: whether the answer comes from the days they marked on the calendar (`markTripPollDays`) rather than picked per range.',
    }),
  }),
});

const PollOptionRef = builder.objectRef<PollOptionView>('PollOption').implement({
  description: 'One option of a poll: a label (or an idea) for a choice poll, a range of days for a dates poll, with its answers.',
  fields: (t) => ({
    id: t.id({ description: 'Global id of the option, as `votePoll` takes it.', resolve: (o) => encodeGlobalID('PollOption', o.id) }),
    label: t.exposeString('label', { description: 'As shown: the choice, or the range ("12 Jun – 17 Jun 2027").' }),
    startDate: t.string({ nullable: true, description: 'A dates option’s first day (YYYY-MM-DD); null for a choice.', resolve: (o) => o.startDate }),
    endDate: t.string({ nullable: true, description: 'A dates option’s last day (YYYY-MM-DD); null for a choice.', resolve: (o) => o.endDate }),
    idea: t.field({
      type: TripIdeaRef,
      nullable: true,
      description: 'The idea this option is, if any.',
      resolve: (o, _a, ctx) => (o.ideaId ? ideaLoader(ctx, o.ideaId) : null),
    }),
    yes: t.exposeInt('yes', { description: 'How many answered yes.' }),
    maybe: t.exposeInt('maybe', { description: 'How many answered maybe.' }),
    no: t.exposeInt('no', { description: 'How many answered no (who cannot come).' }),
    answers: t.field({ type: [PollAnswerRef], description: 'Every answer, first first.', resolve: (o) => o.answers }),
    viewerAnswer: t.field({
      type: AnswerEnum,
      nullable: true,
      description: 'The viewer’s answer; null for none.',
      resolve: (o, _a, ctx) => o.answers.find((a) => a.user.id === ctx.viewer?.id)?.answer ?? null,
    }),
    itemsOutside: t.field({
      type: [PlanItemOutsideRef],
      description:
        'A dates option: the plan items that would fall outside the trip were these its dates (listed before the owner applies them). Empty for a choice.',
      resolve: (o, _a, ctx) => (o.startDate && o.endDate ? itemsOutsideDatesBatched(ctx, { tripId: o.tripId, start: o.startDate, end: o.endDate }) : []),
    }),
  }),
});

export const TripPollRef = builder.node(builder.objectRef<PollView>('TripPoll'), {
  id: { resolve: (p) => p.id },
  loadMany: (ids, ctx) => Promise.all(ids.map((id) => pollLoader(ctx, id))),
  description: "A question put to a trip's members: a choice, or which dates suit. Read and answered by the trip's members only.",
  authScopes: (p) => ({ tripMember: p.tripId }),
  runScopesOnType: true,
  fields: (t) => ({
    question: t.exposeString('question', { description: 'What is asked.' }),
    kind: t.field({ type: KindEnum, description: 'A choice or a dates poll.', resolve: (p) => p.kind }),
    multiple: t.exposeBoolean('multiple', { description: 'A choice poll where a member may pick several options.' }),
    closesAt: t.field({ type: 'DateTime', nullable: true, description: 'When it closes by itself; null for never.', resolve: (p) => p.closesAt }),
    closedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it was closed by hand; null while not.', resolve: (p) => p.closedAt }),
    isOpen: t.exposeBoolean('open', { description: 'Whether it still takes votes (not closed, closing time not passed).' }),
    options: t.field({ type: [PollOptionRef], description: 'Its options in the order asked.', resolve: (p) => p.options }),
    ranking: t.field({
      type: [PollOptionRef],
      description: 'Its options best first: yes counts 1, maybe a half; ties by fewer "no", then the earlier start.',
      resolve: (p) => p.ranking.map((id) => p.options.find((o) => o.id === id)!),
    }),
    firstDay: t.string({
      nullable: true,
      description: 'A dates poll: the first day members may mark (its earliest range’s start, YYYY-MM-DD); null for a choice.',
      resolve: (p) => p.window?.first ?? null,
    }),
    lastDay: t.string({
      nullable: true,
      description: 'A dates poll: the last day members may mark (its latest range’s end, YYYY-MM-DD); null for a choice.',
      resolve: (p) => p.window?.last ?? null,
    }),
    viewerDays: t.stringList({
      description: 'A dates poll: the days the viewer marked as ones they can (YYYY-MM-DD, sorted); empty when they answered per range or not at all.',
      resolve: (p, _a, ctx) => (ctx.viewer ? (p.daysByUser[ctx.viewer.id] ?? []) : []),
    }),
    dayMarkerCount: t.int({
      description: 'A dates poll: how many members answered by marking days on the calendar.',
      resolve: (p) => Object.keys(p.daysByUser).length,
    }),
    voterCount: t.int({ description: 'How many members answered.', resolve: (p) => p.voterIds.length }),
    viewerHasVoted: t.boolean({ description: 'Whether the viewer answered.', resolve: (p, _a, ctx) => !!ctx.viewer && p.voterIds.includes(ctx.viewer.id) }),
    viewerCanClose: t.boolean({
      description: 'Whether the viewer may close it (who asked, or the trip owner).',
      resolve: (p, _a, ctx) => mayManage(ctx, p.tripId, p.createdById),
    }),
    viewerCanApply: t.boolean({
      description: 'A dates poll: whether the viewer may make an option the trip’s dates (the owner).',
      resolve: (p, _a, ctx) => p.kind === 'DATES' && !!ctx.viewer && (ctx.viewer.isAdmin || isTripOwner(ctx, p.tripId)),
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was asked.', resolve: (p) => p.createdAt }),
  }),
});

const IdeaEdge = builder.edgeObject({ type: TripIdeaRef, name: 'TripIdeaEdge', description: 'One idea of a trip, with its cursor.' });
const IdeaConnection = builder.connectionObject({ type: TripIdeaRef, name: 'TripIdeaConnection', description: "A trip's ideas, most votes first." }, IdeaEdge);
const PollEdge = builder.edgeObject({ type: TripPollRef, name: 'TripPollEdge', description: 'One poll of a trip, with its cursor.' });
const PollConnection = builder.connectionObject({ type: TripPollRef, name: 'TripPollConnection', description: "A trip's polls, newest first." }, PollEdge);

builder.prismaObjectFields('Trip', (t) => ({
  ideas: t.field({
    type: IdeaConnection,
    description: `The trip's ideas board, most votes first (at most ${L.ideasPage}).`,
    authScopes: (trip) => ({ tripMember: trip.id }),
    args: {
      first: t.arg.int({ description: `At most this many after \`after\`; at most ${L.ideasPage}.` }),
      after: t.arg.string({ description: 'Page forward from this cursor.' }),
      last: t.arg.int({ description: `At most this many before \`before\`; at most ${L.ideasPage}.` }),
      before: t.arg.string({ description: 'Page backward from this cursor.' }),
    },
    resolve: async (trip, args, ctx) => resolveArrayConnection({ args, defaultSize: L.ideasPage, maxSize: L.ideasPage }, await listIdeas(ctx, trip.id)),
  }),
  polls: t.field({
    type: PollConnection,
    description: `The trip's polls, newest first (at most ${L.pollsPage}).`,
    authScopes: (trip) => ({ tripMember: trip.id }),
    args: {
      first: t.arg.int({ description: `At most this many after \`after\`; at most ${L.pollsPage}.` }),
      after: t.arg.string({ description: 'Page forward from this cursor.' }),
      last: t.arg.int({ description: `At most this many before \`before\`; at most ${L.pollsPage}.` }),
      before: t.arg.string({ description: 'Page backward from this cursor.' }),
    },
    resolve: async (trip, args, ctx) => resolveArrayConnection({ args, defaultSize: L.pollsPage, maxSize: L.pollsPage }, await listPolls(ctx, trip.id)),
  }),
  openPollCount: t.int({
    description: 'How many of its polls still take votes (the trip page links to them).',
    authScopes: (trip) => ({ tripMember: trip.id }),
    resolve: async (trip, _a, ctx) => (await listPolls(ctx, trip.id)).filter((p) => p.open).length,
  }),
}));

const mutation = (name: string, union: string) => ({
  authScopes: { signedIn: true } as const,
  errors: { types: MUTATION_ERRORS, directResult: true as const, union: { name, description: union } },
});

const IdeaPayload = builder.objectRef<{ idea: IdeaView }>('TripIdeaPayload').implement({
  description: 'The idea as saved.',
  fields: (t) => ({ idea: t.field({ type: TripIdeaRef, description: 'The idea as saved, votes and comments included.', resolve: (p) => p.idea }) }),
});

const IdeaFields = builder.inputType('TripIdeaFields', {
  description: "An idea's fields. Text is trimmed; a refusal names every field at fault.",
  fields: (t) => ({
    title: t.string({ required: true, description: `Required; at most ${L.title} characters.` }),
    url: t.string({ description: 'A link (http or https); blank for none.' }),
    notes: t.string({ description: `At most ${L.notes} characters; blank for none.` }),
    location: t.string({ description: 'The place as the place search named it; blank for none.' }),
    latitude: t.float({ description: 'The place’s latitude.' }),
    longitude: t.float({ description: 'The place’s longitude.' }),
    estimatedCost: t.string({ description: "A positive amount in the trip's currency, as decimal text; blank for none." }),
  }),
});

builder.mutationField('addTripIdea', (t) =>
  t.field({
    type: IdeaPayload,
    ...mutation('AddTripIdeaResult', 'The new idea, or why it was not added.'),
    description: "Adds an idea to a trip's board; any member may. The crew sees it live.",
    args: {
      tripId: t.arg.globalID({ required: true, for: TripRef, description: 'The trip; the viewer must be on it.' }),
      input: t.arg({ type: IdeaFields, required: true, description: "The idea's fields." }),
    },
    resolve: async (_r, { tripId, input }, ctx) => ({ idea: await addIdea(ctx, tripId.id, input) }),
  }),
);

builder.mutationField('updateTripIdea', (t) =>
  t.field({
    type: IdeaPayload,
    ...mutation('UpdateTripIdeaResult', 'The edited idea, or why it was not changed.'),
    description: 'Edits an idea; who added it or the trip owner may. Its votes stay.',
    args: {
      id: t.arg.globalID({ required: true, for: TripIdeaRef, description: 'The idea.' }),
      input: t.arg({ type: IdeaFields, required: true, description: 'Its fields as they should be (a field left out is cleared).' }),
    },
    resolve: async (_r, { id, input }, ctx) => ({ idea: await updateIdea(ctx, id.id, input) }),
  }),
);

builder.mutationField('voteTripIdea', (t) =>
  t.field({
    type: IdeaPayload,
    ...mutation('VoteTripIdeaResult', 'The idea with its votes, or why the vote was refused.'),
    description: 'Votes an idea up, or takes the vote back; one vote per member per idea.',
    args: {
      id: t.arg.globalID({ required: true, for: TripIdeaRef, description: 'The idea.' }),
      vote: t.arg.boolean({ required: true, description: 'True to vote it up, false to take the vote back.' }),
    },
    resolve: async (_r, { id, vote }, ctx) => ({ idea: await voteIdea(ctx, id.id, vote) }),
  }),
);

builder.mutationField('commentOnTripIdea', (t) =>
  t.field({
    type: IdeaPayload,
    ...mutation('CommentOnTripIdeaResult', 'The idea with the comment, or why it was refused.'),
    description: 'Comments on an idea; any member may.',
    args: {
      id: t.arg.globalID({ required: true, for: TripIdeaRef, description: 'The idea.' }),
      body: t.arg.string({ required: true, description: `The comment; at most ${L.comment} characters.` }),
    },
    resolve: async (_r, { id, body }, ctx) => ({ idea: await commentOnIdea(ctx, id.id, body) }),
  }),
);

const DeleteIdeaPayload = builder.objectRef<{ id: string }>('DeleteTripIdeaPayload').implement({
  description: "The deleted idea's id.",
  fields: (t) => ({
    deletedIdeaId: t.id({ description: 'Global id of the deleted idea, for @deleteEdge.', resolve: (p) => encodeGlobalID('TripIdea', p.id) }),
  }),
});

builder.mutationField('deleteTripIdea', (t) =>
  t.field({
    type: DeleteIdeaPayload,
    ...mutation('DeleteTripIdeaResult', 'The deleted idea’s id, or why it was not deleted.'),
    description: 'Deletes an idea with its votes and comments (ask first); who added it or the trip owner may.',
    args: { id: t.arg.globalID({ required: true, for: TripIdeaRef, description: 'The idea.' }) },
    resolve: (_r, { id }, ctx) => deleteIdea(ctx, id.id),
  }),
);

const IdeaToPlanPayload = builder.objectRef<{ item: Awaited<ReturnType<typeof ideaToItinerary>> }>('IdeaToItineraryPayload').implement({
  description: 'The pending plan item the idea became.',
  fields: (t) => ({ item: t.field({ type: ItineraryItemRef, description: 'The new plan item (status PENDING).', resolve: (p) => p.item }) }),
});

builder.mutationField('ideaToItinerary', (t) =>
  t.field({
    type: IdeaToPlanPayload,
    ...mutation('IdeaToItineraryResult', 'The new plan item, or why it was refused (the plan’s own rules: the day within the trip’s dates).'),
    description: "Puts an idea on the trip's plan as a pending item on a chosen day, under the plan's own rules; any member may. The idea stays on the board.",
    args: {
      id: t.arg.globalID({ required: true, for: TripIdeaRef, description: 'The idea.' }),
      activityDate: t.arg.string({ required: true, description: 'The day (YYYY-MM-DD), within the trip’s dates.' }),
    },
    resolve: async (_r, { id, activityDate }, ctx) => ({ item: await ideaToItinerary(ctx, id.id, activityDate) }),
  }),
);

const PollPayload = builder.objectRef<{ poll: PollView }>('TripPollPayload').implement({
  description: 'The poll as it is now.',
  fields: (t) => ({ poll: t.field({ type: TripPollRef, description: 'The poll, answers and ranking included.', resolve: (p) => p.poll }) }),
});

const PollOptionFields = builder.inputType('PollOptionFields', {
  description: 'One option: a label or an idea (choice poll), or a range of days (dates poll).',
  fields: (t) => ({
    label: t.string({ description: `A choice poll: the option (at most ${L.optionLabel} characters). A dates poll: optional, the range's own label.` }),
    ideaId: t.globalID({ for: TripIdeaRef, description: 'A choice poll: an idea of the trip as the option (its title is the label when none is given).' }),
    startDate: t.string({ description: 'A dates poll: the first day (YYYY-MM-DD).' }),
    endDate: t.string({ description: 'A dates poll: the last day (YYYY-MM-DD), on or after the first.' }),
  }),
});

const CreatePollInput = builder.inputType('CreateTripPollInput', {
  description: 'The question and its options. A refusal names every field at fault.',
  fields: (t) => ({
    question: t.string({ required: true, description: `At most ${L.question} characters.` }),
    kind: t.field({ type: KindEnum, required: true, description: 'A choice or a dates poll.' }),
    multiple: t.boolean({ description: 'A choice poll: members may pick several options. False when absent.' }),
    closesAt: t.field({ type: 'DateTime', description: 'When it closes by itself (in the future); absent for never.' }),
    options: t.field({ type: [PollOptionFields], required: true, description: `From 2 to ${L.options} options.` }),
  }),
});

builder.mutationField('createTripPoll', (t) =>
  t.field({
    type: PollPayload,
    ...mutation('CreateTripPollResult', 'The new poll, or why it was not created.'),
    description: 'Asks the crew a question; any member may. Every other member is notified; the crew sees it live.',
    args: {
      tripId: t.arg.globalID({ required: true, for: TripRef, description: 'The trip; the viewer must be on it.' }),
      input: t.arg({ type: CreatePollInput, required: true, description: 'The question and its options.' }),
    },
    resolve: async (_r, { tripId, input }, ctx) => ({
      poll: await createPoll(ctx, tripId.id, {
        question: input.question,
        kind: input.kind,
        multiple: input.multiple ?? false,
        closesAt: input.closesAt ? input.closesAt.toISOString() : null,
        options: input.options.map((o) => ({ label: o.label, ideaId: o.ideaId?.id ?? null, startDate: o.startDate, endDate: o.endDate })),
      }),
    }),
  }),
);

const AnswerFields = builder.inputType('PollAnswerFields', {
  description: 'One answer: an option of the poll and yes, maybe or no.',
  fields: (t) => ({
    optionId: t.id({ required: true, description: 'The option (`PollOption.id`).' }),
    answer: t.field({ type: AnswerEnum, required: true, description: 'The answer; a choice poll takes YES only.' }),
  }),
});

const optionUuid = (id: string | number) => {
  try {
    return decodeGlobalID(String(id)).id;
  } catch {
    return String(id);
  }
};

builder.mutationField('voteTripPoll', (t) =>
  t.field({
    type: PollPayload,
    ...mutation('VoteTripPollResult', 'The poll with the viewer’s answers, or why they were refused.'),
    description:
      'Replaces the viewer’s answers to a poll (an empty list takes them back). Options of this poll only, each once; a choice poll takes YES only and one option unless multiple; a closed poll refuses.',
    args: {
      id: t.arg.globalID({ required: true, for: TripPollRef, description: 'The poll.' }),
      answers: t.arg({ type: [AnswerFields], required: true, description: 'Every answer of the viewer, as it should be.' }),
    },
    resolve: async (_r, { id, answers }, ctx) => ({
      poll: await votePoll(
        ctx,
        id.id,
        answers.map((a) => ({ optionId: optionUuid(a.optionId), answer: a.answer })),
      ),
    }),
  }),
);

builder.mutationField('markTripPollDays', (t) =>
  t.field({
    type: PollPayload,
    ...mutation('MarkTripPollDaysResult', 'The poll with the viewer’s days and the answers they give, or why they were refused.'),
    description:
      'A dates poll: the viewer marks the days they can travel (inside `firstDay`..`lastDay`). Each range counts YES when the days cover all of it, MAYBE when some, NO when none; these answers replace the ones picked per range. An empty list takes the days back; a closed poll refuses.',
    args: {
      id: t.arg.globalID({ required: true, for: TripPollRef, description: 'The dates poll.' }),
      days: t.arg.stringList({ required: true, description: 'Every day the viewer can (YYYY-MM-DD), as it should be.' }),
    },
    resolve: async (_r, { id, days }, ctx) => ({ poll: await markPollDays(ctx, id.id, days) }),
  }),
);

builder.mutationField('closeTripPoll', (t) =>
  t.field({
    type: PollPayload,
    ...mutation('CloseTripPollResult', 'The closed poll, or why it was not closed.'),
    description: 'Closes a poll; who asked or the trip owner may. Every other member is told the result.',
    args: { id: t.arg.globalID({ required: true, for: TripPollRef, description: 'The poll.' }) },
    resolve: async (_r, { id }, ctx) => ({ poll: await closePoll(ctx, id.id) }),
  }),
);

const ApplyDatesPayload = builder.objectRef<{ tripId: string; pollId: string; itemsOutside: PlanItemOutside[] }>('ApplyDatesPollPayload').implement({
  description: 'The trip with its new dates, the poll (closed) and the plan items now outside the dates.',
  fields: (t) => ({
    trip: t.prismaField({
      type: 'Trip',
      description: 'The trip as saved.',
      resolve: (q, p, _a, ctx) => ctx.deps.db.prisma.trip.findUniqueOrThrow({ ...q, where: { id: p.tripId } }),
    }),
    poll: t.field({ type: TripPollRef, description: 'The poll, now closed.', resolve: async (p, _a, ctx) => (await pollLoader(ctx, p.pollId))! }),
    itemsOutside: t.field({
      type: [PlanItemOutsideRef],
      description: 'Plan items dated outside the new dates (the screen listed them before).',
      resolve: (p) => p.itemsOutside,
    }),
  }),
});

builder.mutationField('applyDatesPoll', (t) =>
  t.field({
    type: ApplyDatesPayload,
    ...mutation('ApplyDatesPollResult', 'The trip with its new dates, or why they were refused.'),
    description: "The owner makes a dates option the trip's dates, through the trip's own edit and its date rules; the poll closes.",
    args: {
      id: t.arg.globalID({ required: true, for: TripPollRef, description: 'The dates poll.' }),
      optionId: t.arg.id({ required: true, description: 'The chosen option (`PollOption.id`).' }),
    },
    resolve: async (_r, { id, optionId }, ctx) => {
      const applied = await applyDatesPoll(ctx, id.id, optionUuid(optionId));
      return { tripId: applied.trip.id, pollId: id.id, itemsOutside: applied.itemsOutside };
    },
  }),
);

const ChangeKind = builder.enumType('TripDecisionChangeKind', {
  description: 'What happened on a watched trip’s ideas board or polls.',
  values: {
    IDEA_SAVED: { description: 'An idea was added, edited, voted or commented: `idea` is it now.' },
    IDEA_DELETED: { description: 'An idea was deleted: `deletedIdeaId` names it.' },
    POLL_SAVED: { description: 'A poll was asked, answered or closed: `poll` is it now.' },
  } as const,
});

type Delivered = DecisionEvent & { idea: IdeaView | null; poll: PollView | null };

const DecisionEventRef = builder.objectRef<Delivered>('TripDecisionEvent').implement({
  description: "A change to a watched trip's ideas or polls.",
  fields: (t) => ({
    kind: t.field({ type: ChangeKind, description: 'What happened.', resolve: (e) => (e.kind === 'IDEA_SAVED' && !e.idea ? 'IDEA_DELETED' : e.kind) }),
    idea: t.field({ type: TripIdeaRef, nullable: true, description: 'The idea as it is now; null unless IDEA_SAVED.', resolve: (e) => e.idea }),
    poll: t.field({ type: TripPollRef, nullable: true, description: 'The poll as it is now; null unless POLL_SAVED.', resolve: (e) => e.poll }),
    trip: t.prismaField({
      type: 'Trip',
      nullable: true,
      description: 'The trip, for what the change moves on it (its count of open polls); null once it is gone.',
      resolve: (q, e, _a, ctx) => ctx.deps.db.prisma.trip.findUnique({ ...q, where: { id: e.tripId } }),
    }),
    deletedIdeaId: t.id({
      nullable: true,
      description: 'Global id of the deleted idea, for @deleteEdge; null otherwise.',
      resolve: (e) => (e.ideaId && !e.idea && e.kind !== 'POLL_SAVED' ? encodeGlobalID('TripIdea', e.ideaId) : null),
    }),
  }),
});

builder.subscriptionField('tripDecisionsChanged', (t) =>
  t.field({
    type: DecisionEventRef,
    description: "Live changes to one trip's ideas board and polls (votes included), from every instance.",
    args: { tripId: t.arg.globalID({ required: true, for: TripRef, description: 'The trip to watch; the viewer must be on it.' }) },
    authScopes: (_r, args) => ({ tripMember: args.tripId.id }),
    subscribe: (_r, args, ctx) => {
      const tripId = args.tripId.id;
      return tripTopicEvents(ctx, tripId, 'decisions', async (event: DecisionEvent): Promise<Delivered> => {
        const idea = event.kind === 'IDEA_SAVED' && event.ideaId ? await ideaLoader(ctx, event.ideaId) : null;
        const poll = event.pollId ? await pollLoader(ctx, event.pollId) : null;
        return { ...event, idea: idea?.tripId === tripId ? idea : null, poll: poll?.tripId === tripId ? poll : null };
      });
    },
    resolve: (e: Delivered) => e,
  }),
);

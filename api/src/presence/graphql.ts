import { builder } from '../graphql/builder.js';
import { perEvent } from '../platform/liveReads.js';
import { TripRef } from '../trips/graphql.js';
import { PRESENCE_FACES, tripPresence, type PresenceEvent } from './live.js';

const TripPresenceEventRef = builder.objectRef<PresenceEvent>('TripPresenceEvent').implement({
  description: "Who has the trip's page open right now: the first few people and how many there are.",
  fields: (t) => ({
    viewers: t.prismaField({
      type: ['User'],
      description: `The first ${PRESENCE_FACES} people on the page, each once however many tabs they have, in the order they arrived. The subscriber is among them when they arrived early enough: clients hide themselves.`,
      // Read once per list and selection on this instance, for every page open here.
      resolve: async (query, e, _a, ctx) =>
        perEvent(ctx.deps, e, `viewers:${JSON.stringify(query)}`, async () => {
          const users = await ctx.deps.db.prisma.user.findMany({ ...query, where: { id: { in: e.userIds } } });
          const order = new Map(e.userIds.map((id, i) => [id, i]));
          return users.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
        }),
    }),
    count: t.exposeInt('count', {
      description: 'How many people have the page open, the subscriber included (each once however many tabs they have).',
    }),
  }),
});

builder.subscriptionField('tripPresence', (t) =>
  t.field({
    type: TripPresenceEventRef,
    description:
      "Who has this trip's page open right now; the first event is the current list, then one for every change (close changes together), from every API instance. " +
      'Subscribing counts you as present until you unsubscribe or disconnect (an entry whose server went away drops out within PRESENCE_TTL_MS). Members only; someone removed from the trip is dropped and their subscription ends.',
    args: { tripId: t.arg.globalID({ required: true, for: TripRef, description: 'The trip whose page is open; the viewer must be on it.' }) },
    authScopes: (_r, args) => ({ tripMember: args.tripId.id }),
    subscribe: (_r, args, ctx) => tripPresence(ctx, args.tripId.id),
    resolve: (e) => e,
  }),
);

import { builder } from '../graphql/builder.js';
import { TripRef } from '../trips/graphql.js';
import { tripPresence, type PresenceEvent } from './live.js';

const TripPresenceEventRef = builder.objectRef<PresenceEvent>('TripPresenceEvent').implement({
  description: "Who has the trip's page open right now.",
  fields: (t) => ({
    viewers: t.prismaField({
      type: ['User'],
      description:
        'Everyone on the page, each once however many tabs they have, in the order they arrived. The subscriber is included: clients hide themselves.',
      resolve: async (query, e, _a, ctx) => {
        const users = await ctx.deps.db.prisma.user.findMany({ ...query, where: { id: { in: e.userIds } } });
        const order = new Map(e.userIds.map((id, i) => [id, i]));
        return users.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      },
    }),
  }),
});

builder.subscriptionField('tripPresence', (t) =>
  t.field({
    type: TripPresenceEventRef,
    description:
      "Who has this trip's page open right now; the first event is the current list, then one for every arrival and departure, from every API instance. " +
      'Subscribing counts you as present until you unsubscribe or disconnect (an entry whose server went away drops out within PRESENCE_TTL_MS). Members only, checked again at every event.',
    args: { tripId: t.arg.globalID({ required: true, for: TripRef, description: 'The trip whose page is open; the viewer must be on it.' }) },
    authScopes: (_r, args) => ({ tripMember: args.tripId.id }),
    subscribe: (_r, args, ctx) => tripPresence(ctx, args.tripId.id),
    resolve: (e) => e,
  }),
);

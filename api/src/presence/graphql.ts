import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../graphql/builder.js';
import { noteTripCompanions } from '../accounts/visibility.js';
import { answeredForViewer } from '../platform/liveShare.js';
import { perEvent } from '../platform/liveReads.js';
import { noteViewerMemberships } from '../trips/access.js';
import { TripRef } from '../trips/graphql.js';
import { PRESENCE_FACES, tripPresence, type PresenceEvent, type PresenceFace } from './live.js';

// What a presence event carries is the same for every member who hears it: no field here (nor
// below it) asks who the viewer is, so its result is executed and serialised once per change and
// trip on this instance for everyone who sent the same document (live.ts, server/liveResults.ts).
const PresenceFaceRef = builder.objectRef<PresenceFace>('PresenceFace').implement({
  description: "Someone on a trip's page as every member sees them: who they are, their name and their picture.",
  fields: (t) => ({
    userId: t.id({ description: 'Global id of the person (a User).', resolve: (f) => encodeGlobalID('User', f.userId) }),
    displayName: t.exposeString('displayName', { description: 'First and last name, or "Traveler" when both are empty.' }),
    avatarUrl: t.exposeString('avatarUrl', { nullable: true, description: 'Address of their picture; null when they have none (show their initials).' }),
  }),
});

const TripPresenceEventRef = builder.objectRef<PresenceEvent>('TripPresenceEvent').implement({
  description: "Who has the trip's page open right now: the first few people and how many there are.",
  fields: (t) => ({
    faces: t.field({
      type: [PresenceFaceRef],
      description: `The first ${PRESENCE_FACES} people on the page, each once however many tabs they have, in the order they arrived. The subscriber is among them when they arrived early enough: clients hide themselves.`,
      resolve: (e) => e.faces,
    }),
    viewers: t.prismaField({
      type: ['User'],
      deprecationReason: 'Use faces: the same people, with what every member sees of them.',
      description: `The first ${PRESENCE_FACES} people on the page as accounts. A User's fields may answer each viewer differently, so a result that asks for them is executed for each subscriber.`,
      resolve: async (query, e, _a, ctx) => {
        answeredForViewer(ctx);
        // The people named share the trip with the viewer (each was a member when they arrived,
        // and leaves when removed).
        const userIds = e.faces.map((f) => f.userId);
        noteViewerMemberships(ctx, [e.tripId]);
        noteTripCompanions(ctx, userIds);
        return perEvent(ctx.deps, e, `viewers:${JSON.stringify(query)}`, async () => {
          const users = await ctx.deps.db.prisma.user.findMany({ ...query, where: { id: { in: userIds } } });
          const order = new Map(userIds.map((id, i) => [id, i]));
          return users.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
        });
      },
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

import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.js';
import { MUTATION_ERRORS } from '../../graphql/errors.js';
import { FriendRequestRef, FriendshipRef } from '../../friends/graphql.js';
import { AdminRef } from '../graphql.js';
import {
  adminFriendAnalytics,
  adminFriendRequestsWhere,
  adminFriendshipsWhere,
  adminRemoveFriendship,
  adminSettleFriendRequest,
  FRIENDSHIPS_ORDER,
  REQUESTS_ORDER,
  type FriendAnalytics,
  type RequestAnalytics,
} from './service.js';

const ADMIN_ONLY = { admin: true } as const;

// The console lists each friendship once, naming both people.
builder.prismaObjectFields('Friendship', (t) => ({
  user: t.relation('user', { description: 'The other person of the friendship (whose row this is). Administrators only.', authScopes: ADMIN_ONLY }),
}));

const FriendAnalyticsRef = builder.objectRef<FriendAnalytics & RequestAnalytics>('AdminFriendAnalytics').implement({
  description: 'Figures over every friendship, request and user, whatever the filters.',
  fields: (t) => ({
    totalFriendships: t.exposeInt('totalFriendships', { description: 'Friendships (each pair once).' }),
    activeUsers: t.exposeInt('activeUsers', { description: 'Users with at least one friend.' }),
    avgFriendsPerUser: t.exposeFloat('avgFriendsPerUser', { description: 'Friends per user with friends, to one decimal.' }),
    friendsWithTrips: t.exposeInt('friendsWithTrips', { description: 'Friendships made through a trip.' }),
    socialEngagementRate: t.exposeInt('socialEngagementRate', { description: 'Users with a friend, as a whole percentage of all users.' }),
    totalRequests: t.exposeInt('totalRequests', { description: 'Friend requests ever sent.' }),
    pendingRequests: t.exposeInt('pendingRequests', { description: 'Requests waiting for an answer.' }),
    acceptanceRate: t.exposeInt('acceptanceRate', { description: 'Accepted requests as a whole percentage of all requests.' }),
  }),
});

builder.objectFields(AdminRef, (t) => ({
  friendships: t.prismaConnection(
    {
      type: 'Friendship',
      cursor: 'id',
      description: 'Every friendship once, newest first, searched on the server.',
      args: { search: t.arg.string({ required: false, description: "Part of either person's first or last name (any case)." }) },
      totalCount: (_p, args, ctx) => ctx.deps.db.prisma.friendship.count({ where: adminFriendshipsWhere(ctx, args) }),
      resolve: (query, _p, args, ctx) =>
        ctx.deps.db.prisma.friendship.findMany({ ...query, where: adminFriendshipsWhere(ctx, args), orderBy: FRIENDSHIPS_ORDER }),
    },
    {
      description: 'A page of friendships.',
      fields: (c) => ({
        // Pothos adds the count; declared here too so that clients read what it means.
        totalCount: c.int({
          description: 'How many friendships match the filters in all (every page together).',
          extensions: { pothosPrismaTotalCount: true },
          resolve: (parent) => (parent as unknown as { totalCount: () => Promise<number> }).totalCount(),
        }),
      }),
    },
    { description: 'One friendship with its cursor.' },
  ),
  friendRequests: t.prismaConnection(
    {
      type: 'FriendRequest',
      cursor: 'id',
      description: 'Every friend request, newest first, searched and filtered on the server.',
      args: {
        search: t.arg.string({ required: false, description: "Part of the sender's or recipient's first or last name (any case)." }),
        status: t.arg.string({ required: false, description: 'pending, accepted, rejected or cancelled; absent for all.' }),
      },
      totalCount: (_p, args, ctx) => ctx.deps.db.prisma.friendRequest.count({ where: adminFriendRequestsWhere(ctx, args) }),
      resolve: (query, _p, args, ctx) =>
        ctx.deps.db.prisma.friendRequest.findMany({ ...query, where: adminFriendRequestsWhere(ctx, args), orderBy: REQUESTS_ORDER }),
    },
    {
      description: 'A page of friend requests.',
      fields: (c) => ({
        // Pothos adds the count; declared here too so that clients read what it means.
        totalCount: c.int({
          description: 'How many friend requests match the filters in all (every page together).',
          extensions: { pothosPrismaTotalCount: true },
          resolve: (parent) => (parent as unknown as { totalCount: () => Promise<number> }).totalCount(),
        }),
      }),
    },
    { description: 'One friend request with its cursor.' },
  ),
  friendAnalytics: t.field({
    type: FriendAnalyticsRef,
    description: "The friends tab's figures.",
    resolve: (_p, _a, ctx) => adminFriendAnalytics(ctx),
  }),
}));

const mutation = (name: string, union: string) => ({
  authScopes: ADMIN_ONLY,
  errors: { types: MUTATION_ERRORS, directResult: true as const, union: { name, description: union } },
});

const AdminRemoveFriendshipInput = builder.inputType('AdminRemoveFriendshipInput', {
  description: 'The friendship to remove.',
  fields: (t) => ({ id: t.globalID({ required: true, for: FriendshipRef, description: 'Either row of the friendship, by its global id.' }) }),
});

const AdminRemoveFriendshipPayload = builder.objectRef<{ removedFriendshipId: string }>('AdminRemoveFriendshipPayload').implement({
  description: "The removed friendship's id.",
  fields: (t) => ({
    removedFriendshipId: t.id({
      description: 'Global id of the removed friendship, for @deleteEdge.',
      resolve: (p) => encodeGlobalID('Friendship', p.removedFriendshipId),
    }),
  }),
});

builder.mutationField('adminRemoveFriendship', (t) =>
  t.field({
    type: AdminRemoveFriendshipPayload,
    ...mutation('AdminRemoveFriendshipResult', 'The removed id, or why it was not removed.'),
    description: 'Ends a friendship both ways. Administrators only; recorded in the audit log.',
    args: { input: t.arg({ type: AdminRemoveFriendshipInput, required: true, description: 'The friendship.' }) },
    resolve: (_r, { input }, ctx) => adminRemoveFriendship(ctx, input.id.id),
  }),
);

const AdminSettleInput = (name: string, description: string) =>
  builder.inputType(name, {
    description,
    fields: (t) => ({ id: t.globalID({ required: true, for: FriendRequestRef, description: 'The friend request, by its global id.' }) }),
  });

const AdminSettlePayload = builder.objectRef<{ id: string }>('AdminFriendRequestPayload').implement({
  description: 'The request as it now stands.',
  fields: (t) => ({
    request: t.prismaField({
      type: 'FriendRequest',
      description: 'The request, accepted or rejected.',
      resolve: (query, p, _a, ctx) => ctx.deps.db.prisma.friendRequest.findUniqueOrThrow({ ...query, where: { id: p.id } }),
    }),
  }),
});

for (const [field, approve, inputName, union] of [
  ['adminApproveFriendRequest', true, 'AdminApproveFriendRequestInput', 'AdminApproveFriendRequestResult'],
  ['adminRejectFriendRequest', false, 'AdminRejectFriendRequestInput', 'AdminRejectFriendRequestResult'],
] as const) {
  builder.mutationField(field, (t) =>
    t.field({
      type: AdminSettlePayload,
      ...mutation(union, 'The request, or why it could not be answered.'),
      description: approve
        ? 'Approves a pending friend request as its recipient would (they become friends; the sender is told). Administrators only; recorded in the audit log.'
        : 'Rejects a pending friend request. Administrators only; recorded in the audit log.',
      args: { input: t.arg({ type: AdminSettleInput(inputName, 'The pending friend request.'), required: true, description: 'The request.' }) },
      resolve: async (_r, { input }, ctx) => ({ id: (await adminSettleFriendRequest(ctx, input.id.id, approve)).id }),
    }),
  );
}

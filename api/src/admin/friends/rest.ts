import { z } from 'zod';
import { route } from '../../rest/kit.js';
import { parseAdminListQuery } from '../listQuery.js';
import { refusalsAs } from '../users/failure.js';
import { AdminFriendMessages as M } from './messages.js';
import { adminFriendAnalytics, adminRemoveFriendship, adminSettleFriendRequest, listAdminFriendRequests, listAdminFriendships } from './service.js';

type Person = { id: string; firstName: string; lastName: string };
const personJson = (p: Person) => ({ id: p.id, first_name: p.firstName, last_name: p.lastName });
type RequestRow = Awaited<ReturnType<typeof listAdminFriendRequests>>['rows'][number];
const requestJson = (r: RequestRow) => ({
  id: r.id,
  from_user_id: r.fromUserId,
  to_user_id: r.toUserId,
  status: r.status.toLowerCase(),
  message: r.message,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  from_profile: personJson(r.fromUser),
  to_profile: personJson(r.toUser),
});

/** The friends tab's rows: both lists with their figures, remove, approve and reject. */
export const adminFriendRoutes = [
  route({
    method: 'GET',
    path: '/friends',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const p = parseAdminListQuery(query);
      const [{ rows, nextCursor }, a] = await Promise.all([listAdminFriendships(ctx, { search: p.search }, p), adminFriendAnalytics(ctx)]);
      return {
        friends: rows.map((f) => ({
          id: f.id,
          user_id: f.userId,
          friend_id: f.friendId,
          friendship_date: f.friendshipDate.toISOString(),
          created_at: f.createdAt.toISOString(),
          first_trip_id: f.firstTripId,
          user_profile: personJson(f.user),
          friend_profile: personJson(f.friend),
          first_trip: f.firstTrip,
        })),
        analytics: {
          totalFriendships: a.totalFriendships,
          activeUsers: a.activeUsers,
          avgFriendsPerUser: a.avgFriendsPerUser,
          friendsWithTrips: a.friendsWithTrips,
          socialEngagementRate: a.socialEngagementRate,
        },
        next_cursor: nextCursor,
      };
    },
  }),
  route({
    method: 'GET',
    path: '/friends/requests',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const p = parseAdminListQuery(query);
      const [{ rows, nextCursor }, a] = await Promise.all([
        listAdminFriendRequests(ctx, { search: p.search, status: query.status || null }, p),
        adminFriendAnalytics(ctx),
      ]);
      return {
        requests: rows.map(requestJson),
        analytics: { totalRequests: a.totalRequests, pendingRequests: a.pendingRequests, acceptanceRate: a.acceptanceRate },
        next_cursor: nextCursor,
      };
    },
  }),
  route({
    method: 'DELETE',
    path: '/admin/friends/:id/remove',
    access: 'admin',
    handle: refusalsAs('details', async (ctx, { params }) => {
      await adminRemoveFriendship(ctx, params.id!);
      return { success: true, message: M.removed };
    }),
  }),
  route({
    method: 'POST',
    path: '/admin/friends/requests/:id/approve',
    access: 'admin',
    body: z.object({}),
    handle: refusalsAs('details', async (ctx, { params }) => {
      const r = await adminSettleFriendRequest(ctx, params.id!, true);
      return { success: true, message: M.approved, request: requestJson(r) };
    }),
  }),
  route({
    method: 'POST',
    path: '/admin/friends/requests/:id/reject',
    access: 'admin',
    body: z.object({}),
    handle: refusalsAs('details', async (ctx, { params }) => {
      const r = await adminSettleFriendRequest(ctx, params.id!, false);
      return { success: true, message: M.rejected, request: requestJson(r) };
    }),
  }),
];

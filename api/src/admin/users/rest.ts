import { z } from 'zod';
import { profileJson } from '../../dashboard/service.js';
import { route } from '../../rest/kit.js';
import { parseAdminListQuery } from '../listQuery.js';
import { AdminUserMessages as M } from './messages.js';
import { adminDeleteUser, adminUpdateUser, adminUserStats, hasPreferences, listAdminUsers } from './service.js';
import { adminUserEditBody } from './validation.js';
import { refusalsAs } from './failure.js';

type UserRow = Awaited<ReturnType<typeof listAdminUsers>>['users'][number];

/** The admin view of a profile (seed's fields), with whether preferences are configured. */
const userJson = (u: UserRow) => ({ ...profileJson(u), country_other: u.countryOther, preferences_configured: hasPreferences(u) });

/** The users tab's rows: one list with its cards, an edit and a deletion. */
export const adminUserRoutes = [
  route({
    method: 'GET',
    path: '/admin/users',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const page = parseAdminListQuery(query);
      const filter = { search: page.search, country: query.country || null };
      const [{ users, nextCursor }, analytics] = await Promise.all([
        listAdminUsers(ctx, filter, { limit: page.limit, cursor: page.cursor }),
        adminUserStats(ctx),
      ]);
      return { users: users.map(userJson), analytics, next_cursor: nextCursor };
    },
  }),
  route({
    method: 'PUT',
    path: '/admin/users/:id',
    access: 'admin',
    body: adminUserEditBody,
    handle: refusalsAs('message', async (ctx, { params, body }) => {
      const user = await adminUpdateUser(ctx, params.id!, {
        firstName: body.first_name,
        lastName: body.last_name,
        city: body.city,
        state: body.state,
        country: body.country,
        countryOther: body.country_other,
      });
      return { success: true, message: M.updated, user: userJson(user) };
    }),
  }),
  route({
    method: 'DELETE',
    path: '/admin/users/:id/delete',
    access: 'admin',
    body: z.object({}),
    handle: refusalsAs('message', async (ctx, { params }) => {
      const outcome = await adminDeleteUser(ctx, params.id!);
      return {
        success: true,
        message: M.deleted,
        trips_passed_on: outcome.tripsPassedOn.map((t) => ({ trip_id: t.tripId, new_owner_id: t.newOwnerId })),
        trips_deleted: outcome.tripsDeleted,
      };
    }),
  }),
];

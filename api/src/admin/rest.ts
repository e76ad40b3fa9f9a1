import { route } from '../rest/kit.js';
import { listAuditLog } from './audit.js';
import { parseAdminListQuery } from './listQuery.js';

/** The console's own rows; each area of the console registers its rows from its folder. */
export const adminRoutes = [
  route({
    method: 'GET',
    path: '/admin/audit-log',
    access: 'admin',
    handle: async (ctx, { query }) => {
      const page = parseAdminListQuery(query);
      const { entries, nextCursor } = await listAuditLog(
        ctx,
        { action: query.action, targetType: query.target_type, search: page.search },
        { limit: page.limit, cursor: page.cursor },
      );
      return {
        entries: entries.map((e) => ({
          id: e.id,
          action: e.action,
          target_type: e.targetType,
          target_id: e.targetId,
          summary: e.summary,
          actor_id: e.actorId,
          actor_email: e.actorEmail,
          before: e.before,
          after: e.after,
          created_at: e.createdAt.toISOString(),
        })),
        next_cursor: nextCursor,
      };
    },
  }),
];

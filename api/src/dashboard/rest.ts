import type { BackendRoute } from '../rest/kit.js';
import { assertSelfOrAdmin } from '../rest/kit.js';
import { userDashboard } from './service.js';
import { todayIn } from '../platform/dates.js';

export const dashboardRoutes: BackendRoute[] = [
  {
    method: 'GET',
    path: '/user-dashboard/:userId',
    access: 'signedIn',
    handle: async (ctx, { params }) => {
      assertSelfOrAdmin(ctx, params.userId);
      return userDashboard(ctx.deps, params.userId, todayIn(ctx.timeZone));
    },
  },
];

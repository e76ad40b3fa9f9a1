import type { BackendRoute } from '../rest/kit.js';
import { recordEvent } from './service.js';

export const analyticsRoutes: BackendRoute[] = [
  {
    method: 'POST',
    path: '/analytics/event',
    // The landing page reports page views before anyone signs in.
    access: 'public',
    status: 202,
    handle: async (ctx, { body }) => {
      await recordEvent(ctx, body);
      return { success: true };
    },
  },
];

import type { BackendRoute } from './kit.js';
import { dashboardRoutes } from '../dashboard/rest.js';
import { friendsRoutes } from '../friends/rest.js';
import { tripRoutes } from '../trips/rest.js';
import { invitationRoutes } from '../invitations/rest.js';
import { placesRoutes } from '../places/rest.js';
import { analyticsRoutes } from '../analytics/rest.js';
import { itineraryRoutes } from '../itinerary/rest.js';
import { affiliateRoutes } from '../analytics/affiliateRest.js';
import { expenseRoutes } from '../expenses/rest.js';

/** Every `/api/backend` path, gathered from the domains that own them. */
export const backendRoutes: BackendRoute[] = [
  ...dashboardRoutes,
  ...friendsRoutes,
  ...tripRoutes,
  ...invitationRoutes,
  ...placesRoutes,
  ...analyticsRoutes,
  ...itineraryRoutes,
  ...affiliateRoutes,
  ...expenseRoutes,
];

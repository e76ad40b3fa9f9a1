import type { BackendRoute } from '../rest/kit.js';
import { dashboardRoutes } from '../dashboard/rest.js';
import { friendsRoutes } from '../friends/rest.js';
import { tripRoutes } from '../trips/rest.js';
import { invitationRoutes } from '../invitations/rest.js';
import { placesRoutes } from '../places/rest.js';
import { analyticsRoutes } from '../analytics/rest.js';
import { itineraryRoutes } from '../itinerary/rest.js';
import { checklistRoutes } from '../checklists/rest.js';
import { decisionRoutes } from '../decisions/rest.js';
import { rewardsRoutes } from '../rewards/rest.js';
import { affiliateRoutes } from '../analytics/affiliateRest.js';
import { photoRoutes } from '../photos/rest.js';
import { guideRoutes } from '../guides/rest.js';
import { wishlistRoutes } from '../wishlist/rest.js';
import { feedbackRoutes } from '../feedback/rest.js';
import { exploreRoutes } from '../explore/rest.js';
import { reservationRoutes } from '../reservations/rest.js';
import { storyRoutes } from '../stories/rest.js';
import { expenseRoutes } from '../expenses/rest.js';
import { adminRoutes } from '../admin/rest.js';
import { adminUserRoutes } from '../admin/users/rest.js';
import { adminNotificationRoutes } from '../admin/notifications/rest.js';
import { adminFriendRoutes } from '../admin/friends/rest.js';
import { adminStoryRoutes } from '../admin/stories/rest.js';
import { adminGuideRoutes } from '../admin/guides/rest.js';
import { adminAnalyticsRoutes } from '../admin/analytics/rest.js';
import { adminSystemRoutes } from '../admin/system/rest.js';
import { adminTripRoutes } from '../admin/trips/rest.js';
import { adminExpenseRoutes } from '../admin/expenses/rest.js';
import { adminChecklistRoutes } from '../admin/checklists/rest.js';
import { memoriesRoutes } from '../memories/rest.js';

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
  ...checklistRoutes,
  ...decisionRoutes,
  ...rewardsRoutes,
  // upload-photo streams its body and is mounted on its own (photos/http.ts).
  ...photoRoutes,
  ...memoriesRoutes,
  ...guideRoutes,
  ...wishlistRoutes,
  ...feedbackRoutes,
  ...exploreRoutes,
  ...reservationRoutes,
  ...storyRoutes,
  ...expenseRoutes,
  ...adminRoutes,
  ...adminUserRoutes,
  ...adminNotificationRoutes,
  ...adminFriendRoutes,
  ...adminStoryRoutes,
  ...adminGuideRoutes,
  ...adminAnalyticsRoutes,
  ...adminSystemRoutes,
  ...adminTripRoutes,
  ...adminExpenseRoutes,
  ...adminChecklistRoutes,
];

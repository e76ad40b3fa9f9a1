import { builder } from './builder.js';
import './errors.js';
import '../accounts/graphql.js';
import '../accounts/credentialsGraphql.js';
import '../notifications/graphql.js';
import '../dashboard/graphql.js';
import '../trips/graphql.js';
import '../trips/popularActivities.js';
import '../trips/budgetGraphql.js';
import '../itinerary/graphql.js';
import '../checklists/graphql.js';
import '../invitations/graphql.js';
import '../friends/graphql.js';
import '../places/graphql.js';
import '../presence/graphql.js';
import '../calendar/graphql.js';
import '../analytics/affiliateGraphql.js';
import '../recommendations/graphql.js';
import '../photos/graphql.js';
import '../guides/graphql.js';
import '../wishlist/graphql.js';
import '../feedback/graphql.js';
import '../reservations/graphql.js';
import '../stories/graphql.js';
import '../expenses/graphql.js';
import '../admin/graphql.js';

/** Imports every domain's types for their side effects, then builds the schema once. */
export const schema = builder.toSchema({ sortSchema: true });

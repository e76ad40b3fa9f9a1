import { batchLoader } from '../platform/batch.js';
import { preloadVisibilityOnTrips } from '../accounts/visibility.js';
import { membersOfTrips, type TripMemberCard } from './service.js';

/**
 * The members of the trips a GraphQL request shows (`Trip.members`, `Trip.memberCount`): every
 * trip of the page in one statement (`membersOfTrips`, the SQL form of the members rule the REST
 * list reads too), each member with the profile card lists show. Through Prisma's relation
 * queries (members, then their users) a page of 50 trips took two statements and most of the
 * request's time went to mapping hundreds of rows and planning them into the trips query.
 *
 * Each member's profile is then checked against the viewer's visibility; reading the viewer's
 * ties to these people alongside lets every check answer at once, instead of each person's
 * fields waiting on a promise of their own.
 */
export const tripMembers = batchLoader<string, TripMemberCard[]>(async (ctx, tripIds) => {
  const [members] = await Promise.all([membersOfTrips(ctx.deps, tripIds), preloadVisibilityOnTrips(ctx, tripIds)]);
  return members;
}, []);

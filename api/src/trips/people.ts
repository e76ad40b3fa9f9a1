import { batchLoader } from '../platform/batch.js';
import { noteTripCompanions } from '../accounts/visibility.js';
import { isTripMember } from './access.js';
import { membersOfTrips, type TripMemberCard } from './service.js';

/**
 * The members of the trips a GraphQL request shows (`Trip.members`, `Trip.memberCount`): every
 * trip of the page in one statement (`membersOfTrips`, the SQL form of the members rule the REST
 * list reads too), each member with the profile card lists show. Through Prisma's relation
 * queries (members, then their users) a page of 50 trips took two statements and most of the
 * request's time went to mapping hundreds of rows and planning them into the trips query.
 *
 * Each member's profile is then checked against the viewer's visibility. The people of a trip the
 * viewer is on share it with the viewer, which is a close tie by the visibility rule: they are
 * noted as such, so those checks answer at once and no statement reads their ties (a second
 * statement per page before, and the costliest to plan). Trips arrive here only through their
 * fields, after the viewer's membership was checked, so that check answers from this request's
 * memory; an administrator sees every profile and needs no note.
 */
export const tripMembers = batchLoader<string, TripMemberCard[]>(async (ctx, tripIds) => {
  const members = await membersOfTrips(ctx.deps, tripIds);
  if (!ctx.viewer || ctx.viewer.isAdmin) return members;
  for (const [tripId, people] of members) {
    const onTrip = isTripMember(ctx, tripId);
    const ids = people.map((m) => m.userId);
    if (onTrip === true || (onTrip !== false && (await onTrip))) noteTripCompanions(ctx, ids);
  }
  return members;
}, []);

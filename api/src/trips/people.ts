import type { RequestContext } from '../platform/context.js';
import { batchLoader } from '../platform/batch.js';
import { sharedRead } from '../platform/liveReads.js';
import { noteTripCompanions } from '../accounts/visibility.js';
import { isTripMember } from './access.js';
import { membersOfTrips, peopleOfTrips, type OpenInvitation, type TripMemberCard } from './service.js';
import { openInvitationWhere } from '../invitations/rules.js';

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
 * statement per page before, and the costliest to plan). Trips arrive here after the viewer's
 * membership was checked (their fields), or from the viewer's own list (which confirms it), so
 * that check answers from this request's memory; an administrator sees every profile and needs
 * no note.
 */
async function readMembers(ctx: RequestContext, tripIds: string[]): Promise<Map<string, TripMemberCard[]>> {
  // The same for everyone a live event reaches: read once for all of them (sharedRead).
  return noteCompanions(ctx, await sharedRead(ctx, `members:${tripIds.join()}`, () => membersOfTrips(ctx.deps, tripIds)));
}

async function noteCompanions(ctx: RequestContext, members: Map<string, TripMemberCard[]>): Promise<Map<string, TripMemberCard[]>> {
  if (!ctx.viewer || ctx.viewer.isAdmin) return members;
  for (const [tripId, people] of members) {
    const onTrip = isTripMember(ctx, tripId);
    const ids = people.map((m) => m.userId);
    if (onTrip === true || (onTrip !== false && (await onTrip))) noteTripCompanions(ctx, ids);
  }
  return members;
}

/** Trips' members gathered from the fields that ask while a list resolves (see batchLoader). */
const tripMembers = batchLoader(readMembers, []);

/** Members read with the list that loaded these very trip rows (see `readMembersWith`). */
const readWithRows = new WeakMap<object, TripMemberCard[]>();
/** Open invitations read with the list that loaded these very trip rows. */
const invitationsWithRows = new WeakMap<object, OpenInvitation[]>();

/**
 * Trips' open invitations gathered from the fields that ask while a list resolves, newest first
 * (a trip read on its own, or by a list that did not read them ahead).
 */
const tripInvitations = batchLoader(async (ctx: RequestContext, tripIds: string[]) => {
  const rows = await ctx.deps.db.prisma.tripInvitation.findMany({
    where: { tripId: { in: tripIds }, ...openInvitationWhere() },
    omit: { tokenHash: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  const byTrip = new Map<string, OpenInvitation[]>();
  for (const row of rows) byTrip.set(row.tripId, [...(byTrip.get(row.tripId) ?? []), row]);
  return byTrip;
}, []);

/**
 * Reads the members of a page of trips right after the page, when the operation asks for them:
 * `Trip.members` and `memberCount` then answer at once. Answered through the loader instead, each
 * trip of the page was an object with promises among its fields, which the executor completes
 * field by field through promises of its own: about a seventh of the trips list's CPU time.
 * Kept with the rows themselves: only these rows, read by this request, answer from it.
 */
export async function readMembersWith(ctx: RequestContext, trips: readonly { id: string }[], opts: { invitations: boolean }): Promise<void> {
  if (trips.length === 0) return;
  const ids = trips.map((t) => t.id);
  if (!opts.invitations) {
    const members = await readMembers(ctx, ids);
    for (const trip of trips) readWithRows.set(trip, members.get(trip.id) ?? []);
    return;
  }
  // The open invitations in the same statement: planned into the page's query as a relation
  // instead, they cost Prisma a nested read and its mapping, and the executor a wrapper per trip.
  await keepPeopleWith(ctx, trips, await peopleOfTrips(ctx.deps, ids));
}

/** Keeps people read with these very trip rows (see `readMembersWith`), for their fields to answer from. */
export async function keepPeopleWith(
  ctx: RequestContext,
  trips: readonly { id: string }[],
  people: { members: Map<string, TripMemberCard[]>; invitations: Map<string, OpenInvitation[]> },
): Promise<void> {
  const members = await noteCompanions(ctx, people.members);
  for (const trip of trips) {
    readWithRows.set(trip, members.get(trip.id) ?? []);
    invitationsWithRows.set(trip, people.invitations.get(trip.id) ?? []);
  }
}

/** A trip's members: at once when read with its row, else with the next batch. */
export function membersOf(ctx: RequestContext, trip: { id: string }): TripMemberCard[] | Promise<TripMemberCard[]> {
  return readWithRows.get(trip) ?? tripMembers(ctx, trip.id);
}

/** A trip's open invitations, newest first: at once when read with its row, else with the next batch. */
export function openInvitationsOf(ctx: RequestContext, trip: { id: string }): OpenInvitation[] | Promise<OpenInvitation[]> {
  return invitationsWithRows.get(trip) ?? tripInvitations(ctx, trip.id);
}

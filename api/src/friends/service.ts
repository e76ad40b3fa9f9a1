import { AccountMessages } from '../accounts/messages.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { AppDeps, RequestContext } from '../platform/context.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { requireViewer } from '../platform/context.js';
import { checkEmail, normalizeEmail } from '../accounts/validation.js';
import { displayName } from '../accounts/users.js';
import { forgetVisibility } from '../accounts/visibility.js';
import { notify } from '../notifications/service.js';
import { withLiveEvents, type LiveEvents, type Tx } from '../platform/outbox.js';
import { FRIEND_REQUEST_MESSAGE_MAX, FriendMessages as M } from './messages.js';
import { PREFERENCE_COLUMNS } from '../accounts/preferences.js';

/**
 * Friends: every rule lives here; GraphQL and REST
 * only call these functions. A friendship is two rows, (a → b) and (b → a), always written and
 * removed together.
 */

const FRIENDS_URL = '/dashboard/friends';

// Shared with graphql.ts, so both doors list the same rows in the same order.
export const FRIENDS_ORDER: Prisma.FriendshipOrderByWithRelationInput[] = [{ friendshipDate: 'desc' }, { id: 'desc' }];
export const REQUESTS_ORDER: Prisma.FriendRequestOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];
export const PENDING = { status: 'PENDING' } as const;

/** The profile columns the REST payloads render (dashboard/service.ts `profileJson`). */
export const PROFILE_SELECT = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  city: true,
  state: true,
  country: true,
  phone: true,
  avatarUrl: true,
  createdAt: true,
  ...PREFERENCE_COLUMNS,
} satisfies Prisma.UserSelect;

const TRIP_INFO_SELECT = {
  id: true,
  name: true,
  destinationMainText: true,
  destinationSecondaryText: true,
  destinationDescription: true,
  destinationPlaceId: true,
  destinationLat: true,
  destinationLng: true,
} satisfies Prisma.TripSelect;

const REQUEST_INCLUDE = { fromUser: { select: PROFILE_SELECT }, toUser: { select: PROFILE_SELECT } } satisfies Prisma.FriendRequestInclude;

/**
 * Serialises changes between one pair of users (either direction) until the transaction ends,
 * so two requests racing each other cannot both pass the "nothing pending" check.
 */
export async function lockPair(tx: Tx, a: string, b: string) {
  const key = `friends:${[a, b].sort().join(':')}`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
}

/** Why no new request may go from `from` to `to`, or null when one may. Call under lockPair. */
async function blockingState(tx: Tx, from: string, to: string) {
  const friends = await tx.friendship.findUnique({ where: { userId_friendId: { userId: from, friendId: to } }, select: { id: true } });
  if (friends) return 'friends' as const;
  const pending = await tx.friendRequest.findFirst({
    where: {
      ...PENDING,
      OR: [
        { fromUserId: from, toUserId: to },
        { fromUserId: to, toUserId: from },
      ],
    },
    select: { fromUserId: true },
  });
  if (!pending) return null;
  return pending.fromUserId === from ? ('pendingFromYou' as const) : ('pendingFromThem' as const);
}

/** Both users' screens refresh live, once the change commits. */
export function friendsChanged(events: LiveEvents, a: string, b: string) {
  events.viewer([a, b], { kind: 'friends' });
}

async function nameOf(tx: Tx, userId: string) {
  return displayName(await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { firstName: true, lastName: true } }));
}

// ---------- requests ----------

/**
 * The address and optional note of 'Add Friend' (and of an invitation to join): an address is
 * required and well-formed (a malformed one is told so, never looked up and reported as
 * nobody's); the note is trimmed and bounded.
 */
export function parseAddressAndNote(input: { email: unknown; message?: unknown }) {
  const email = normalizeEmail(input.email);
  if (!email) throw new ValidationError(M.emailRequired, 'email');
  checkEmail(email);
  const message = typeof input.message === 'string' ? input.message.trim() || null : null;
  if (message && message.length > FRIEND_REQUEST_MESSAGE_MAX) throw new ValidationError(M.messageTooLong, 'message');
  return { email, message };
}

/** 'Add Friend' by e-mail. */
export async function sendFriendRequest(ctx: RequestContext, input: { email: unknown; message?: unknown }) {
  const viewer = requireViewer(ctx);
  const { email, message } = parseAddressAndNote(input);
  // Each answer says whether an address has an account: bounded, so nobody can sweep a list.
  await ctx.deps.limiter.consume('addressLookupPerUser', viewer.id, AccountMessages.tooManyAttempts);
  const prisma = ctx.deps.db.prisma;
  const to = await prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (!to) throw new NotFoundError(M.noSuchUser);
  if (to.id === viewer.id) throw new ValidationError(M.notYourself, 'email');

  const request = await withLiveEvents(ctx.deps, async (tx, events) => {
    await lockPair(tx, viewer.id, to.id);
    const state = await blockingState(tx, viewer.id, to.id);
    if (state === 'friends') throw new ConflictError(M.alreadyFriends, 'email');
    if (state === 'pendingFromThem') throw new ConflictError(M.theyAlreadyAsked, 'email');
    if (state === 'pendingFromYou') throw new ConflictError(M.alreadyPending, 'email');
    const created = await tx.friendRequest.create({ data: { fromUserId: viewer.id, toUserId: to.id, message }, include: REQUEST_INCLUDE });
    await notify(tx, events, to.id, {
      type: 'FRIEND_REQUEST',
      title: 'New friend request',
      message: `${displayName(created.fromUser)} sent you a friend request.`,
      actionUrl: FRIENDS_URL,
      data: { friendRequestId: created.id, fromUserId: viewer.id },
    });
    friendsChanged(events, viewer.id, to.id);
    return created;
  });
  forgetVisibility(ctx);
  return request;
}

/**
 * The friend request a trip invitation brings along (the trip is its context). Nothing happens
 * when the two are friends already or a request is pending either way. Returns whether one was
 * made; the caller sends the notification (it names the trip).
 */
export async function createAutoFriendRequest(
  tx: Tx,
  events: LiveEvents,
  fromUserId: string,
  toUserId: string,
  trip: { id: string; name: string },
): Promise<boolean> {
  if (fromUserId === toUserId) return false;
  await lockPair(tx, fromUserId, toUserId);
  if (await blockingState(tx, fromUserId, toUserId)) return false;
  await tx.friendRequest.create({
    data: { fromUserId, toUserId, autoGenerated: true, contextTripId: trip.id, contextTripName: trip.name },
  });
  friendsChanged(events, fromUserId, toUserId);
  return true;
}

/** A request the viewer sent or received; anyone else's reads as missing. */
async function findOwnRequest(ctx: RequestContext, requestId: string) {
  const viewer = requireViewer(ctx);
  const row = isUuid(requestId) ? await ctx.deps.db.prisma.friendRequest.findUnique({ where: { id: requestId } }) : null;
  if (!row || (row.fromUserId !== viewer.id && row.toUserId !== viewer.id)) throw new NotFoundError(M.requestNotFound);
  return row;
}

/**
 * Accept or reject, by the recipient. Accepting writes both friendship rows in the same
 * transaction that closes the request. Rejecting is also how a sender cancels,
 * so the sender's reject is a cancel.
 */
export async function respondToFriendRequest(ctx: RequestContext, requestId: string, action: string) {
  if (action !== 'accept' && action !== 'reject') throw new ValidationError('The action must be accept or reject.', 'action');
  const viewer = requireViewer(ctx);
  const request = await findOwnRequest(ctx, requestId);
  if (request.toUserId !== viewer.id) {
    if (action === 'reject') return { request: await cancelFriendRequest(ctx, requestId), friendship: null };
    throw new ForbiddenError(M.onlyRecipientAccepts);
  }
  const accept = action === 'accept';
  const prisma = ctx.deps.db.prisma;
  const friendship = await withLiveEvents(ctx.deps, (tx, events) => settleFriendRequest(tx, events, request, accept));
  forgetVisibility(ctx);
  return { request: await prisma.friendRequest.findUniqueOrThrow({ where: { id: request.id }, include: REQUEST_INCLUDE }), friendship };
}

/**
 * Closes a pending request, accepted or rejected, in the caller's transaction: accepting writes
 * both friendship rows and tells the sender. The recipient's answer and an administrator's
 * approval or rejection (admin/friends) both go through here. Answers the recipient's side of the
 * new friendship, or null when rejected; a request no longer pending is a conflict.
 */
export async function settleFriendRequest(
  tx: Tx,
  events: LiveEvents,
  request: { id: string; fromUserId: string; toUserId: string; contextTripId: string | null },
  accept: boolean,
) {
  await lockPair(tx, request.fromUserId, request.toUserId);
  const now = new Date();
  const closed = await tx.friendRequest.updateMany({
    where: { id: request.id, ...PENDING },
    data: { status: accept ? 'ACCEPTED' : 'REJECTED', respondedAt: now },
  });
  if (closed.count === 0) throw new ConflictError(M.notPending);
  friendsChanged(events, request.fromUserId, request.toUserId);
  if (!accept) return null;
  const both = { friendshipDate: now, firstTripId: request.contextTripId };
  await tx.friendship.createMany({
    data: [
      { userId: request.fromUserId, friendId: request.toUserId, ...both },
      { userId: request.toUserId, friendId: request.fromUserId, ...both },
    ],
    skipDuplicates: true,
  });
  await notify(tx, events, request.fromUserId, {
    type: 'FRIEND_REQUEST_ACCEPTED',
    title: 'Friend request accepted',
    message: `${await nameOf(tx, request.toUserId)} accepted your friend request.`,
    actionUrl: FRIENDS_URL,
    data: { friendRequestId: request.id, userId: request.toUserId },
  });
  return tx.friendship.findUniqueOrThrow({ where: { userId_friendId: { userId: request.toUserId, friendId: request.fromUserId } } });
}

/** Ends a friendship both ways in one statement (no half-friendship is ever visible). */
export async function endFriendship(tx: Tx, events: LiveEvents, a: string, b: string) {
  await tx.friendship.deleteMany({
    where: {
      OR: [
        { userId: a, friendId: b },
        { userId: b, friendId: a },
      ],
    },
  });
  friendsChanged(events, a, b);
}

/** 'Cancel Request', by the sender, while it is pending. */
export async function cancelFriendRequest(ctx: RequestContext, requestId: string) {
  const viewer = requireViewer(ctx);
  const request = await findOwnRequest(ctx, requestId);
  if (request.fromUserId !== viewer.id) throw new ForbiddenError(M.onlySenderCancels);
  const prisma = ctx.deps.db.prisma;
  await withLiveEvents(ctx.deps, async (tx, events) => {
    const closed = await tx.friendRequest.updateMany({
      where: { id: request.id, ...PENDING },
      data: { status: 'CANCELLED', respondedAt: new Date() },
    });
    if (closed.count === 0) throw new ConflictError(M.notPending);
    friendsChanged(events, request.fromUserId, request.toUserId);
  });
  forgetVisibility(ctx);
  return prisma.friendRequest.findUniqueOrThrow({ where: { id: request.id }, include: REQUEST_INCLUDE });
}

// ---------- friendships ----------

/** Ends a friendship both ways; shared trips and their memberships stay as they are. */
export async function removeFriend(ctx: RequestContext, friendUserId: string) {
  const viewer = requireViewer(ctx);
  const prisma = ctx.deps.db.prisma;
  const own = isUuid(friendUserId)
    ? await prisma.friendship.findUnique({ where: { userId_friendId: { userId: viewer.id, friendId: friendUserId } }, select: { id: true } })
    : null;
  if (!own) throw new NotFoundError(M.notFriends);
  await withLiveEvents(ctx.deps, (tx, events) => endFriendship(tx, events, viewer.id, friendUserId));
  forgetVisibility(ctx);
  return { removedFriendshipId: own.id, friendId: friendUserId };
}

// ---------- the friends screen (a fixed number of statements whatever the counts) ----------

export function listFriends(deps: AppDeps, userId: string) {
  return deps.db.prisma.friendship.findMany({
    where: { userId },
    orderBy: FRIENDS_ORDER,
    include: { user: { select: PROFILE_SELECT }, friend: { select: PROFILE_SELECT }, firstTrip: { select: TRIP_INFO_SELECT } },
  });
}

export function listPendingRequests(deps: AppDeps, userId: string, direction: 'incoming' | 'outgoing') {
  return deps.db.prisma.friendRequest.findMany({
    where: { ...PENDING, ...(direction === 'incoming' ? { toUserId: userId } : { fromUserId: userId }) },
    orderBy: REQUESTS_ORDER,
    include: REQUEST_INCLUDE,
  });
}

export function countFriends(deps: AppDeps, userId: string) {
  return deps.db.prisma.friendship.count({ where: { userId } });
}

/** The 'Pending Requests' tab: incoming plus outgoing. */
export function countPendingRequests(deps: AppDeps, userId: string) {
  return deps.db.prisma.friendRequest.count({ where: { ...PENDING, OR: [{ toUserId: userId }, { fromUserId: userId }] } });
}

/** Everything the friends screen shows, for the REST adapter. */
export async function friendsOverview(deps: AppDeps, userId: string) {
  const [friends, incoming, outgoing] = await Promise.all([
    listFriends(deps, userId),
    listPendingRequests(deps, userId, 'incoming'),
    listPendingRequests(deps, userId, 'outgoing'),
  ]);
  return { friends, incoming, outgoing };
}

export type FriendRow = Awaited<ReturnType<typeof listFriends>>[number];
export type FriendRequestRow = Awaited<ReturnType<typeof listPendingRequests>>[number];

import { liveEvents } from '../notifications/live.js';
import type { RequestContext } from '../platform/context.js';
import { perEvent } from '../platform/liveReads.js';
import { listen, liveQueue } from '../platform/liveHub.js';
import type { PubSubTopics } from '../platform/pubsub.js';
import { sql } from '../platform/sql.js';
import { shareResultsAs } from '../platform/liveShare.js';
import { loadViewer } from '../accounts/users.js';
import { noteTripCompanions } from '../accounts/visibility.js';
import type { TripEvent } from './liveEvents.js';
import { noteViewerMemberships } from './access.js';
import { isOnTrip } from './memberStatus.js';

/** A member as a live check needs them: on the trip or merely invited, their session, their role. */
interface AudienceMember {
  status: string;
  sessionVersion: number;
  isAdmin: boolean;
}

/** Who may hear of one trip's event: whether the trip exists, and its members (accounts not deleted). */
export interface TripAudience {
  exists: boolean;
  members: Map<string, AudienceMember>;
  /** The owner and accepted members: everyone a member may see through the trip. */
  onTrip: ReadonlySet<string>;
}

/** One statement: the trip's existence and its member rows, with each account's session version and role. */
async function readAudience(ctx: RequestContext, tripId: string): Promise<TripAudience> {
  const [row] = await ctx.deps.db.prisma.$queryRaw<{ exists: boolean; members: [string, string, number, string][] | null }[]>(sql`
    SELECT EXISTS (SELECT 1 FROM trips WHERE id = ${tripId}::uuid) AS exists,
      (SELECT json_agg(json_build_array(m.user_id, m.status, u.session_version, u.role::text))
        FROM trip_members m JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL WHERE m.trip_id = ${tripId}::uuid) AS members`);
  const members = new Map<string, AudienceMember>();
  for (const [userId, status, sessionVersion, role] of row.members ?? []) {
    members.set(userId, { status: status.toUpperCase(), sessionVersion, isAdmin: role === 'admin' });
  }
  const onTrip = new Set([...members].filter(([, m]) => isOnTrip(m.status)).map(([id]) => id));
  return { exists: row.exists, members, onTrip };
}

/**
 * The audience of `event` on `tripId`: read once per event on this instance (liveReads.ts),
 * whoever of its subscribers asks first; the others check themselves against it in memory.
 */
export function tripAudience(ctx: RequestContext, tripId: string, event: object): Promise<TripAudience> {
  return perEvent(ctx.deps, event, `audience:${tripId}`, () => readAudience(ctx, tripId));
}

/**
 * May this subscriber still hear `event` of the trip? Checked against the event's audience, in
 * memory: 'watching' (owner, accepted member or administrator), 'removed', 'deleted' (the trip is
 * gone, its member rows with it), or 'ended' (the account is gone or the session was ended).
 *
 * A watching member's context is then set for the event's fields: their role as it is now, their
 * membership of this trip (the event's fields concern this trip only; any other trip counts as
 * not theirs for this event) and the trip's people as visible companions, so that resolving the
 * event reads nothing more about who may see what. An administrator who is not on the trip, the
 * rare case, is read afresh alone.
 */
export async function watchTrip(ctx: RequestContext, tripId: string, event: object): Promise<'watching' | 'removed' | 'deleted' | 'ended'> {
  const viewer = ctx.viewer;
  if (!viewer) return 'ended';
  const audience = await tripAudience(ctx, tripId, event);
  const me = audience.members.get(viewer.id);
  if (me && isOnTrip(me.status)) {
    if (viewer.session && viewer.session.version < me.sessionVersion) return 'ended';
    ctx.viewer = { ...viewer, isAdmin: me.isAdmin, memberships: [{ tripId, status: me.status }] };
    noteViewerMemberships(ctx, [tripId]);
    noteTripCompanions(ctx, audience.onTrip);
    // Members of one status and role, on one calendar, see the trip's event alike (liveShare.ts).
    shareResultsAs(ctx, `${tripId}|${me.status}|${me.isAdmin}|${ctx.timeZone}`);
    return 'watching';
  }
  shareResultsAs(ctx, null);
  if (viewer.isAdmin) {
    const fresh = await loadViewer(ctx.deps, viewer.id, viewer.session);
    if (!fresh) return 'ended';
    ctx.viewer = fresh;
    if (fresh.isAdmin) return 'watching';
  }
  return audience.exists ? 'removed' : 'deleted';
}

/** The live lists of a trip: topics routed by trip id whose payloads are objects. */
type TripTopic = 'itinerary' | 'checklist' | 'photos' | 'expenses' | 'decisions';

/** What a trip's live list hears: an event of its own topic, or one of the trip itself. */
type Heard<E> = { own: true; event: E } | { own: false; event: TripEvent };

/**
 * The stream of a live list of one trip (its plan, checklists, photos, expenses): `own` names the
 * list's pub/sub topic, routed by the trip's id. Before every event the viewer must still be on the trip, or
 * the stream ends (`watchTrip`: one read per event per instance, not per subscriber); `describe`
 * then reads the event afresh as this viewer may see it ('skip' to pass over it). The trip's own
 * events are heard too, so that someone removed from it, or its deletion, ends the stream at once
 * rather than at the list's next change; `onTripChange` may turn the trip's other changes into an
 * event of the list.
 */
export function tripTopicEvents<K extends TripTopic, D>(
  ctx: RequestContext,
  tripId: string,
  own: K,
  describe: (event: PubSubTopics[K][1]) => Promise<D | 'skip'>,
  onTripChange: (event: TripEvent) => D | 'skip' = () => 'skip',
  // Whether the list's results may be shared among members alike (liveShare.ts): only for events
  // whose fields answer the same for every member of one status and role.
  opts: { shareResults: boolean } = { shareResults: false },
): AsyncIterableIterator<D> {
  type E = PubSubTopics[K][1];
  // Both topics through the instance's shared subscriptions (platform/liveHub.ts), in arrival order.
  const heard = liveQueue<Heard<E>>((push) => {
    const stopOwn = listen(ctx.deps, own, tripId, (event) => push({ own: true, event }));
    const stopTrip = listen(ctx.deps, 'trip', tripId, (event) => push({ own: false, event }));
    return () => {
      stopOwn();
      stopTrip();
    };
  });
  return liveEvents<Heard<E>, D>(
    ctx,
    heard,
    async (h) => {
      if ((await watchTrip(ctx, tripId, h.event)) !== 'watching') return 'end';
      if (!opts.shareResults) shareResultsAs(ctx, null);
      if (!h.own && h.event.kind === 'DELETED') return 'end';
      // What the event's fields read for every member alike is read once (sharedRead).
      ctx.liveEvent = h.event;
      const delivered = h.own ? await describe(h.event) : onTripChange(h.event);
      return delivered === 'skip' ? 'skip' : { deliver: delivered };
    },
    { viewer: 'checked' },
  );
}

/**
 * A trip's live list whose every event names one record (an itinerary item, a checklist): `read`
 * fetches it (null when the event says it was deleted), once per event on this instance whoever
 * asks first, as it is the same for every member. A record gone since, or now on another trip, is
 * delivered as null, so the event is told as a deletion. The events' fields answer alike for every
 * member (who may see whom is re-checked: liveShare.ts), so their results are shared.
 */
export function tripRecordEvents<K extends TripTopic, R extends { tripId: string }, D>(
  ctx: RequestContext,
  tripId: string,
  own: K,
  read: (event: PubSubTopics[K][1]) => Promise<R | null> | null,
  deliver: (event: PubSubTopics[K][1], record: R | null) => D,
): AsyncIterableIterator<D> {
  return tripTopicEvents(
    ctx,
    tripId,
    own,
    (event) =>
      perEvent(ctx.deps, event, 'delivered', async () => {
        const record = await read(event);
        return deliver(event, record?.tripId === tripId ? record : null);
      }),
    undefined,
    { shareResults: true },
  );
}

/**
 * Who made a live event's change, for its `actor` field: read once per event and selection on this
 * instance (the event is shared by its subscribers); null once their account is gone.
 */
export function eventActor<Q extends object>(ctx: RequestContext, event: { actorId: string | null }, query: Q) {
  const { actorId } = event;
  return actorId
    ? perEvent(ctx.deps, event, `actor:${JSON.stringify(query)}`, () => ctx.deps.db.prisma.user.findUnique({ ...query, where: { id: actorId } }))
    : null;
}

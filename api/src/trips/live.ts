import { map, Repeater } from 'graphql-yoga';
import { liveEvents } from '../notifications/live.js';
import type { RequestContext } from '../platform/context.js';
import type { TripEvent } from './liveEvents.js';
import { tripWatchStatus } from './access.js';

/** What a trip's live list hears: an event of its own topic, or one of the trip itself. */
type Heard<E> = { own: true; event: E } | { own: false; event: TripEvent };

/**
 * The stream of a live list of one trip (its plan, checklists, photos, expenses): `own` is the
 * list's pub/sub topic for the trip. Before every event the viewer must still be on the trip, or
 * the stream ends; `describe` then reads the event afresh as this viewer may see it ('skip' to
 * pass over it). The trip's own events are heard too, so that someone removed from it, or its
 * deletion, ends the stream at once rather than at the list's next change; `onTripChange` may
 * turn the trip's other changes into an event of the list.
 */
export function tripTopicEvents<E, D>(
  ctx: RequestContext,
  tripId: string,
  own: AsyncIterable<E>,
  describe: (event: E) => Promise<D | 'skip'>,
  onTripChange: (event: TripEvent) => D | 'skip' = () => 'skip',
): AsyncIterableIterator<D> {
  const heard = Repeater.merge([
    map((event: E): Heard<E> => ({ own: true, event }))(own),
    map((event: TripEvent): Heard<E> => ({ own: false, event }))(ctx.deps.pubsub.subscribe('trip', tripId)),
  ]);
  return liveEvents<Heard<E>, D>(ctx, heard, async (h) => {
    if ((await tripWatchStatus(ctx, tripId)) !== 'watching') return 'end';
    if (!h.own && h.event.kind === 'DELETED') return 'end';
    const delivered = h.own ? await describe(h.event) : onTripChange(h.event);
    return delivered === 'skip' ? 'skip' : { deliver: delivered };
  });
}

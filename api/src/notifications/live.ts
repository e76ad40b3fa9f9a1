import { startEvent, type RequestContext } from '../platform/context.js';
import { loadViewer } from '../accounts/users.js';

/**
 * What to do with one event, decided on fresh facts: deliver it (and end after it if `last`),
 * pass over it (an event that only prompted the check), or end now without it.
 */
export type LiveVerdict<T> = { deliver: T; last?: boolean } | 'skip' | 'end';

/**
 * Re-reads the viewer before an event: a deleted account or an ended session (password changed
 * or reset elsewhere) ends its subscriptions, and a granted or revoked administrator role applies
 * from the next event on (as `authenticate` does per request).
 */
async function refreshViewer(ctx: RequestContext): Promise<boolean> {
  if (!ctx.viewer) return true;
  const viewer = await loadViewer(ctx.deps, ctx.viewer.id, ctx.viewer.session);
  if (!viewer) return false;
  ctx.viewer = viewer;
  return true;
}

/**
 * The event stream every subscription field returns. A graphql-ws subscription keeps one context
 * for its whole life, so before each event: the context's memos are dropped (`startEvent`), the
 * viewer is re-read (or checked by `check`, see `opts`), and `check` decides on fresh facts whether the viewer may still have it.
 * Refused means the subscription completes: the client is told it ended, not sent an error.
 *
 * A hand-written iterator rather than an async generator: a generator cannot be stopped while it
 * waits for the next event, so an unsubscribe would leave the pub/sub listener until one came.
 */
export function liveEvents<T, D = T>(
  ctx: RequestContext,
  source: AsyncIterable<T>,
  // What is heard is delivered as it is unless `check` says otherwise (D is T then).
  check: (event: T) => Promise<LiveVerdict<D>> = async (event) => ({ deliver: event as unknown as D }),
  // 'checked': `check` itself finds out whether the account may still hear the event (a trip's
  // streams check the event's audience, read once for all its subscribers: trips/live.ts), so
  // the viewer is not re-read for each subscriber. A user's own channel re-reads its viewer.
  opts: { viewer: 'reread' | 'checked' } = { viewer: 'reread' },
): AsyncIterableIterator<D> {
  const events = source[Symbol.asyncIterator]();
  let ended = false;
  const end = async (): Promise<IteratorResult<D>> => {
    if (!ended) {
      ended = true;
      await events.return?.();
    }
    return { done: true, value: undefined };
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      for (;;) {
        if (ended) return { done: true, value: undefined };
        const next = await events.next();
        if (next.done || ended) return end();
        let verdict: LiveVerdict<D>;
        try {
          startEvent(ctx);
          verdict = opts.viewer === 'checked' || (await refreshViewer(ctx)) ? await check(next.value) : 'end';
        } catch (err) {
          // Fail closed, but gently: one subscription completes; an error here would close the
          // whole socket with 4500, which graphql-ws clients do not retry.
          ctx.deps.logger.error({ err }, 'live event check failed; ending the subscription');
          verdict = 'end';
        }
        if (verdict === 'end' || ended) return end();
        if (verdict === 'skip') continue;
        if (verdict.last) await end();
        return { done: false, value: verdict.deliver };
      }
    },
    return: end,
    async throw(err: unknown) {
      await end();
      throw err;
    },
  };
}

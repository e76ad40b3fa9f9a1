import type { AppDeps, RequestContext } from './context.js';

/**
 * Reads made for live subscribers, once per event per instance and within a bound of their own.
 *
 * The pub/sub hands every subscriber on this instance the same payload object for one event
 * (one `JSON.parse` of the Redis message, or the object published here), so the payload itself
 * keys what was read for it: the first subscriber to ask reads, the others share the answer, and
 * the memo goes with the event once nobody holds it any more.
 *
 * Those reads, and the start of subscriptions (websocket.ts), run at most a few at a time
 * (`liveLimit`), so an audience arriving or a burst of events queues here instead of taking
 * every connection of the pool that saves need.
 */
const memos = new WeakMap<object, Map<string, Promise<unknown>>>();

/** `load`, run once for `event` and `key` on this instance; later callers share its promise. */
export function perEvent<T>(deps: AppDeps, event: unknown, key: string, load: () => Promise<T>): Promise<T> {
  if (typeof event !== 'object' || event === null) return liveRead(deps, load);
  let memo = memos.get(event);
  if (!memo) memos.set(event, (memo = new Map()));
  let hit = memo.get(key) as Promise<T> | undefined;
  if (!hit) {
    const loading = liveRead(deps, load);
    hit = loading;
    memo.set(key, loading);
    // A failed read is not remembered: the next subscriber tries again.
    loading.catch(() => memo.get(key) === loading && memo.delete(key));
  }
  return hit;
}

/**
 * `load` once for everyone the live event being delivered reaches on this instance (`ctx.liveEvent`),
 * otherwise as it is. `key` names all that `load` reads by besides the event, and `load` must not
 * depend on who the viewer is: each subscriber takes its own share of the answer in memory.
 */
export function sharedRead<T>(ctx: RequestContext, key: string, load: () => Promise<T>): Promise<T> {
  return ctx.liveEvent ? perEvent(ctx.deps, ctx.liveEvent, key, load) : load();
}

/** A counting semaphore: at most `max` tasks at once, the rest in arrival order. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The place passes straight to the next in line, or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Tasks waiting for a place (for the load script and tests). */
  get queued(): number {
    return this.waiting.length;
  }
}

const limiters = new WeakMap<AppDeps, Record<LiveWork, Limiter>>();

/**
 * What live work waits for: reads for events, and subscriptions starting (their access checks
 * and first reads). Two bounds, so that a start never waits on an event read it holds a place
 * from, each a quarter of the database pool (at least one): half of it always stays for requests.
 */
export type LiveWork = 'events' | 'starts';
export function liveLimit(deps: AppDeps, work: LiveWork): Limiter {
  let own = limiters.get(deps);
  if (!own) {
    const max = Math.max(1, Math.floor(deps.config.databasePoolSize / 4));
    limiters.set(deps, (own = { events: new Limiter(max), starts: new Limiter(max) }));
  }
  return own[work];
}

/** One read for live events, within their bound. */
export function liveRead<T>(deps: AppDeps, load: () => Promise<T>): Promise<T> {
  return liveLimit(deps, 'events').run(load);
}

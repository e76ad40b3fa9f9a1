import type { AppDeps } from './context.js';
import type { PubSubTopics } from './pubsub.js';

/**
 * One pub/sub subscription per topic and key per instance, shared by every local subscriber:
 * a crowd on one trip holds one listener of its topics here, and each subscriber a callback and
 * a small queue (`liveQueue`) rather than a stream of its own. Payloads reach the callbacks in
 * the order the pub/sub gives them, the same object for all (see liveReads.ts).
 */
type Payload<K extends keyof PubSubTopics> = PubSubTopics[K][1];

interface Hub {
  listeners: Set<(payload: unknown) => void>;
  stop: () => void;
}

const hubs = new WeakMap<AppDeps, Map<string, Hub>>();

/** Calls `listener` with every payload of `topic` for `key` until the returned function is called. */
export function listen<K extends keyof PubSubTopics>(deps: AppDeps, topic: K, key: string, listener: (payload: Payload<K>) => void): () => void {
  let own = hubs.get(deps);
  if (!own) hubs.set(deps, (own = new Map()));
  const name = `${topic}:${key}`;
  let hub = own.get(name);
  if (!hub) {
    const source = (deps.pubsub.subscribe as (topic: K, key: string) => AsyncIterableIterator<Payload<K>>)(topic, key);
    const made: Hub = { listeners: new Set(), stop: () => void source.return?.() };
    own.set(name, (hub = made));
    void (async () => {
      for await (const payload of source) {
        for (const l of [...made.listeners]) l(payload);
      }
    })()
      .catch((err: unknown) => deps.logger.warn({ err, topic }, 'live topic stream failed'))
      // A stream that ended or failed is no hub to join: the next subscriber opens a fresh one.
      .finally(() => {
        if (own.get(name) === made) own.delete(name);
      });
  }
  const h = hub;
  h.listeners.add(listener as (payload: unknown) => void);
  return () => {
    h.listeners.delete(listener as (payload: unknown) => void);
    if (h.listeners.size || own.get(name) !== h) return;
    own.delete(name);
    h.stop();
  };
}

/**
 * An async iterator over what `start` pushes, in order, nothing dropped; `start` returns how to
 * stop. Stopping (`return`) also ends a `next` that is waiting.
 */
export function liveQueue<T>(start: (push: (value: T) => void) => () => void): AsyncIterableIterator<T> {
  const buffered: T[] = [];
  let waiting: ((result: IteratorResult<T>) => void) | null = null;
  let done = false;
  const stop = start((value) => {
    if (done) return;
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve({ done: false, value });
    } else buffered.push(value);
  });
  const finish = async (): Promise<IteratorResult<T>> => {
    if (!done) {
      done = true;
      stop();
      buffered.length = 0;
      waiting?.({ done: true, value: undefined });
      waiting = null;
    }
    return { done: true, value: undefined };
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    next() {
      if (buffered.length) return Promise.resolve({ done: false, value: buffered.shift()! });
      if (done) return Promise.resolve({ done: true, value: undefined });
      return new Promise((resolve) => (waiting = resolve));
    },
    return: finish,
    async throw(err: unknown) {
      await finish();
      throw err;
    },
  };
}

/** One subscriber's stream of `topic` for `key`, through the instance's shared subscription. */
export function liveTopic<K extends keyof PubSubTopics>(deps: AppDeps, topic: K, key: string): AsyncIterableIterator<Payload<K>> {
  return liveQueue((push) => listen(deps, topic, key, push));
}

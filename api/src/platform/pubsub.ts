import { setMaxListeners } from 'node:events';
import { createPubSub } from 'graphql-yoga';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger.js';

/**
 * The live topics: name → [routing key, payload]. The platform routes one itself, `viewer` (each
 * signed-in user's channel); every other topic is declared by the domain that publishes it, in
 * its own folder (`<domain>/liveEvents.ts`), by adding to this interface:
 *
 *   declare module '../platform/pubsub.js' {
 *     interface LiveTopics { itinerary: [tripId: string, payload: ItineraryEvent] }
 *   }
 */
export interface LiveTopics {
  /** Events for one signed-in user, routed by user id. */
  viewer: [userId: string, payload: ViewerEvent];
}

/**
 * What one user's channel carries, by kind (`{ kind: 'friends' }`...): enough for a client to
 * update its store. Each domain adds its own kinds beside its topics, as with LiveTopics.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains (declaration merging)
export interface ViewerEvents {}
export type ViewerEvent = { [K in keyof ViewerEvents]: { kind: K } & ViewerEvents[K] }[keyof ViewerEvents];

/** The topics as Yoga's pub/sub takes them (a type alias: an interface has no index signature). */
export type PubSubTopics = { [K in keyof LiveTopics]: LiveTopics[K] };

export type PubSub = ReturnType<typeof createPubSub<PubSubTopics>>;

export interface PubSubHandle {
  pubsub: PubSub;
  close(): Promise<void>;
}

/**
 * A Redis client that never takes the process down and never makes a caller wait for Redis:
 * while disconnected a command fails at once (no offline queue, no retries of a command caught
 * by a dropped connection), and the client keeps reconnecting, at most 3 s apart, for as long
 * as the process lives. An outage is logged once when it starts and once when it ends, not on
 * every reconnection attempt.
 */
export function createRedisClient(url: string, logger: Logger | undefined, role: string, options: RedisOptions = {}): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 3000),
    ...options,
  });
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    logger?.warn({ err: err.message, role }, 'Redis unreachable; carrying on without it and reconnecting');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger?.info({ role }, 'Redis reachable again');
  });
  return client;
}

/** Closes a client whatever state it is in, without waiting on a Redis that is not there. */
export async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status !== 'ready') return void client.disconnect();
  await client.quit().then(
    () => {},
    () => client.disconnect(),
  );
}

/** True once the client is ready; false at its first error or after `ms`, whichever comes first. */
function readyWithin(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('error', onError);
      resolve(ok);
    };
    const onReady = () => done(true);
    const onError = () => done(false);
    const timer = setTimeout(() => done(false), ms);
    client.once('ready', onReady);
    client.once('error', onError);
  });
}

type EventTarget = NonNullable<NonNullable<Parameters<typeof createPubSub<PubSubTopics>>[0]>['eventTarget']>;
type Listener = Parameters<EventTarget['addEventListener']>[1];

/**
 * The event target Yoga's pub/sub runs on, carried by Redis between instances. Written here
 * rather than taken from @graphql-yoga/redis-event-target because that one leaves its publish and
 * subscribe promises unhandled, so a Redis outage rejected them and stopped the process.
 *
 * While Redis cannot take a publish, the event goes straight to this instance's own listeners:
 * subscribers lose only what other instances say, and a warning is logged once per outage. The
 * channels wanted are remembered here, and all of them are subscribed whenever the subscriber
 * connection becomes ready, including ones first asked for while Redis was down.
 */
function createFailoverEventTarget(publisher: Redis, subscriber: Redis, logger: Logger): EventTarget {
  const listeners = new Map<string, Set<NonNullable<Listener>>>();
  let publishingLocally = false;

  function deliver(topic: string, detail: unknown) {
    const set = listeners.get(topic);
    if (!set) return;
    const event = new CustomEvent(topic, { detail });
    for (const listener of [...set]) {
      try {
        if (typeof listener === 'function') listener(event as never);
        else listener.handleEvent(event as never);
      } catch (err) {
        logger.error({ err, topic }, 'live event listener failed');
      }
    }
  }

  function deliverLocally(topic: string, detail: unknown, err?: unknown) {
    if (!publishingLocally) {
      publishingLocally = true;
      logger.warn({ err: err instanceof Error ? err.message : undefined }, 'Redis cannot carry live events; delivering them on this instance only');
    }
    deliver(topic, detail);
  }

  subscriber.on('message', (channel: string, message: string) => {
    let detail: unknown;
    try {
      detail = message === '' ? null : JSON.parse(message);
    } catch (err) {
      logger.warn({ err, channel }, 'unreadable live event from Redis ignored');
      return;
    }
    deliver(channel, detail);
  });
  // A reconnected subscriber starts with no channels (autoResubscribe is off): ask for all.
  subscriber.on('ready', () => {
    const topics = [...listeners.keys()];
    if (topics.length) subscriber.subscribe(...topics).catch((err) => logger.debug({ err }, 'Redis subscribe failed; retried on reconnect'));
  });

  return {
    addEventListener(topic: string, listener: Listener) {
      if (!listener) return;
      let set = listeners.get(topic);
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
        // Not ready: the 'ready' handler above subscribes it. A subscribe lost to a dropped
        // connection is likewise repeated there.
        if (subscriber.status === 'ready')
          subscriber.subscribe(topic).catch((err) => logger.debug({ err, topic }, 'Redis subscribe failed; retried on reconnect'));
      }
      set.add(listener);
    },
    removeEventListener(topic: string, listener: Listener) {
      const set = listeners.get(topic);
      if (!set || !listener) return;
      set.delete(listener);
      if (set.size) return;
      listeners.delete(topic);
      if (subscriber.status === 'ready') subscriber.unsubscribe(topic).catch(() => {});
    },
    dispatchEvent(event: Event) {
      const topic = event.type;
      const detail = (event as CustomEvent).detail;
      if (publisher.status !== 'ready') {
        deliverLocally(topic, detail);
        return true;
      }
      let message: string;
      try {
        message = detail === undefined ? '' : JSON.stringify(detail);
      } catch (err) {
        logger.error({ err, topic }, 'live event not serializable; delivered on this instance only');
        deliver(topic, detail);
        return true;
      }
      // Our own subscriber hears the event back from Redis, unless it is disconnected itself.
      const echoed = subscriber.status === 'ready';
      publisher.publish(topic, message).then(
        () => {
          if (publishingLocally) {
            publishingLocally = false;
            logger.info('Redis carries live events across instances again');
          }
          if (!echoed) deliver(topic, detail);
        },
        (err) => deliverLocally(topic, detail, err),
      );
      return true;
    },
  } as EventTarget;
}

/**
 * In-process pub/sub by default; with REDIS_URL every API instance publishes to and hears from
 * Redis, so a change made through one instance reaches subscribers connected to another. Redis
 * being down, at start-up or later, only narrows live events to the instance they happen on.
 */
export async function createPubSubHandle(redisUrl: string | undefined, logger: Logger): Promise<PubSubHandle> {
  if (!redisUrl) {
    // One listener per subscription: a crowd on one trip is many listeners of one topic, which
    // is expected here, not the leak Node warns of past ten.
    const eventTarget = new globalThis.EventTarget();
    setMaxListeners(0, eventTarget);
    return { pubsub: createPubSub<PubSubTopics>({ eventTarget: eventTarget as unknown as EventTarget }), close: async () => {} };
  }
  // A publish that Redis does not answer within a second is given up and delivered locally
  // (should Redis have taken it after all, local subscribers see it twice: events only prompt
  // clients to re-read, so a repeat is harmless, a loss would not be).
  const publisher = createRedisClient(redisUrl, logger, 'live events (publish)', { commandTimeout: 1000 });
  const subscriber = createRedisClient(redisUrl, logger, 'live events (subscribe)', { autoResubscribe: false });
  const eventTarget = createFailoverEventTarget(publisher, subscriber, logger);
  // Give Redis a moment so the first events already cross instances, but never wait for it.
  const ready = await Promise.all([readyWithin(publisher, 3000), readyWithin(subscriber, 3000)]);
  if (!ready.every(Boolean)) logger.warn('Redis not reachable at start-up: live events stay on this instance until it is');
  return {
    pubsub: createPubSub<PubSubTopics>({ eventTarget }),
    async close() {
      await Promise.allSettled([closeRedisClient(publisher), closeRedisClient(subscriber)]);
    },
  };
}

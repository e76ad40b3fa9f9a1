import { createPubSub } from 'graphql-yoga';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';
import type { Logger } from './logger.js';

/** What one user's live channel carries: enough for a client to update its store. */
export type ViewerEvent =
  | { kind: 'notifications'; unreadCount: number; notificationId?: string }
  /** The user's friends or friend requests changed. */
  | { kind: 'friends' }
  /** The user's pending trip invitations changed. */
  | { kind: 'invitations' }
  /** The user's list of trips changed (joined, left, created, deleted, edited). */
  | { kind: 'trips'; tripId?: string };

/** Something happened to one trip; subscribers re-read what they show of it. */
export interface TripEvent {
  kind: 'UPDATED' | 'MEMBERS_CHANGED' | 'DELETED';
  tripId: string;
  /** DELETED only: who was a member then (their rows are gone with the trip). */
  memberIds?: string[];
}

export type PubSubTopics = {
  /** Events for one signed-in user, routed by user id. */
  viewer: [userId: string, payload: ViewerEvent];
  /** Events for one trip, routed by trip id. */
  trip: [tripId: string, payload: TripEvent];
};

export type PubSub = ReturnType<typeof createPubSub<PubSubTopics>>;

export interface PubSubHandle {
  pubsub: PubSub;
  close(): Promise<void>;
}

async function ready(client: Redis): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    client.once('ready', () => resolve());
    client.once('error', reject);
  });
}

/**
 * In-process pub/sub by default; with REDIS_URL every API instance publishes to and hears from
 * Redis, so a change made through one instance reaches subscribers connected to another.
 */
export async function createPubSubHandle(redisUrl: string | undefined, logger: Logger): Promise<PubSubHandle> {
  if (!redisUrl) return { pubsub: createPubSub<PubSubTopics>(), close: async () => {} };
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  // The subscriber must be ready before the event target uses it, or it rejects ordinary commands.
  await Promise.all([ready(publishClient), ready(subscribeClient)]);
  for (const c of [publishClient, subscribeClient]) c.on('error', (err) => logger.error({ err }, 'redis error'));
  const eventTarget = createRedisEventTarget<any>({ publishClient, subscribeClient });
  return {
    pubsub: createPubSub<PubSubTopics>({ eventTarget }),
    async close() {
      await Promise.allSettled([publishClient.quit(), subscribeClient.quit()]);
    },
  };
}

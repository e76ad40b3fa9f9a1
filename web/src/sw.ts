/**
 * The service worker (/sw.js, scope /), built by vite-plugin-pwa's injectManifest from this file
 * with Workbox's modules (web/vite.config.ts). It precaches the app shell (index.html) and every
 * code chunk; navigations go to the server (its prerendered and live pages) and, without a
 * network, fall back to the shell; map tiles and photo thumbnails are kept at run time, bounded.
 * Nothing of the API is cached: not /graphql, not /api (the session, sign-in, tokens). A new
 * build's worker waits until the reader accepts "Reload to update" (SKIP_WAITING,
 * platform/offline/serviceWorker.ts).
 *
 * Background Sync: a page that queues a change offline registers the `tripcrew-queue` sync;
 * when the connection returns, also after the tab was closed, the browser wakes this worker,
 * which sends the waiting changes (platform/offline/workerReplay.ts) and tells open pages.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, PrecacheFallbackPlugin, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { QUEUE_CHANNEL, SYNC_TAG, type QueueMessage } from './platform/offline/coordination';
import { REPLAY_CREDENTIAL_KEY, deleteValue, moveToAnswered, queueKey, readValue, type ReplayCredential } from './platform/offline/storage';
import type { QueuedChange } from './platform/offline/request';
import { replayWaitingChanges } from './platform/offline/workerReplay';
import { clientTimeZone } from './platform/timeZone';

/** The parts of the worker's global scope used here (the DOM library types `self` as a window). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
interface WorkerScope {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEvent<{ type?: string } | null>) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

worker.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void worker.skipWaiting();
});

// Written out as `self.__WB_MANIFEST`: the build puts the precache list in its place.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: '/index.html' })] }));

// Map tiles ({z}/{x}/{y}.png from the configured tile server): as far as they were seen.
registerRoute(
  ({ url, request }) => request.destination === 'image' && /\/\d+\/\d+\/\d+(?:@2x)?\.(?:png|jpe?g|webp)$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'map-tiles',
    plugins: [
      new ExpirationPlugin({ maxEntries: 1500, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      new CacheableResponsePlugin({ statuses: [0, 200] }),
    ],
  }),
);

// Photo thumbnails (signed /media links: the signature changes, the picture does not).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/media/') && /thumb/i.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'photo-thumbnails',
    matchOptions: { ignoreSearch: true },
    plugins: [
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      new CacheableResponsePlugin({ statuses: [200] }),
    ],
  }),
);

/** Sends what waits, then tells open pages (they take the answers in: platform/offline/queue.ts). */
async function replay(): Promise<void> {
  const result = await replayWaitingChanges({
    credential: () => readValue<ReplayCredential>(REPLAY_CREDENTIAL_KEY),
    queue: (userId) => readValue<QueuedChange[]>(queueKey(userId)),
    answer: (userId, answered) => moveToAnswered(userId, answered),
    fetch: (input, init) => fetch(input, init),
    timeZone: clientTimeZone(),
    now: () => Date.now(),
  });
  const { userId } = result;
  if (!userId) return;
  // Nothing waits any more: the token need not stay on the device.
  if (result.status === 'sent' && !(await readValue<QueuedChange[]>(queueKey(userId)))?.length) await deleteValue(REPLAY_CREDENTIAL_KEY);
  if (result.answered === 0) return;
  const channel = new BroadcastChannel(QUEUE_CHANNEL);
  channel.postMessage({ type: 'answered', userId } satisfies QueueMessage);
  channel.close();
}

worker.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(replay());
});

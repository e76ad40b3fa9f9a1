/**
 * The Relay environment: HTTP for queries and mutations with the Bearer token, graphql-ws on
 * the same path for subscriptions. A 401 or an UNAUTHENTICATED error triggers one refresh of
 * the session (shared with every other caller) and one retry. Each signed-in user gets a
 * fresh environment (and store), so nothing cached for one account shows for another.
 */
import { createClient, type Client, type SubscribePayload } from 'graphql-ws';
import {
  createOperationDescriptor,
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  type FetchFunction,
  type GraphQLResponse,
  type PayloadData,
  type SubscribeFunction,
} from 'relay-runtime';
import type { RecordMap } from 'relay-runtime/lib/store/RelayStoreTypes';
import { persistRecords, stopPersisting } from '../offline/records';
import { OFFLINE_MUTATIONS } from '../offline/documents';
import { sessionTokenChanged, startQueue, stopQueue, type QueuedChange } from '../offline/queue';
import { graphqlRequestInit, isUnauthenticated, operationBody, postGraphQL as postRequest, queuedChangeRequestInit } from '../offline/request';
import { clearAccountData } from '../offline/storage';
import { notify } from '../notify';
import { sessionStore } from '../session';
import { clientTimeZone } from '../timeZone';
import { takeStartedQuery } from './firstQuery';
import { renderFacts } from '../renderFacts';
import { RELAY_RECORDS_ID } from '../../../../api/src/server/pageGuard';

/** 128 random bits as hex (getRandomValues works where randomUUID needs a secure context). */
export function newRequestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One request, as every request of the app is built (offline/request.ts). */
const postGraphQL = (body: string, token: string | null, signal?: AbortSignal, idempotencyKey?: string) =>
  postRequest(graphqlRequestInit({ body, token, timeZone: clientTimeZone(), idempotencyKey, signal }));

const fetchGraphQL: FetchFunction = (params, variables, cacheConfig) =>
  Observable.create<GraphQLResponse>((sink) => {
    const controller = new AbortController();
    // The compiler persists every document (relay.config.js): the server knows it by its id.
    const body = operationBody({ documentId: params.id, text: params.text, operationName: params.name, variables });
    // A mutation run by useOutcomeMutation brings its key (kept if it is queued offline).
    const given = cacheConfig.metadata?.idempotencyKey;
    const idempotencyKey = params.operationKind === 'mutation' ? (typeof given === 'string' ? given : newRequestKey()) : undefined;
    (async () => {
      let token = await sessionStore.accessToken();
      // The page's first query may already be on its way, sent by the document (firstQuery.ts).
      const started = params.operationKind === 'query' ? takeStartedQuery(body, token, clientTimeZone()) : null;
      let result = (started && (await started)) ?? (await postGraphQL(body, token, controller.signal, idempotencyKey));
      if (token && isUnauthenticated(result.status, result.payload)) {
        const refreshed = await sessionStore.refresh().catch(() => null);
        token = refreshed?.access_token ?? null;
        if (token) result = await postGraphQL(body, token, controller.signal, idempotencyKey);
      }
      const { status, payload } = result;
      if (!payload || (payload.data == null && !payload.errors)) {
        throw new Error(`GraphQL request failed with HTTP ${status}`);
      }
      if (payload.data == null && payload.errors?.length) {
        // Relay treats a response without data as a failed request.
        throw Object.assign(new Error(payload.errors[0].message), { graphqlErrors: payload.errors });
      }
      sink.next(payload as GraphQLResponse);
      sink.complete();
    })().catch((error: unknown) => {
      if ((error as Error).name !== 'AbortError') sink.error(error as Error);
    });
    return () => controller.abort();
  });

/** Sends a change kept offline (offline/queue.ts) with its own key, as the service worker would. */
async function sendQueued(change: QueuedChange): Promise<GraphQLResponse> {
  let token = await sessionStore.accessToken();
  let result = await postRequest(queuedChangeRequestInit(change, token, clientTimeZone()));
  if (token && isUnauthenticated(result.status, result.payload)) {
    const refreshed = await sessionStore.refresh().catch(() => null);
    token = refreshed?.access_token ?? null;
    if (token) result = await postRequest(queuedChangeRequestInit(change, token, clientTimeZone()));
  }
  if (!result.payload) throw new Error(`GraphQL request failed with HTTP ${result.status}`);
  return result.payload as GraphQLResponse;
}

/** A change saved after a reload: its answer goes into the store through its document. */
async function publishQueued(environment: Environment, change: QueuedChange, response: GraphQLResponse) {
  const data = (response as { data?: PayloadData | null }).data;
  const load = OFFLINE_MUTATIONS[change.operationName];
  if (!data || !load) return;
  const { default: request } = await load();
  environment.commitPayload(createOperationDescriptor(request, change.variables), data);
}

function reportQueued(saved: number, refused: string[]) {
  if (saved) notify.success(saved === 1 ? 'Your change made offline is saved.' : `Your ${saved} changes made offline are saved.`);
  for (const message of refused) notify.error(message, 'A change made offline was not saved');
}

let wsClient: Client | null = null;
/** The server closed the socket because our token expired (4403): refresh before reconnecting. */
let tokenRefused = false;

/**
 * What happened while no socket listened is not sent again: a page the server rendered (its
 * data read seconds before the app subscribed) and every page on screen after a reconnect (the
 * network was lost, the token changed) may have missed changes. Listeners are told when the
 * socket is acknowledged in either case, and read their data again (routeQuery.ts).
 */
const missedListeners = new Set<() => void>();
let socketConnections = 0;

export function onPossiblyMissedEvents(listener: () => void): () => void {
  missedListeners.add(listener);
  return () => missedListeners.delete(listener);
}

function socketConnected() {
  socketConnections++;
  if (socketConnections === 1 && !renderedOnServer) return;
  for (const listener of missedListeners) listener();
}

function subscriptionClient(): Client {
  if (wsClient) return wsClient;
  const url = new URL('/graphql', window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  wsClient = createClient({
    url: url.toString(),
    lazy: true,
    // connectionParams run on every (re)connect, so a reconnect always carries the current token.
    connectionParams: async () => {
      // After a 4403 the token we hold may still look valid to us (a clock behind the server's).
      if (tokenRefused) {
        tokenRefused = false;
        await sessionStore.refresh().catch(() => null);
      }
      const token = await sessionStore.accessToken();
      return token ? { authorization: `Bearer ${token}`, timeZone: clientTimeZone() } : { timeZone: clientTimeZone() };
    },
    on: {
      connected: socketConnected,
      closed: (event) => {
        if ((event as CloseEvent | undefined)?.code === 4403) tokenRefused = true;
      },
    },
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait: async (retries) => {
      const base = Math.min(1000 * 2 ** retries, 30_000);
      await new Promise((resolve) => setTimeout(resolve, base / 2 + Math.random() * (base / 2)));
    },
  });
  return wsClient;
}

// A new access token (refresh, or another user) restarts the socket: graphql-ws reconnects and
// resubscribes every active subscription with the fresh connectionParams.
let lastToken: string | null | undefined;
sessionStore.subscribe((session) => {
  const token = session?.access_token ?? null;
  if (token === lastToken) return;
  lastToken = token;
  wsClient?.terminate();
  // The service worker's copy of the token, kept while changes wait, follows too.
  if (token) sessionTokenChanged();
});

const subscribe: SubscribeFunction = (operation, variables) =>
  Observable.create<GraphQLResponse>((sink) => {
    if (!operation.id && !operation.text) {
      sink.error(new Error('Subscription without a document'));
      return undefined;
    }
    // graphql-ws wants a query string: an empty one beside the persisted id (server/websocket.ts).
    const payload: SubscribePayload & { documentId?: string } = operation.id
      ? { operationName: operation.name, query: '', variables, documentId: operation.id }
      : { operationName: operation.name, query: operation.text!, variables };
    return subscriptionClient().subscribe(payload, {
      next: (value) => sink.next(value as GraphQLResponse),
      error: (error) => sink.error(error instanceof Error ? error : new Error('Subscription failed')),
      complete: () => sink.complete(),
    });
  });

/** The id of the data block a server-rendered page carries its records in (api/src/server/livePages.ts). */
export const EMBEDDED_RECORDS_ID = RELAY_RECORDS_ID;

/**
 * Records the page was rendered with on the server, so the browser's first render shows the
 * same data without asking for it (and hydrates the server's markup as it is). In the browser:
 * the document's JSON data block (not a script that runs, so the CSP has nothing to allow); on
 * the server: what seedServerRender was given.
 */
let seedRecords: RecordMap | null = typeof document === 'undefined' ? null : readEmbeddedRecords();
/** Whether this document arrived with the records of a server render (socketConnected). */
const renderedOnServer = seedRecords !== null;

function readEmbeddedRecords(): RecordMap | null {
  const block = document.getElementById(EMBEDDED_RECORDS_ID);
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as RecordMap;
  } catch {
    return null;
  }
}

/** On the server nothing is fetched: a render shows the records it was given, or its fallbacks. */
const noNetwork: FetchFunction = () => Observable.create<GraphQLResponse>(() => undefined);

/**
 * A signed-in page's server render runs its route loaders' queries in the server process
 * (web/src/prerender.tsx gives this for the render), and waits for them before rendering.
 */
let serverFetch: FetchFunction | null = null;

export function createEnvironment(userId: string | null = null): Environment {
  const onServer = typeof window === 'undefined';
  // A signed-in user's records are kept on the device for reading offline (offline/records.ts).
  let storeChanged: (() => void) | null = null;
  const environment = new Environment({
    network: onServer ? Network.create(serverFetch ?? noNetwork) : Network.create(fetchGraphQL, subscribe),
    // A new store starts from the page's embedded records; the queries reading them (public
    // story lists, store-and-network) refresh them in the background.
    store: new Store(new RecordSource(seedRecords ? structuredClone(seedRecords) : undefined), {
      gcReleaseBufferSize: 10,
      queryCacheExpirationTime: 5 * 60_000,
      log: (event) => {
        if (event.name === 'store.notify.complete') storeChanged?.();
      },
    }),
  });
  if (!onServer && userId) {
    storeChanged = persistRecords(environment, userId).storeChanged;
    // A page the server rendered put its records in the store without a change to tell of: they
    // are kept on the device like any the app fetched (a reload offline reads them).
    if (seedRecords) storeChanged();
    startQueue({
      userId,
      environment,
      send: sendQueued,
      publish: (change, response) => publishQueued(environment, change, response),
      report: reportQueued,
      token: () => {
        const session = sessionStore.current;
        return session?.user.id === userId ? { accessToken: session.access_token, expiresAt: session.expires_at } : null;
      },
    });
  }
  return environment;
}

/**
 * Server rendering (web/src/prerender.tsx): the next render reads a fresh environment holding
 * `records`, whose queries (a signed-in page's loaders) go to `fetch`.
 */
export function seedServerRender(records: RecordMap | null, fetch: FetchFunction | null = null) {
  seedRecords = records;
  serverFetch = fetch;
  environment = null;
}

let environment: Environment | null = null;
let environmentUserId: string | null | undefined;

/**
 * The environment for the signed-in user (one per user id; replaced when the user changes).
 * Route loaders and React both read it from here.
 */
export function currentEnvironment(): Environment {
  const userId = sessionStore.current?.user.id ?? renderFacts()?.viewer.id ?? null;
  if (!environment || userId !== environmentUserId) {
    if (environment) stopPersisting(environment);
    environment = createEnvironment(userId);
    environmentUserId = userId;
  }
  return environment;
}

// Signing out (or a session that ends) leaves nothing of the account on the device: the saved
// records, the waiting changes and the service worker's caches of its pictures.
let signedInUser: string | null | undefined;
sessionStore.subscribe((session) => {
  const userId = session?.user.id ?? null;
  if (signedInUser && userId !== signedInUser) {
    if (environment && environmentUserId === signedInUser) stopPersisting(environment);
    stopQueue();
    void clearAccountData();
  }
  signedInUser = userId;
});
signedInUser = sessionStore.current?.user.id ?? null;

/**
 * `npm run live-load -- N`: N people with one trip's page open, against one API instance on
 * PostgreSQL (and Redis when REDIS_URL is set). The server runs in this process, so its SQL
 * statements and memory can be counted exactly; the N WebSocket clients run in a child process,
 * so their own sockets do not count as the server's. Each client opens one socket and the trip
 * page's five subscriptions, by the web app's persisted ids (tripChanged, tripItineraryChanged,
 * tripPresence, notificationsChanged, viewerChanged).
 *
 * Prints: heap and RSS per socket (after a GC, against before the sockets opened), saves that
 * failed while the crowd joined, then for LIVE_SAVES itinerary saves made by the trip's owner:
 * SQL statements per save (the save and its whole fan-out), the fan-out's p50/p95 (from the
 * save's answer to each subscriber's event), the results executed and payloads serialised per
 * save (server/liveResults.ts, sharedSockets.ts), when the server handed the last subscriber
 * its result (so the clients' own share of the delay shows) and the server's CPU per save.
 * Presence: the server's CPU, results executed and payloads serialised while the crowd joins and
 * for each of LIVE_PRESENCE_CHANGES (10) changes (one more page opens, then closes, each
 * LIVE_PRESENCE_GAP_MS after the last) until every page has the new count.
 *
 * LIVE_SAVES (20), LIVE_JOINS_PER_SECOND (200), LIVE_OPS (all five), DATABASE_POOL_SIZE (10), TEST_DATABASE_URL (default local postgres), REDIS_URL.
 * Background sweeps are off, so that the counts are the live path's alone.
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createTestDatabase } from '../src/db/index.js';
import { loadConfig } from '../src/platform/config.js';
import { buildApp } from '../src/server/app.js';
import { liveWork } from '../src/server/liveResults.js';
import { signAccessToken } from '../src/accounts/tokens.js';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { percentile } from './perfFixtures.js';
import { webDocument } from './webDocuments.js';

/** The trip page's subscriptions, by operation name, with their variables. */
const ALL_PAGE = [
  'TripDetailPageSubscription',
  'useItineraryLiveSubscription',
  'TripPresenceSubscription',
  'NotificationBellSubscription',
  'useViewerLiveSubscription',
];
/** LIVE_OPS (comma-separated names) picks some of them, to see what each costs; presence always, as it tells when a socket has joined. */
const PAGE = process.env.LIVE_OPS ? ALL_PAGE.filter((op) => op === 'TripPresenceSubscription' || process.env.LIVE_OPS!.split(',').includes(op)) : ALL_PAGE;
const variablesFor = (operation: string, tripId: string): Record<string, unknown> =>
  ({
    TripDetailPageSubscription: { tripId },
    useItineraryLiveSubscription: { tripId, connections: [] },
    TripPresenceSubscription: { tripId },
    NotificationBellSubscription: { connections: [] },
    useViewerLiveSubscription: {},
  })[operation]!;

type ToClients =
  | { type: 'open'; url: string; tokens: string[]; extra: string; tripId: string; docs: Record<string, string> }
  | { type: 'expect'; title: string }
  | { type: 'toggle' };
type FromClients =
  | { type: 'ready' }
  | { type: 'joined'; errors: number; failedJoins: number; presenceMessages: number }
  | { type: 'arrived'; title: string; times: number[]; errors: number }
  | { type: 'counted'; count: number };

/** The child: N sockets, each with the page's subscriptions; reports when every one has heard what the parent expects. */
async function clients() {
  const arrivals = new Map<string, number[]>();
  let expected: { title: string; count: number } | null = null;
  let errors = 0;
  const send = (m: FromClients) => process.send!(m);
  const arrived = (title: string, i: number) => {
    let times = arrivals.get(title);
    if (!times) arrivals.set(title, (times = []));
    times[i] = Date.now();
    if (expected?.title === title && times.filter((t) => t !== undefined).length === expected.count) {
      send({ type: 'arrived', title, times, errors });
      expected = null;
    }
  };
  let crowd = 0;
  let failedJoins = 0;
  let presenceMessages = 0;
  const present: boolean[] = [];
  // The count each page was last told, and the count the parent waits for everyone to see.
  const counts: number[] = [];
  let awaited: number | null = null;
  const settle = () => {
    if (awaited === null) return;
    for (let i = 0; i < counts.length; i++) if (present[i] && counts[i] !== awaited) return;
    send({ type: 'counted', count: awaited });
    awaited = null;
  };
  // One more page, opened and closed by the parent's 'toggle': a presence change for everyone.
  let extra: { client: ReturnType<typeof createClient>; index: number } | null = null;
  let open: ToClients & { type: 'open' };
  const onMessage = async (m: ToClients) => {
    if (m.type === 'toggle') {
      if (extra) {
        const { client, index } = extra;
        present[index] = false;
        extra = null;
        awaited = crowd - failedJoins;
        await client.dispose();
      } else {
        const index = crowd;
        const client = createClient({ url: open.url, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { authorization: `Bearer ${open.extra}` } });
        extra = { client, index };
        awaited = crowd - failedJoins + 1;
        client.subscribe(
          { query: '', documentId: open.docs.TripPresenceSubscription, operationName: 'TripPresenceSubscription', variables: { tripId: open.tripId } } as never,
          {
            next: (v: { data?: { tripPresence?: { count: number } } | null }) => {
              if (!v.data?.tripPresence) return;
              present[index] = true;
              counts[index] = v.data.tripPresence.count;
              settle();
            },
            error: () => void errors++,
            complete: () => {},
          },
        );
      }
      settle();
      return;
    }
    if (m.type === 'expect') {
      // Everyone who joined (a socket that never joined hears nothing).
      expected = { title: m.title, count: crowd - failedJoins };
      const times = arrivals.get(m.title);
      if (times && times.filter((t) => t !== undefined).length === expected.count) {
        send({ type: 'arrived', title: m.title, times, errors });
        expected = null;
      }
      return;
    }
    open = m;
    crowd = m.tokens.length;
    // People arrive at LIVE_JOINS_PER_SECOND (200), not all in one instant.
    const rate = Number(process.env.LIVE_JOINS_PER_SECOND ?? 200);
    const opened = m.tokens.map(
      (token, i) =>
        new Promise<void>((joined) => {
          const client = createClient({
            url: m.url,
            webSocketImpl: WebSocket,
            lazy: true,
            retryAttempts: 0,
            connectionParams: { authorization: `Bearer ${token}` },
            // A socket the server closes or resets before the page has joined is counted, not waited for.
            on: {
              closed: () => {
                if (!present[i]) {
                  failedJoins++;
                  joined();
                }
              },
            },
          });
          const start = () => {
            for (const operation of PAGE) subscribe(operation);
          };
          setTimeout(start, (i * 1000) / rate);
          const subscribe = (operation: string) => {
            client.subscribe({ query: '', documentId: m.docs[operation], operationName: operation, variables: variablesFor(operation, m.tripId) } as never, {
              next: (v: { data?: { tripItineraryChanged?: { item?: { title?: string } | null }; tripPresence?: unknown } | null; errors?: unknown }) => {
                if (v.errors) errors++;
                const title = v.data?.tripItineraryChanged?.item?.title;
                if (title) arrived(title, i);
                if (v.data?.tripPresence) {
                  presenceMessages++;
                  present[i] = true;
                  counts[i] = (v.data.tripPresence as { count: number }).count;
                  settle();
                  joined();
                }
              },
              error: () => void errors++,
              complete: () => {},
            });
          };
        }),
    );
    await Promise.all(opened);
    send({ type: 'joined', errors, failedJoins, presenceMessages });
  };
  process.on('message', (m: ToClients) => void onMessage(m));
  send({ type: 'ready' });
}

async function main() {
  const crowd = Math.max(1, Number(process.argv[2] ?? 100));
  const saves = Number(process.env.LIVE_SAVES ?? 20);
  const db = await createTestDatabase('postgres');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-live-load-'));
  const authSecret = crypto.randomBytes(48).toString('base64url');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    PUBLIC_URL: 'http://127.0.0.1',
    TRUST_PROXY: '1',
    REQUESTS_PER_CLIENT_PER_MINUTE: '1000000',
    BACKGROUND_SWEEPS: 'off',
    WEB_DIST: '/nonexistent',
  });
  const app = await buildApp(config, { db });
  let child: ChildProcess | undefined;
  try {
    const { url } = await app.listen(0, '127.0.0.1');
    const secret = new TextEncoder().encode(authSecret);
    // The crowd: an owner and `crowd` members of one trip, written straight to the database.
    const stamp = Date.now();
    const users = Array.from({ length: crowd + 1 }, (_, i) => ({
      id: crypto.randomUUID(),
      email: `live${i}.${stamp}@example.com`,
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
      firstName: `Traveller${i}`,
      lastName: 'Live',
    }));
    await db.prisma.user.createMany({ data: users });
    const tripUuid = crypto.randomUUID();
    await db.prisma.trip.create({ data: { id: tripUuid, name: 'Crowded trip', ownerId: users[0].id, currency: 'EUR' } });
    await db.prisma.tripMember.createMany({
      data: users.map((u, i) => ({
        tripId: tripUuid,
        userId: u.id,
        status: i === 0 ? ('OWNER' as const) : ('ACCEPTED' as const),
        role: i === 0 ? ('OWNER' as const) : ('MEMBER' as const),
        joinedAt: new Date(),
      })),
    });
    const tripId = encodeGlobalID('Trip', tripUuid);
    const tokens = await Promise.all(users.map(async (u) => (await signAccessToken(secret, { userId: u.id, isAdmin: false })).token));
    const docs = Object.fromEntries(await Promise.all(PAGE.map(async (op) => [op, (await webDocument(op)).id] as const)));

    // A save answered with anything but its payload, or whose connection was reset, counts as failed.
    const save = async (title: string) => {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
        body: JSON.stringify({
          query: 'mutation($input: AddItineraryItemInput!) { addItineraryItem(input: $input) { __typename } }',
          variables: { input: { tripId, item: { type: 'ACTIVITY', title } } },
        }),
      }).catch((err: unknown) => {
        console.error(`save "${title}" failed: ${String((err as Error)?.cause ?? err)}`);
        return null;
      });
      if (!res) return false;
      const body = (await res.json().catch(() => null)) as { data?: { addItineraryItem?: { __typename: string } } } | null;
      return res.status === 200 && body?.data?.addItineraryItem?.__typename === 'ItineraryItemPayload';
    };
    await save('Before anyone'); // warms the save path

    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const before = process.memoryUsage();
    child = fork(fileURLToPath(import.meta.url), ['--clients'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    const heard = (type: FromClients['type']) =>
      new Promise<FromClients>((resolve) => child!.once('message', (m: FromClients) => m.type === type && resolve(m)));
    await heard('ready');

    // The crowd joins while the owner keeps saving: none of those saves may fail.
    const joinedAt = performance.now();
    const joinCpu = process.cpuUsage();
    const joinWork = { ...liveWork };
    const joined = heard('joined');
    const wsUrl = url.replace('http', 'ws') + '/graphql';
    child.send({ type: 'open', url: wsUrl, tokens: tokens.slice(1), extra: tokens[0], tripId, docs } satisfies ToClients);
    let joining = true;
    let failedWhileJoining = 0;
    let savesWhileJoining = 0;
    const saving = (async () => {
      while (joining) {
        savesWhileJoining++;
        if (!(await save(`While joining ${savesWhileJoining}`))) failedWhileJoining++;
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const { errors: joinErrors, failedJoins, presenceMessages } = (await joined) as { errors: number; failedJoins: number; presenceMessages: number };
    const joinSeconds = (performance.now() - joinedAt) / 1000;
    joining = false;
    await saving;
    const joinUsed = process.cpuUsage(joinCpu);
    const joinExecuted = liveWork.executed - joinWork.executed;
    const joinSerialised = liveWork.serialised - joinWork.serialised;

    // Deliveries of the last saves settle first, then two collections: the figure is what the sockets hold.
    await new Promise((r) => setTimeout(r, 1000));
    gc?.();
    gc?.();
    const after = process.memoryUsage();
    // LIVE_HEAP_SNAPSHOT=<file>: the server's heap with the crowd joined, to compare two sizes of crowd.
    if (process.env.LIVE_HEAP_SNAPSHOT) v8.writeHeapSnapshot(process.env.LIVE_HEAP_SNAPSHOT);

    // Presence changes one at a time (one more page opens, then closes), each counted until every
    // page has the new count: the server's CPU, results executed and payloads serialised per change.
    const changes = Number(process.env.LIVE_PRESENCE_CHANGES ?? 10);
    const change = { cpu: [] as number[], executed: [] as number[], serialised: [] as number[], wall: [] as number[] };
    // Apart by LIVE_PRESENCE_GAP_MS (1,100): each after a quiet spell, as people come one by one
    // (changes closer together are spaced by the room, presence/live.ts).
    const gap = Number(process.env.LIVE_PRESENCE_GAP_MS ?? 1100);
    for (let i = 0; i < changes; i++) {
      await new Promise((r) => setTimeout(r, gap));
      const counted = heard('counted');
      const work = { ...liveWork };
      const cpuBefore = process.cpuUsage();
      const startedAt = performance.now();
      child.send({ type: 'toggle' } satisfies ToClients);
      await counted;
      const used = process.cpuUsage(cpuBefore);
      change.cpu.push((used.user + used.system) / 1000);
      change.wall.push(performance.now() - startedAt);
      change.executed.push(liveWork.executed - work.executed);
      change.serialised.push(liveWork.serialised - work.serialised);
    }
    if (changes % 2) {
      // Leave the crowd as it joined.
      const counted = heard('counted');
      child.send({ type: 'toggle' } satisfies ToClients);
      await counted;
    }

    // Saves one at a time, each counted until every subscriber has it.
    const statements: number[] = [];
    const delays: number[] = [];
    const cpu: number[] = [];
    const executed: number[] = [];
    const serialised: number[] = [];
    const sent: number[] = [];
    let failed = 0;
    let deliveryErrors = 0;
    // Without the plan's subscription nobody hears a save: memory only.
    const counted = PAGE.includes('useItineraryLiveSubscription') ? saves : 0;
    for (let i = 0; i < counted; i++) {
      const title = `Counted ${i}`;
      const arrived = heard('arrived');
      child.send({ type: 'expect', title } satisfies ToClients);
      db.stats.queries = 0;
      const work = { ...liveWork };
      const cpuBefore = process.cpuUsage();
      const ok = await save(title);
      const answeredAt = Date.now();
      if (!ok) failed++;
      const { times, errors } = (await arrived) as { times: number[]; errors: number };
      const used = process.cpuUsage(cpuBefore);
      statements.push(db.stats.queries);
      executed.push(liveWork.executed - work.executed);
      serialised.push(liveWork.serialised - work.serialised);
      sent.push(Math.max(0, liveWork.lastSentAt - answeredAt));
      cpu.push((used.user + used.system) / 1000);
      deliveryErrors = errors;
      for (const t of times) delays.push(Math.max(0, t - answeredAt));
    }
    delays.sort((a, b) => a - b);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    console.log(
      [
        `Tripcrew live-load: ${crowd} sockets on one trip, the trip page's ${PAGE.length} subscriptions each; one instance on PostgreSQL` +
          `${config.redisUrl ? ' and Redis' : ''}, pool ${config.databasePoolSize}, server in this process (clients in a child process)`,
        `joined in ${joinSeconds.toFixed(1)} s; saves while joining: ${savesWhileJoining}, failed ${failedWhileJoining}; subscription errors ${joinErrors}; sockets closed or reset before joining ${failedJoins}`,
        `joining: server CPU ${((joinUsed.user + joinUsed.system) / 1e6).toFixed(1)} s (${((joinUsed.user + joinUsed.system) / 1000 / crowd).toFixed(0)} ms per socket), results executed ${joinExecuted}, payloads serialised ${joinSerialised}, presence lists received ${presenceMessages}`,
        `presence, ${changes} changes (one page opens or closes), each until all ${crowd + 1} pages have the count: server CPU ${mean(change.cpu).toFixed(0)} ms ` +
          `(max ${Math.max(0, ...change.cpu).toFixed(0)}), results executed ${mean(change.executed).toFixed(1)}, payloads serialised ${mean(change.serialised).toFixed(1)}, ` +
          `wall p50 ${(percentile(sorted(change.wall), 50) ?? 0).toFixed(0)} ms`,
        `per socket: heap ${kb((after.heapUsed - before.heapUsed) / crowd)}, RSS ${kb((after.rss - before.rss) / crowd)}${gc ? '' : ' (no --expose-gc: rough)'}`,
        `${saves} saves, one at a time: SQL statements per save and its fan-out ${Math.min(...statements)}–${Math.max(...statements)} (mean ${mean(statements).toFixed(1)})`,
        `results executed per save ${mean(executed).toFixed(1)}, payloads serialised ${mean(serialised).toFixed(1)} (for ${crowd} subscribers of the plan)`,
        `fan-out to ${crowd} after the save's answer: p50 ${(percentile(delays, 50) ?? 0).toFixed(0)} ms, p95 ${(percentile(delays, 95) ?? 0).toFixed(0)} ms, max ${delays.at(-1)} ms`,
        `server handed the last subscriber its result after the save's answer: p50 ${(percentile(sorted(sent), 50) ?? 0).toFixed(0)} ms, p95 ${(percentile(sorted(sent), 95) ?? 0).toFixed(0)} ms`,
        `server CPU per save and its fan-out: ${mean(cpu).toFixed(0)} ms; failed saves ${failed}; delivery errors ${deliveryErrors}`,
      ].join('\n'),
    );
    if (failed || failedWhileJoining || failedJoins) process.exitCode = 1;
  } finally {
    child?.kill();
    await app.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--clients')) await clients();
else await main();

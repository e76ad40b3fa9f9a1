/**
 * `npm run load`: signed-in users polling the trips list and the dashboard, over REST and over
 * GraphQL, against the real server on PostgreSQL. Starts the app as its own process (`npm start`'s
 * server, NODE_ENV=production) on a fresh database, seeds a crowd of users sharing trips, then
 * drives each door with autocannon for a fixed time: one connection per user, each alternating
 * the two screens as fast as answers come. Prints requests per second and p95 latency per door,
 * and exits non-zero when an answer fails, GraphQL serves less than 90% of REST's throughput, or
 * either door falls under its floor.
 *
 * Every connection is one signed-in user with its own client address (X-Forwarded-For, believed
 * with TRUST_PROXY=1), so the per-client request budget applies as it does to real users. That
 * budget is shared by REST and GraphQL, and these users poll as fast as answers come (far past
 * any person), so it is raised here (REQUESTS_PER_CLIENT_PER_MINUTE): the run measures throughput;
 * tests/api/abuse.test.ts and socket-limits.test.ts check the limit.
 *
 * LOAD_CONNECTIONS (50), LOAD_SECONDS (20 per door), LOAD_ROUNDS (4), LOAD_WARMUP_SECONDS (3),
 * LOAD_MIN_RPS (floor for each door), LOAD_PROFILE_DIR (the server writes a CPU profile there),
 * TEST_DATABASE_URL (server; default local postgres).
 *
 * The doors take turns: LOAD_ROUNDS rounds of one turn each (LOAD_SECONDS / LOAD_ROUNDS), the
 * first door alternating from round to round. On a shared machine the capacity left to the server
 * drifts by tens of percent over a minute; in turns, that drift falls on both doors alike rather
 * than on whichever ran second.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createTestDatabase, DEFAULT_TEST_DATABASE_URL } from '../src/db/index.js';
import { signAccessToken } from '../src/accounts/tokens.js';
import { SERVER_NODE_ARGS } from '../../scripts/server-args.mjs';
import { DASHBOARD_QUERY, percentile, seedCrowd, tripsQuery } from './perfFixtures.js';
import { webDocument } from './webDocuments.js';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const ROUNDS = Math.max(1, Math.floor(Number(process.env.LOAD_ROUNDS ?? 4)));
const WARMUP_SECONDS = Number(process.env.LOAD_WARMUP_SECONDS ?? 3);
/** Below this many requests per second on either door the run fails (see README, Performance). */
const MIN_RPS = Number(process.env.LOAD_MIN_RPS ?? 0);
const GRAPHQL_VS_REST = 0.9;
const CROWD = { users: CONNECTIONS, trips: 2 * CONNECTIONS, perTrip: 8 };

/**
 * REST and GraphQL poll the same two screens with the same fields. The two "App" doors send the
 * web app's own documents for those screens (TripsPageQuery, DashboardHomePageQuery: more fields
 * than the REST answers): as text, and by persisted id as the app does (relay.config.js), which
 * spares the server parsing and validating them. Their ratio is what persisted documents gain.
 */
type Door = 'REST' | 'GraphQL' | 'App text' | 'App ids';
const DOORS: Door[] = ['REST', 'GraphQL', 'App text', 'App ids'];

async function main() {
  const db = await createTestDatabase('postgres');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-load-'));
  let server: ChildProcess | undefined;
  try {
    const userIds = await seedCrowd(db.prisma, CROWD);
    const memberships = await db.prisma.tripMember.count({ where: { status: { in: ['OWNER', 'ACCEPTED'] } } });
    const [{ name }] = await db.prisma.$queryRaw<{ name: string }[]>`SELECT current_database() AS name`;
    const url = new URL(process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL);
    url.pathname = `/${name}`;

    const authSecret = crypto.randomBytes(48).toString('base64url');
    const started = await startServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, AUTH_SECRET: authSecret });
    server = started.child;
    const secret = new TextEncoder().encode(authSecret);
    // Access tokens live 15 minutes: ample for the run.
    const tokens = await Promise.all(userIds.map(async (userId) => (await signAccessToken(secret, { userId, isAdmin: false })).token));

    const [tripsPage, dashboardPage] = await Promise.all([webDocument('TripsPageQuery'), webDocument('DashboardHomePageQuery')]);
    const appBody = (door: Door, doc: { id: string; text: string }, variables: Record<string, unknown>) =>
      JSON.stringify(door === 'App ids' ? { documentId: doc.id, variables } : { query: doc.text, variables });
    const requestsFor = (door: Door, i: number): autocannon.Request[] =>
      door === 'REST'
        ? [
            { method: 'GET', path: `/api/backend/user-trips/${userIds[i]}` },
            { method: 'GET', path: `/api/backend/user-dashboard/${userIds[i]}` },
          ]
        : door === 'GraphQL'
          ? [
              { method: 'POST', path: '/graphql', body: JSON.stringify({ query: tripsQuery(50) }) },
              { method: 'POST', path: '/graphql', body: JSON.stringify({ query: DASHBOARD_QUERY }) },
            ]
          : [
              { method: 'POST', path: '/graphql', body: appBody(door, tripsPage, { timing: 'UPCOMING' }) },
              { method: 'POST', path: '/graphql', body: appBody(door, dashboardPage, {}) },
            ];

    // Every answer is checked once per user and door before the clock starts.
    for (const door of DOORS) {
      for (let i = 0; i < userIds.length; i++) {
        for (const r of requestsFor(door, i)) {
          const res = await fetch(started.url + r.path, {
            method: r.method,
            headers: headersFor(tokens[i], `198.51.100.${i % 250}`),
            body: r.body as string | undefined,
          });
          const text = await res.text();
          if (res.status !== 200 || text.includes('"errors"')) throw new Error(`${door} ${r.path}: ${res.status} ${text.slice(0, 300)}`);
        }
      }
    }

    const slice = SECONDS / ROUNDS;
    console.log(
      `Tripcrew load: ${CONNECTIONS} signed-in users (${CROWD.trips} trips of ${CROWD.perTrip}, ${memberships} memberships), each polling the trips list and the dashboard; ` +
        `${SECONDS} s per door in ${ROUNDS} turns of ${slice.toFixed(1)} s, after ${WARMUP_SECONDS} s of warm-up each; server on PostgreSQL, NODE_ENV=production\n`,
    );
    const doors = DOORS;
    const totals = new Map(doors.map((door) => [door, { latencies: [] as number[], failed: 0, cpuSeconds: 0 as number | null }]));
    let phase = 0;
    // Each phase has its own client addresses, so no address carries one phase's budget into the next.
    const userOf = (door: Door) => (i: number) => ({ token: tokens[i], requests: requestsFor(door, i) });
    if (WARMUP_SECONDS > 0) for (const door of doors) await drive(started.url, WARMUP_SECONDS, ++phase, userOf(door));
    for (let round = 0; round < ROUNDS; round++) {
      for (const door of round % 2 === 0 ? doors : [...doors].reverse()) {
        const cpuBefore = cpuSeconds(server.pid);
        const turn = await drive(started.url, slice, ++phase, userOf(door));
        const cpuAfter = cpuSeconds(server.pid);
        const total = totals.get(door)!;
        // One at a time: a long turn holds more answers than a call may take as arguments.
        for (const ms of turn.latencies) total.latencies.push(ms);
        total.failed += turn.failed;
        total.cpuSeconds = total.cpuSeconds !== null && cpuBefore !== null && cpuAfter !== null ? total.cpuSeconds + cpuAfter - cpuBefore : null;
      }
    }
    const results = doors.map((door) => {
      const { latencies, failed, cpuSeconds: cpu } = totals.get(door)!;
      latencies.sort((a, b) => a - b);
      return {
        door,
        rps: latencies.length / SECONDS,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        requests: latencies.length,
        failed,
        // The server's own CPU per answer: steadier than req/s on a shared machine, where the
        // load generator and the database take cores from the server.
        cpuMs: cpu !== null && latencies.length > 0 ? (cpu * 1000) / latencies.length : null,
      };
    });

    const pad = (s: string | number, n: number) => String(s).padEnd(n);
    console.log(
      pad('door', 10) + pad('req/s', 9) + pad('p50 ms', 9) + pad('p95 ms', 9) + pad('p99 ms', 9) + pad('requests', 10) + pad('failed', 8) + 'server CPU ms/req',
    );
    for (const r of results)
      console.log(
        pad(r.door, 10) +
          pad(r.rps.toFixed(0), 9) +
          pad(r.p50.toFixed(1), 9) +
          pad(r.p95.toFixed(1), 9) +
          pad(r.p99.toFixed(1), 9) +
          pad(r.requests, 10) +
          pad(r.failed, 8) +
          (r.cpuMs === null ? 'n/a' : r.cpuMs.toFixed(2)),
      );

    const rest = results.find((r) => r.door === 'REST')!;
    const graphql = results.find((r) => r.door === 'GraphQL')!;
    const problems: string[] = [];
    for (const r of results) {
      if (r.failed > 0) problems.push(`${r.door}: ${r.failed} requests failed (non-200 or errors)`);
      if (r.rps < MIN_RPS) problems.push(`${r.door}: ${r.rps.toFixed(0)} req/s is under the floor of ${MIN_RPS}`);
    }
    const [appText, appIds] = [results.find((r) => r.door === 'App text')!, results.find((r) => r.door === 'App ids')!];
    console.log(`\nPersisted ids vs text (the web app's documents): ${((appIds.rps / appText.rps - 1) * 100).toFixed(0)}% req/s.`);
    if (graphql.rps < rest.rps * GRAPHQL_VS_REST)
      problems.push(`GraphQL: ${graphql.rps.toFixed(0)} req/s is under ${GRAPHQL_VS_REST} × REST's ${rest.rps.toFixed(0)}`);
    console.log(problems.length ? `\nFAILED:\n  ${problems.join('\n  ')}` : `\nWithin bounds: GraphQL ≥ ${GRAPHQL_VS_REST} × REST, both ≥ ${MIN_RPS} req/s.`);
    process.exitCode = problems.length ? 1 : 0;
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * CPU seconds (user and system) process `pid` has used, from Linux's /proc; null elsewhere. The
 * clock ticks are 100 a second on every Linux Node runs on (USER_HZ).
 */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, inside parentheses): utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function headersFor(token: string, address: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': address };
}

/** One door for `seconds`: connection i is user i (its token and requests), from its own address. Answers' latencies and failures. */
async function drive(baseUrl: string, seconds: number, phase: number, user: (i: number) => { token: string; requests: autocannon.Request[] }) {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  let finish!: (r: autocannon.Result) => void;
  let fail!: (e: unknown) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => ((finish = resolve), (fail = reject)));
  const instance = autocannon(
    {
      url: baseUrl,
      connections: CONNECTIONS,
      duration: seconds,
      // The answers were checked before; here a non-200 status or a GraphQL error counts as failed.
      setupClient(client) {
        const i = next++ % CONNECTIONS;
        const { token, requests } = user(i);
        const headers = headersFor(token, `203.0.${phase}.${i}`);
        client.setRequests(
          requests.map((r) => ({
            ...r,
            headers,
            onResponse: (_status: number, body: string) => {
              if (body.includes('"errors"')) failed++;
            },
          })),
        );
      },
    },
    (err, result) => (err ? fail(err) : finish(result)),
  );
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    latencies.push(ms);
    if (status !== 200) failed++;
  });
  const result = await done;
  return { latencies, failed: failed + result.errors + result.timeouts };
}

/** Runs the server the way `npm start` does (without building the web app) and waits for its address. */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  // LOAD_PROFILE_DIR: the server writes a CPU profile there when it stops.
  const profile = process.env.LOAD_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, ...SERVER_NODE_ARGS], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      REQUESTS_PER_CLIENT_PER_MINUTE: '1000000',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${out}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^\s)]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
}

await main();

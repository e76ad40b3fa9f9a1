/**
 * `npm run bench`: loads 200 trips × 8 members for one user, then measures the trips list and
 * the dashboard over GraphQL and over REST, on PGlite and on PostgreSQL, beside the same data read
 * by one hand-written SQL query. Prints p50/p95 latency, throughput and the ratios to SQL.
 * Requests go through the app's fetch handler in-process (no sockets), so the numbers are the
 * server's own work: routing, auth, GraphQL execution, Prisma and the database.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/platform/config.js';
import { createTestDatabase, type Database } from '../src/db/index.js';
import { signAccessToken } from '../src/accounts/tokens.js';
import { resolveAuthSecret } from '../src/platform/secrets.js';

const TRIPS = Number(process.env.BENCH_TRIPS ?? 200);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 8);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 60);
const PAGE = 50;

const TRIPS_QUERY = `query { viewer { trips(first: ${PAGE}) { edges { node { id name startDate endDate timing memberCount
  budget { amount currency } destination { mainText }
  members { user { id displayName avatarUrl } isOwner } pendingInvitations { invitedEmail } } } } } }`;
const DASHBOARD_QUERY = `query { viewer { firstName dashboardStats { totalTrips upcomingTrips totalExpenses pendingTasks }
  pendingTripInvitations { id tripName } trips(timing: UPCOMING, first: 3) { edges { node { id name startDate } } } } }`;

async function load(db: Database) {
  const prisma = db.prisma;
  const users = Array.from({ length: MEMBERS }, (_, i) => ({
    id: crypto.randomUUID(),
    email: `bench${i}.${Date.now()}@example.com`,
    passwordHash: 'x',
    emailVerifiedAt: new Date(),
    firstName: `Member${i}`,
    lastName: 'Bench',
  }));
  await prisma.user.createMany({ data: users });
  const day = 86_400_000;
  const trips = Array.from({ length: TRIPS }, (_, i) => ({
    id: crypto.randomUUID(),
    name: `Trip ${i}`,
    ownerId: users[0].id,
    startDate: new Date(Date.UTC(2026, 0, 1) + (i - 100) * 7 * day),
    endDate: new Date(Date.UTC(2026, 0, 1) + ((i - 100) * 7 + 4) * day),
    budgetCents: 100_000 + i,
    currency: 'USD',
    destinationMainText: `City ${i}`,
  }));
  await prisma.trip.createMany({ data: trips });
  await prisma.tripMember.createMany({
    data: trips.flatMap((t) =>
      users.map((u, j) => ({ tripId: t.id, userId: u.id, status: j === 0 ? ('OWNER' as const) : ('ACCEPTED' as const), role: j === 0 ? ('OWNER' as const) : ('MEMBER' as const) })),
    ),
  });
  await prisma.tripInvitation.createMany({
    data: trips.map((t, i) => ({ tripId: t.id, invitedById: users[0].id, invitedEmail: `guest${i}@example.com` })),
  });
  return users[0].id;
}

/** The trips page's data in one statement: the page of trips with members and pending invitations. */
const SQL_TRIPS = `SELECT t.id, t.name, t.start_date, t.end_date, t.budget_cents, t.currency, t.destination_main_text,
  (SELECT json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'avatar_url', u.avatar_url, 'status', m.status))
     FROM trip_members m JOIN users u ON u.id = m.user_id WHERE m.trip_id = t.id AND m.status IN ('owner', 'accepted')) AS members,
  (SELECT json_agg(i.invited_email) FROM trip_invitations i WHERE i.trip_id = t.id AND i.status = 'pending') AS invitations
FROM trips t
WHERE EXISTS (SELECT 1 FROM trip_members m WHERE m.trip_id = t.id AND m.user_id = $1::uuid AND m.status IN ('owner', 'accepted'))
ORDER BY t.start_date ASC NULLS LAST, t.created_at DESC, t.id ASC LIMIT ${PAGE}`;

/** The dashboard's numbers and lists in one statement. */
const SQL_DASHBOARD = `WITH mine AS (SELECT t.* FROM trips t JOIN trip_members m ON m.trip_id = t.id
  WHERE m.user_id = $1::uuid AND m.status IN ('owner', 'accepted'))
SELECT (SELECT count(*) FROM mine) AS total,
  (SELECT count(*) FROM mine WHERE start_date > current_date) AS upcoming,
  (SELECT count(*) FROM expenses e WHERE e.trip_id IN (SELECT id FROM mine)) AS expenses,
  (SELECT count(*) FROM checklist_items ci JOIN checklists c ON c.id = ci.checklist_id WHERE c.trip_id IN (SELECT id FROM mine) AND NOT ci.is_completed) AS tasks,
  (SELECT json_agg(x) FROM (SELECT id, name, start_date FROM mine WHERE start_date > current_date ORDER BY start_date LIMIT 3) x) AS soon,
  (SELECT json_agg(i.id) FROM trip_invitations i JOIN users u ON u.email = i.invited_email WHERE u.id = $1::uuid AND i.status = 'pending') AS invites`;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(label: string, run: () => Promise<void>) {
  for (let i = 0; i < 5; i++) await run(); // warm up caches and prepared plans
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  return { label, p50: percentile(times, 50), p95: percentile(times, 95), perSecond: (ITERATIONS / total) * 1000 };
}

async function benchOne(kind: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-bench-'));
  const db = await createTestDatabase(kind);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const app = await buildApp(config, { db });
  try {
    const userId = await load(db);
    const secret = new TextEncoder().encode(resolveAuthSecret(config.authSecret, config.dataDir));
    const { token } = await signAccessToken(secret, { userId, isAdmin: false });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const call = async (p: string, body?: string) => {
      const res = await app.fetch(new Request(`http://bench${p}`, { method: body ? 'POST' : 'GET', headers, body }));
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      const json = (await res.json()) as { errors?: unknown };
      if (json.errors) throw new Error(`${p}: ${JSON.stringify(json.errors)}`);
    };
    const gql = (query: string) => () => call('/graphql', JSON.stringify({ query }));
    const sql = (text: string) => async () => {
      await db.prisma.$queryRawUnsafe(text, userId);
    };
    const statements = async (run: () => Promise<void>) => {
      db.stats.queries = 0;
      await run();
      return db.stats.queries;
    };
    const rows = [];
    for (const [name, g, r, s] of [
      ['trips list', gql(TRIPS_QUERY), () => call(`/api/backend/user-trips/${userId}`), sql(SQL_TRIPS)],
      ['dashboard', gql(DASHBOARD_QUERY), () => call(`/api/backend/user-dashboard/${userId}`), sql(SQL_DASHBOARD)],
    ] as const) {
      const base = await measure('SQL', s);
      for (const [door, run] of [['GraphQL', g], ['REST', r], ['SQL', s]] as const) {
        const m = door === 'SQL' ? base : await measure(door, run);
        rows.push({ db: kind, operation: name, door, statements: await statements(run), ...m, ratio: m.p50 / base.p50 });
      }
    }
    return rows;
  } finally {
    await app.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const kinds = (process.env.BENCH_DB ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
console.log(`Tripcrew bench: ${TRIPS} trips × ${MEMBERS} members, ${ITERATIONS} timed runs each (GraphQL page of ${PAGE}; REST returns all trips)\n`);
const all = [];
for (const kind of kinds) all.push(...(await benchOne(kind)));
const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(pad('database', 10) + pad('operation', 12) + pad('door', 9) + pad('SQL stmts', 11) + pad('p50 ms', 9) + pad('p95 ms', 9) + pad('req/s', 9) + 'p50 ÷ SQL');
for (const r of all)
  console.log(
    pad(r.db, 10) + pad(r.operation, 12) + pad(r.door, 9) + pad(r.statements, 11) + pad(r.p50.toFixed(2), 9) + pad(r.p95.toFixed(2), 9) + pad(r.perSecond.toFixed(0), 9) + r.ratio.toFixed(1) + '×',
  );
process.exit(0);

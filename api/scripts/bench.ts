/**
 * `npm run bench`: loads 200 trips × 8 members for one user, and 300 itinerary items on one of
 * the trips, then measures the trips list, the dashboard and that trip's page (its card, people
 * and plan) over GraphQL and over REST, on PGlite and on PostgreSQL, beside the same data read
 * by one hand-written SQL statement. Prints p50/p95 latency, throughput, statements per request
 * and each door's p95 as a multiple of its SQL read's p95, and exits non-zero when a multiple
 * exceeds its bound (BOUNDS below).
 *
 * Requests go through the app's fetch handler in-process (no sockets), so the numbers are the
 * server's own work: routing, auth, GraphQL execution, Prisma and the database. The doors of a
 * screen are timed in turns (SQL, GraphQL, REST, SQL, ...) rather than one after the other, so a
 * busy machine slows them alike and the ratios stay meaningful. The process runs with
 * NODE_ENV=production, as `npm start` does (graphql-js skips its development checks then).
 *
 * The GraphQL trips list asks for a page of 50; REST answers every trip (its contract): each door
 * is compared with the SQL statement that reads what it returns.
 *
 * The trip page's REST door is the trip-itinerary row (the plan alone); GraphQL asks for the whole
 * page. Each is compared with the SQL statement that reads what it returns.
 *
 * The expenses screen: the same trip with 12 members and 2,000 expenses; GraphQL asks for the
 * ledger and the first 50, REST answers every expense with its shares and the balances.
 *
 * BENCH_DB (pglite,postgres), BENCH_SCREENS (every operation: "trips list,dashboard,trip page,expenses"), BENCH_TRIPS (200), BENCH_MEMBERS (8), BENCH_ITEMS (300), BENCH_EXPENSES (2000),
 * BENCH_ITERATIONS (150).
 */
process.env.NODE_ENV ??= 'production';
export {};

const os = await import('node:os');
const fs = await import('node:fs');
const path = await import('node:path');
const { buildApp } = await import('../src/server/app.js');
const { loadConfig } = await import('../src/platform/config.js');
const { createTestDatabase } = await import('../src/db/index.js');
const { signAccessToken } = await import('../src/accounts/tokens.js');
const { resolveAuthSecret } = await import('../src/platform/secrets.js');
const { DASHBOARD_QUERY, percentile, seedItinerary, seedSharedTrips, tripPageQuery, tripsQuery } = await import('./perfFixtures.js');
const { encodeGlobalID } = await import('@pothos/plugin-relay');
const { seedExpenses, expensesScreenQuery, EXPENSES_SCREEN_SQL, EXPENSES_ALL_SQL } = await import('./expenseFixtures.js');

type Kind = 'pglite' | 'postgres';

const TRIPS = Number(process.env.BENCH_TRIPS ?? 200);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 8);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 300);
const EXPENSES = Number(process.env.BENCH_EXPENSES ?? 2000);
const EXPENSE_MEMBERS = 12;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 150);
const WARMUP = 10;
const PAGE = 50;

/**
 * Largest allowed p95 of a door ÷ p95 of its SQL read. PostgreSQL: 3× for both screens and both
 * doors. PGlite runs the database in this same thread, so its SQL read is already the slow part
 * and the ratios come out lower there; it gets the same bound.
 */
const BOUNDS: Record<Kind, number> = { postgres: 3, pglite: 3 };

/** The trips page's data in one statement: trips with members (and their profiles) and pending invitations. */
const sqlTrips = (limit: number) => `SELECT t.id, t.name, t.start_date, t.end_date, t.budget_cents, t.currency, t.destination_main_text,
  (SELECT json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'avatar_url', u.avatar_url, 'status', m.status))
     FROM trip_members m JOIN users u ON u.id = m.user_id WHERE m.trip_id = t.id AND m.status IN ('owner', 'accepted')) AS members,
  (SELECT json_agg(i.invited_email) FROM trip_invitations i WHERE i.trip_id = t.id AND i.status = 'pending') AS invitations
FROM trips t
WHERE EXISTS (SELECT 1 FROM trip_members m WHERE m.trip_id = t.id AND m.user_id = $1::uuid AND m.status IN ('owner', 'accepted'))
ORDER BY t.start_date ASC NULLS LAST, t.created_at DESC, t.id ASC LIMIT ${limit}`;

/**
 * One trip's plan in one statement: the items in plan order, each with its author's name and
 * whether an expense links to it (what the REST row answers); with the trip's card and people
 * (what the GraphQL page asks for besides). $1 is the trip.
 */
const ITEMS_SQL = `SELECT json_agg(json_build_object('id', i.id, 'title', i.title, 'type', i.type, 'status', i.status,
    'activity_date', i.activity_date, 'start_time', i.start_time, 'end_time', i.end_time, 'location', i.location,
    'latitude', i.latitude, 'longitude', i.longitude, 'notes', i.notes, 'check_in_date', i.check_in_date,
    'check_out_date', i.check_out_date, 'departure_time', i.departure_time, 'arrival_time', i.arrival_time,
    'flight_number', i.flight_number, 'hotel_name', i.hotel_name, 'reservation_number', i.reservation_number,
    'return_date', i.return_date, 'from_location', i.from_location, 'to_location', i.to_location,
    'affiliate_partner', i.affiliate_partner, 'affiliate_url', i.affiliate_url, 'updated_at', i.updated_at,
    'created_by', json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name),
    'has_expense', EXISTS (SELECT 1 FROM expenses e WHERE e.itinerary_item_id = i.id))
  ORDER BY i.activity_date ASC NULLS LAST, i.start_time ASC NULLS FIRST, i.created_at, i.id)
FROM itinerary_items i LEFT JOIN users u ON u.id = i.created_by_id WHERE i.trip_id = $1::uuid`;
const SQL_TRIP_PAGE = `SELECT t.id, t.name, t.start_date, t.end_date, t.budget_cents, t.currency, t.destination_main_text,
  (SELECT json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'avatar_url', u.avatar_url, 'status', m.status))
     FROM trip_members m JOIN users u ON u.id = m.user_id WHERE m.trip_id = t.id AND m.status IN ('owner', 'accepted')) AS members,
  (${ITEMS_SQL}) AS items
FROM trips t WHERE t.id = $1::uuid`;

/** The dashboard's numbers and lists in one statement. */
const SQL_DASHBOARD = `WITH mine AS (SELECT t.* FROM trips t JOIN trip_members m ON m.trip_id = t.id
  WHERE m.user_id = $1::uuid AND m.status IN ('owner', 'accepted'))
SELECT (SELECT count(*) FROM mine) AS total,
  (SELECT count(*) FROM mine WHERE start_date > current_date) AS upcoming,
  (SELECT count(*) FROM expenses e WHERE e.trip_id IN (SELECT id FROM mine)) AS expenses,
  (SELECT count(*) FROM checklist_items ci JOIN checklists c ON c.id = ci.checklist_id WHERE c.trip_id IN (SELECT id FROM mine) AND NOT ci.is_completed) AS tasks,
  (SELECT json_agg(x) FROM (SELECT id, name, start_date FROM mine WHERE start_date > current_date ORDER BY start_date LIMIT 3) x) AS soon,
  (SELECT json_agg(i.id) FROM trip_invitations i JOIN users u ON u.email = i.invited_email WHERE u.id = $1::uuid AND i.status = 'pending') AS invites`;

interface Row {
  db: Kind;
  operation: string;
  door: string;
  statements: number;
  p50: number;
  p95: number;
  perSecond: number;
  /** p95 ÷ the p95 of the SQL read this door is compared with; null for SQL rows. */
  ratio: number | null;
  against: string;
}

/** Times `runs` in turns, `ITERATIONS` rounds after a warm-up; every run of a round sees the same moment. */
async function measureInTurns(runs: Record<string, () => Promise<void>>) {
  const names = Object.keys(runs);
  const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    for (const name of names) {
      const t0 = performance.now();
      await runs[name]();
      if (i >= WARMUP) times[name].push(performance.now() - t0);
    }
  }
  return Object.fromEntries(
    names.map((n) => {
      const sorted = times[n].sort((a, b) => a - b);
      const total = sorted.reduce((a, b) => a + b, 0);
      return [n, { p50: percentile(sorted, 50), p95: percentile(sorted, 95), perSecond: (sorted.length / total) * 1000 }];
    }),
  );
}

async function benchOne(kind: Kind): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripcrew-bench-'));
  const db = await createTestDatabase(kind);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production', BACKGROUND_SWEEPS: 'off' });
  const app = await buildApp(config, { db });
  try {
    const users = await seedSharedTrips(db.prisma, TRIPS, MEMBERS);
    const [userId] = users;
    const { id: tripId } = await db.prisma.trip.findFirstOrThrow({ where: { ownerId: userId }, orderBy: { startDate: 'asc' }, select: { id: true } });
    await seedItinerary(db.prisma, tripId, users.slice(0, 3), ITEMS);
    await seedExpenses(db.prisma, tripId, users, EXPENSE_MEMBERS, EXPENSES);
    const secret = new TextEncoder().encode(resolveAuthSecret(config.authSecret, config.dataDir));
    const { token } = await signAccessToken(secret, { userId, isAdmin: false });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // The answer is read to its last byte (the server's work ends there) but not parsed: parsing a
    // megabyte answer is the client's work, which the SQL reads have no counterpart of. Every answer
    // is checked: a status other than 200 or a GraphQL error (searched for in the text) stops the bench.
    const call = async (p: string, body?: string) => {
      const res = await app.fetch(new Request(`http://bench${p}`, { method: body ? 'POST' : 'GET', headers, body }));
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${text.slice(0, 500)}`);
      if (text.includes('"errors":[')) throw new Error(`${p}: ${text.slice(0, 1000)}`);
    };
    const gql = (query: string) => () => call('/graphql', JSON.stringify({ query }));
    // Each statement's one parameter: the user, or for the trip page the trip.
    const sql =
      (text: string, param: string = userId) =>
      async () => {
        await db.prisma.$queryRawUnsafe(text, param);
      };
    const statements = async (run: () => Promise<void>) => {
      db.stats.queries = 0;
      await run();
      return db.stats.queries;
    };

    const screens: { operation: string; doors: Record<string, () => Promise<void>>; against: Record<string, string> }[] = [
      {
        operation: 'trips list',
        doors: {
          [`SQL, ${PAGE} trips`]: sql(sqlTrips(PAGE)),
          [`SQL, all trips`]: sql(sqlTrips(500)),
          GraphQL: gql(tripsQuery(PAGE)),
          REST: () => call(`/api/backend/user-trips/${userId}`),
        },
        against: { GraphQL: `SQL, ${PAGE} trips`, REST: 'SQL, all trips' },
      },
      {
        operation: 'dashboard',
        doors: { SQL: sql(SQL_DASHBOARD), GraphQL: gql(DASHBOARD_QUERY), REST: () => call(`/api/backend/user-dashboard/${userId}`) },
        against: { GraphQL: 'SQL', REST: 'SQL' },
      },
      {
        operation: 'trip page',
        doors: {
          'SQL, page': sql(SQL_TRIP_PAGE, tripId),
          'SQL, plan': sql(ITEMS_SQL, tripId),
          GraphQL: gql(tripPageQuery(encodeGlobalID('Trip', tripId))),
          REST: () => call(`/api/backend/trip-itinerary/${tripId}`),
        },
        against: { GraphQL: 'SQL, page', REST: 'SQL, plan' },
      },
      {
        operation: 'expenses',
        doors: {
          'SQL, screen': sql(EXPENSES_SCREEN_SQL, tripId),
          'SQL, all': sql(EXPENSES_ALL_SQL, tripId),
          GraphQL: gql(expensesScreenQuery(encodeGlobalID('Trip', tripId))),
          REST: () => call(`/api/backend/user-expenses/${userId}?tripId=${tripId}`),
        },
        against: { GraphQL: 'SQL, screen', REST: 'SQL, all' },
      },
    ];
    const rows: Row[] = [];
    const only = process.env.BENCH_SCREENS?.split(',').map((s) => s.trim());
    for (const screen of screens.filter((s) => !only || only.includes(s.operation))) {
      const m = await measureInTurns(screen.doors);
      for (const [door, run] of Object.entries(screen.doors)) {
        const base = screen.against[door];
        rows.push({
          db: kind,
          operation: screen.operation,
          door,
          statements: await statements(run),
          ...m[door],
          ratio: base ? m[door].p95 / m[base].p95 : null,
          against: base ?? '',
        });
      }
    }
    return rows;
  } finally {
    await app.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const kinds = (process.env.BENCH_DB ?? 'pglite,postgres').split(',') as Kind[];
console.log(
  `Tripcrew bench: ${TRIPS} trips × ${MEMBERS} members, ${ITEMS} items on one trip, ${ITERATIONS} timed rounds (doors in turns), NODE_ENV=${process.env.NODE_ENV}` +
    ` (GraphQL asks for a page of ${PAGE}; REST returns all trips)\n`,
);
const all: Row[] = [];
for (const kind of kinds) all.push(...(await benchOne(kind)));
const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(
  pad('database', 10) + pad('operation', 12) + pad('door', 16) + pad('SQL stmts', 11) + pad('p50 ms', 9) + pad('p95 ms', 9) + pad('req/s', 8) + 'p95 ÷ SQL p95',
);
const failures: string[] = [];
for (const r of all) {
  let verdict = '';
  if (r.ratio !== null) {
    const bound = BOUNDS[r.db];
    const ok = r.ratio <= bound;
    verdict = `${r.ratio.toFixed(1)}× (of "${r.against}"; bound ${bound}×) ${ok ? 'ok' : 'OVER'}`;
    if (!ok) failures.push(`${r.db} ${r.operation} ${r.door}: p95 ${r.ratio.toFixed(1)}× its SQL read's, over ${bound}×`);
  }
  console.log(
    pad(r.db, 10) +
      pad(r.operation, 12) +
      pad(r.door, 16) +
      pad(r.statements, 11) +
      pad(r.p50.toFixed(2), 9) +
      pad(r.p95.toFixed(2), 9) +
      pad(r.perSecond.toFixed(0), 8) +
      verdict,
  );
}
if (failures.length) {
  console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery ratio within its bound.');
process.exit(0);

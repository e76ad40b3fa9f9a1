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
 * busy machine slows them alike and the ratios stay meaningful. Before each timed request a minor
 * collection (untimed) empties V8's young generation, so a request pays for the scavenges its own
 * allocations call for and never for the garbage the door before it left (measureInTurns says
 * more). The process runs with NODE_ENV=production, as `npm start` does (graphql-js skips its
 * development checks then).
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
 * The Decide tab: the same trip with 100 ideas (voters, comments) and 10 polls every member has
 * answered; GraphQL sends the tab's compiled query, REST answers the ideas board (its row).
 *
 * The admin users tab: 10,000 accounts; GraphQL sends the tab's own compiled query (first page of
 * 25 with the four cards), REST answers a page of 50 with them; both are compared with one
 * statement reading a page and the cards. Then the accounts are topped up to 100,000 (one INSERT
 * ... SELECT generate_series) and the users export is streamed as JSON and CSV to a reader taking
 * every byte (time, peak and live heap, RSS, statements ahead of the reader; bounds EXPORT_*),
 * and an administrator's broadcast to all of them is timed once (BROADCAST_BOUND_MS_PER_100K).
 *
 * BENCH_DB (pglite,postgres), BENCH_SCREENS (every operation: "trips list,dashboard,trip page,expenses,decide,admin users,export,broadcast"),
 * BENCH_TRIPS (200), BENCH_MEMBERS (8), BENCH_ITEMS (300), BENCH_EXPENSES (2000), BENCH_IDEAS (100), BENCH_POLLS (10), BENCH_ITERATIONS (150), BENCH_USERS (10000),
 * BENCH_BIG_USERS (100000 on PostgreSQL, 20000 on PGlite).
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
const { webDocument } = await import('./webDocuments.js');
const { seedExpenses, expensesScreenQuery, EXPENSES_SCREEN_SQL, EXPENSES_ALL_SQL } = await import('./expenseFixtures.js');
const { seedDecisions, DECIDE_SQL, IDEAS_SQL } = await import('./decideFixtures.js');

type Kind = 'pglite' | 'postgres';

const TRIPS = Number(process.env.BENCH_TRIPS ?? 200);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 8);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 300);
const EXPENSES = Number(process.env.BENCH_EXPENSES ?? 2000);
const EXPENSE_MEMBERS = 12;
const IDEAS = Number(process.env.BENCH_IDEAS ?? 100);
const POLLS = Number(process.env.BENCH_POLLS ?? 10);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 150);
const ADMIN_USERS = Number(process.env.BENCH_USERS ?? 10_000);
/**
 * Accounts for the export and the broadcast: 100,000 on PostgreSQL. PGlite runs the database in
 * this process's one thread, so it gets a fifth of them unless BENCH_BIG_USERS says otherwise.
 */
const BIG_USERS: Record<Kind, number> = {
  postgres: Number(process.env.BENCH_BIG_USERS ?? 100_000),
  pglite: Number(process.env.BENCH_BIG_USERS ?? 20_000),
};
/** A broadcast to 100,000 accounts takes seconds: it must finish within this (scaled to the accounts there are). */
const BROADCAST_BOUND_MS_PER_100K = 30_000;
/** One export of 100,000 users (either format) must be read to its end within this (scaled likewise). */
const EXPORT_BOUND_MS_PER_100K = 90_000;
/**
 * The most an export may keep alive (the heap after a collection, above where it started). The
 * whole users file in memory would take at least its own size (about 29 MB of JSON for 100,000
 * users) and the rows behind it several times that; a streamed export holds one batch of 1,000
 * rows.
 */
const EXPORT_LIVE_HEAP_BOUND_MB = 16;
/** Peak heap growth while streaming (garbage included), at most this share of the same users built whole in memory. */
const EXPORT_PEAK_SHARE_BOUND = 0.5;
/**
 * PGlite runs the database in this thread and in this heap: its time bounds are this many times
 * PostgreSQL's, and the peak-heap share is not judged there (the database's own reads of a batch
 * land in the heap measured, in the streamed export as in the whole answer).
 */
const PGLITE_TIME_FACTOR = 3;
/** The server may run at most this many statements ahead of the chunks the reader has taken (backpressure). */
const EXPORT_READ_AHEAD_BOUND = 1;
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

/** The admin users tab in one statement: a page of accounts, newest first, and the four cards. */
const SQL_ADMIN_USERS = (limit: number) => `WITH page AS (
  SELECT id, email, first_name, last_name, phone, city, state, country, country_other, avatar_url, created_at,
    travel_frequency, group_size, budget_range, preferred_destinations, activities, travel_style, accommodation, transportation
  FROM users WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT ${limit})
SELECT (SELECT json_agg(page) FROM page) AS users, count(*) AS total,
  count(*) FILTER (WHERE created_at >= date_trunc('month', now() AT TIME ZONE 'UTC')) AS fresh,
  count(*) FILTER (WHERE created_at >= (now() AT TIME ZONE 'UTC') - interval '720 hours') AS active,
  count(*) FILTER (WHERE travel_frequency IS NOT NULL OR cardinality(activities) > 0) AS prefs
FROM users WHERE deleted_at IS NULL`;
/** What the Decide tab sends (its compiled Relay query), so the bench times the screen as it is. */
const DECIDE_QUERY = (await webDocument('DecidePanelQuery')).text;
/** What the users tab sends (its compiled Relay query, first page of 25), so the bench times the screen as it is. */
const ADMIN_USERS_QUERY = (await webDocument('UsersTabQuery')).text;

/**
 * Adds plain accounts (no trips) until the database holds `total`: one INSERT ... SELECT over
 * generate_series, so 100,000 accounts are one statement the database fills by itself rather than
 * 100,000 creates (or megabytes of bound parameters). Every fourth has an activity (preferences),
 * the creation dates spread over 90 days.
 */
async function fillUsers(prisma: import('../src/generated/prisma/client.js').PrismaClient, total: number) {
  const have = await prisma.user.count();
  if (have >= total) return;
  await prisma.$executeRawUnsafe(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, city, country, activities, created_at, updated_at)
     SELECT gen_random_uuid(), 'bench.user.' || g || '@example.test', '!', 'User' || g, 'Bench',
       CASE WHEN g % 3 = 0 THEN 'Porto' ELSE 'Lisbon' END, CASE WHEN g % 2 = 1 THEN 'US' ELSE 'GB' END,
       CASE WHEN g % 4 = 0 THEN ARRAY['Hiking'] ELSE ARRAY[]::text[] END,
       (now() AT TIME ZONE 'UTC') - (g % 90) * interval '1 day', now() AT TIME ZONE 'UTC'
     FROM generate_series($1::int, $2::int) AS g`,
    have,
    total - 1,
  );
}

/** The dashboard's numbers and lists in one statement. */
const SQL_DASHBOARD = `WITH mine AS (SELECT t.* FROM trips t JOIN trip_members m ON m.trip_id = t.id
  WHERE m.user_id = $1::uuid AND m.status IN ('owner', 'accepted'))
SELECT (SELECT count(*) FROM mine) AS total,
  (SELECT count(*) FROM mine WHERE start_date > current_date) AS upcoming,
  (SELECT count(*) FROM expenses e WHERE e.trip_id IN (SELECT id FROM mine)) AS expenses,
  (SELECT count(*) FROM checklist_items ci JOIN checklists c ON c.id = ci.checklist_id WHERE c.trip_id IN (SELECT id FROM mine) AND NOT ci.is_completed) AS tasks,
  (SELECT json_agg(x) FROM (SELECT id, name, start_date FROM mine WHERE start_date > current_date ORDER BY start_date LIMIT 3) x) AS soon,
  (SELECT json_agg(i.id) FROM trip_invitations i JOIN users u ON u.email = i.invited_email WHERE u.id = $1::uuid AND i.status = 'pending') AS invites`;

const v8 = await import('node:v8');
const vm = await import('node:vm');
// A collection before each one-off measurement, so that its heap growth is its own and not the
// garbage of the rows before it (the flag is set at run time: `npm run bench` stays one command).
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;

type BenchApp = Awaited<ReturnType<typeof buildApp>>;

/** Samples the heap and RSS while `run` runs (every 5 ms, and whenever it calls `sample`), from a collected start. */
async function withMemorySampling<T>(run: (sample: () => void) => Promise<T>) {
  collectGarbage();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sample = () => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  };
  const timer = setInterval(sample, 5);
  const t0 = performance.now();
  try {
    const result = await run(sample);
    sample();
    return { result, ms: performance.now() - t0, heapMb: (peakHeap - before.heapUsed) / 1e6, rssMb: (peakRss - before.rss) / 1e6, heapBefore: before.heapUsed };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Downloads the users export as the system tab does and reads it to its last byte, one chunk at a
 * time. Besides time and peak memory (garbage included), it measures what the export keeps alive:
 * every tenth chunk the heap is collected and what is left is sampled (the live heap), and each
 * time a chunk arrives it compares the statements the server has run with the chunks taken. A
 * streaming export reads a batch only when the one before has been taken, so it holds one batch
 * and runs at most a statement ahead of the chunks; one that collected every row first would
 * hold them all and have run every statement before the first chunk.
 */
async function streamExport(app: BenchApp, stats: { queries: number }, headers: Record<string, string>, format: 'json' | 'csv') {
  let liveHeap = 0;
  const m = await withMemorySampling(async (sample) => {
    const res = await app.fetch(new Request(`http://bench/api/backend/admin/system/export/users?format=${format}`, { headers }));
    if (res.status !== 200 || !res.body) throw new Error(`export ${format}: ${res.status} ${await res.text()}`);
    const atResponse = stats.queries;
    const reader = res.body.getReader();
    let bytes = 0;
    let lines = 0;
    let chunks = 0;
    let readAhead = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks++;
      bytes += value.byteLength;
      for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
      readAhead = Math.max(readAhead, stats.queries - atResponse - chunks);
      sample();
      if (chunks % 10 === 0) {
        collectGarbage();
        liveHeap = Math.max(liveHeap, process.memoryUsage().heapUsed);
      }
    }
    // JSON: a line per user between the header and the closing lines; CSV: the header line and one per user.
    return { bytes, chunks, readAhead, statements: stats.queries - atResponse, rows: format === 'json' ? lines - 2 : lines - 1 };
  });
  return { ...m.result, ms: m.ms, heapMb: m.heapMb, rssMb: m.rssMb, liveHeapMb: Math.max(0, liveHeap - m.heapBefore) / 1e6 };
}

/**
 * What the export would cost built whole in memory, for comparison: every user read in one
 * statement (the export's columns) and written out as one JSON text.
 */
async function exportInMemory(prisma: import('../src/generated/prisma/client.js').PrismaClient) {
  const m = await withMemorySampling(async (sample) => {
    const rows = await prisma.user.findMany({
      where: { deletedAt: null },
      orderBy: { id: 'asc' },
      select: {
        id: true,
        email: true,
        firstName: true,
        lastName: true,
        phone: true,
        city: true,
        state: true,
        country: true,
        countryOther: true,
        role: true,
        emailVerifiedAt: true,
        createdAt: true,
        lastSignInAt: true,
      },
    });
    sample();
    const text = JSON.stringify({ users: rows });
    sample();
    return text.length;
  });
  return { ms: m.ms, heapMb: m.heapMb, bytes: m.result };
}

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

/**
 * Times `runs` in turns, `ITERATIONS` rounds after a warm-up; every run of a round sees the same
 * moment. Before each run, untimed, a minor collection empties the young generation: a scavenge
 * inside a run's time is then one its own allocations called for. Left to V8, a scavenge came
 * whenever the young generation filled (64 MB semi-spaces, see `npm run bench`), during whichever
 * run was going then, so a cheap door's p95 could carry a dear door's garbage. A scavenge costs
 * what survives rather than what died, so a run is spared little of its own cost this way; a
 * major collection, when V8 starts one, still lands where it lands.
 */
async function measureInTurns(runs: Record<string, () => Promise<void>>) {
  const names = Object.keys(runs);
  const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < WARMUP + ITERATIONS; i++) {
    for (const name of names) {
      collectGarbage({ type: 'minor' });
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
    const crew = await seedExpenses(db.prisma, tripId, users, EXPENSE_MEMBERS, EXPENSES);
    await seedDecisions(db.prisma, tripId, crew, IDEAS, POLLS);
    const secret = new TextEncoder().encode(resolveAuthSecret(config.authSecret, config.dataDir));
    // Access tokens live minutes; on a busy machine the whole bench takes longer, so each
    // request's headers carry a token signed afresh when the last one is about to expire.
    const signedIn = (claims: { userId: string; isAdmin: boolean }) => {
      let current: Awaited<ReturnType<typeof signAccessToken>> | null = null;
      return async () => {
        if (!current || current.expiresAt * 1000 - Date.now() < 60_000) current = await signAccessToken(secret, claims);
        return { authorization: `Bearer ${current.token}`, 'content-type': 'application/json' };
      };
    };
    const headers = signedIn({ userId, isAdmin: false });
    // The console's screens are read by an administrator: the last member of the seeded trips.
    const adminId = users[users.length - 1]!;
    await db.prisma.user.update({ where: { id: adminId }, data: { role: 'ADMIN' } });
    const adminHeaders = signedIn({ userId: adminId, isAdmin: true });
    const only = process.env.BENCH_SCREENS?.split(',').map((s) => s.trim());
    if (!only || only.includes('admin users')) await fillUsers(db.prisma, ADMIN_USERS);
    // The answer is read to its last byte (the server's work ends there) but not parsed: parsing a
    // megabyte answer is the client's work, which the SQL reads have no counterpart of. Every answer
    // is checked: a status other than 200 or a GraphQL error (searched for in the text) stops the bench.
    const call = async (p: string, body?: string, asAdmin = false) => {
      const res = await app.fetch(
        new Request(`http://bench${p}`, { method: body ? 'POST' : 'GET', headers: await (asAdmin ? adminHeaders : headers)(), body }),
      );
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${text.slice(0, 500)}`);
      if (text.includes('"errors":[')) throw new Error(`${p}: ${text.slice(0, 1000)}`);
    };
    const gql =
      (query: string, asAdmin = false, variables?: Record<string, unknown>) =>
      () =>
        call('/graphql', JSON.stringify({ query, variables }), asAdmin);
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
      {
        operation: 'decide',
        doors: {
          'SQL, tab': async () => void (await db.prisma.$queryRawUnsafe(DECIDE_SQL, tripId, userId)),
          'SQL, ideas': sql(IDEAS_SQL, tripId),
          GraphQL: gql(DECIDE_QUERY, false, { id: encodeGlobalID('Trip', tripId) }),
          REST: () => call(`/api/backend/trip-ideas/${tripId}`),
        },
        against: { GraphQL: 'SQL, tab', REST: 'SQL, ideas' },
      },
      {
        operation: 'admin users',
        doors: {
          'SQL, 25 users': async () => void (await db.prisma.$queryRawUnsafe(SQL_ADMIN_USERS(25))),
          'SQL, 50 users': async () => void (await db.prisma.$queryRawUnsafe(SQL_ADMIN_USERS(50))),
          GraphQL: gql(ADMIN_USERS_QUERY, true, { count: 25 }),
          REST: () => call('/api/backend/admin/users?limit=50', undefined, true),
        },
        against: { GraphQL: 'SQL, 25 users', REST: 'SQL, 50 users' },
      },
    ];
    const rows: Row[] = [];
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
    const bigOnes = ['export', 'broadcast'].filter((o) => !only || only.includes(o));
    if (bigOnes.length) {
      const t0 = performance.now();
      await fillUsers(db.prisma, BIG_USERS[kind]);
      seeded.push({ db: kind, users: await db.prisma.user.count({ where: { deletedAt: null } }), ms: performance.now() - t0 });
    }
    if (bigOnes.includes('export')) {
      const users = await db.prisma.user.count({ where: { deletedAt: null } });
      const whole = await exportInMemory(db.prisma);
      for (const format of ['json', 'csv'] as const)
        exports.push({ db: kind, format, users, whole, ...(await streamExport(app, db.stats, await adminHeaders(), format)) });
    }
    if (bigOnes.includes('broadcast')) {
      collectGarbage();
      const heapBefore = process.memoryUsage().heapUsed;
      const t0 = performance.now();
      const res = await app.fetch(
        new Request('http://bench/api/backend/admin/notifications/broadcast', {
          method: 'POST',
          headers: await adminHeaders(),
          body: JSON.stringify({ title: 'Bench broadcast', message: 'To everyone.', type: 'announcement' }),
        }),
      );
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`broadcast: ${res.status} ${await res.text()}`);
      const { count } = (await res.json()) as { count: number };
      broadcasts.push({ db: kind, count, ms, heapMb: (process.memoryUsage().heapUsed - heapBefore) / 1e6 });
    }
    return rows;
  } finally {
    await app.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const broadcasts: { db: Kind; count: number; ms: number; heapMb: number }[] = [];
const seeded: { db: Kind; users: number; ms: number }[] = [];
const exports: ({ db: Kind; format: string; users: number; whole: Awaited<ReturnType<typeof exportInMemory>> } & Awaited<ReturnType<typeof streamExport>>)[] =
  [];
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
for (const x of seeded)
  console.log(`${pad(x.db, 10)}${x.users} accounts in the database for the export and the broadcast (seeded in ${(x.ms / 1000).toFixed(1)} s)`);
for (const x of exports) {
  const boundMs = ((x.db === 'pglite' ? PGLITE_TIME_FACTOR : 1) * EXPORT_BOUND_MS_PER_100K * Math.max(x.users, 10_000)) / 100_000;
  const share = x.heapMb / x.whole.heapMb;
  const problems = [
    x.rows !== x.users && `${x.rows} rows, not ${x.users}`,
    x.ms > boundMs && `${(x.ms / 1000).toFixed(1)} s, over ${(boundMs / 1000).toFixed(0)} s`,
    x.liveHeapMb > EXPORT_LIVE_HEAP_BOUND_MB && `kept ${x.liveHeapMb.toFixed(0)} MB alive, over ${EXPORT_LIVE_HEAP_BOUND_MB} MB`,
    x.db === 'postgres' &&
      share > EXPORT_PEAK_SHARE_BOUND &&
      `peak heap ${(share * 100).toFixed(0)}% of the whole answer's in memory, over ${EXPORT_PEAK_SHARE_BOUND * 100}%`,
    x.readAhead > EXPORT_READ_AHEAD_BOUND && `the server ran ${x.readAhead} statements ahead of the reader, over ${EXPORT_READ_AHEAD_BOUND}`,
  ].filter(Boolean);
  console.log(
    `${pad(x.db, 10)}admin export of ${x.users} users as ${x.format.toUpperCase()}: ${(x.bytes / 1e6).toFixed(1)} MB in ${x.chunks} chunks and ${x.statements} statements, ` +
      `${(x.ms / 1000).toFixed(1)} s (bound ${(boundMs / 1000).toFixed(0)} s); ` +
      `peak heap +${x.heapMb.toFixed(1)} MB = ${(share * 100).toFixed(0)}% of the whole answer's +${x.whole.heapMb.toFixed(0)} MB (bound ${x.db === 'postgres' ? `${EXPORT_PEAK_SHARE_BOUND * 100}%` : 'none on PGlite'}), ` +
      `live heap +${x.liveHeapMb.toFixed(1)} MB (bound ${EXPORT_LIVE_HEAP_BOUND_MB} MB), peak RSS +${x.rssMb.toFixed(1)} MB, ` +
      `${x.readAhead} statements ahead of the reader at most (bound ${EXPORT_READ_AHEAD_BOUND}) ${problems.length ? 'OVER' : 'ok'}`,
  );
  if (problems.length) failures.push(`${x.db} export of ${x.users} users as ${x.format}: ${problems.join('; ')}`);
}
for (const b of broadcasts) {
  const boundMs = ((b.db === 'pglite' ? PGLITE_TIME_FACTOR : 1) * BROADCAST_BOUND_MS_PER_100K * Math.max(b.count, 10_000)) / 100_000;
  const ok = b.ms <= boundMs;
  console.log(
    `${pad(b.db, 10)}admin broadcast to ${b.count} users: ${(b.ms / 1000).toFixed(1)} s, heap +${b.heapMb.toFixed(0)} MB (bound ${(boundMs / 1000).toFixed(0)} s) ${ok ? 'ok' : 'OVER'}`,
  );
  if (!ok) failures.push(`${b.db} broadcast to ${b.count} users took ${(b.ms / 1000).toFixed(1)} s, over ${(boundMs / 1000).toFixed(0)} s`);
}
if (failures.length) {
  console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery ratio and bound kept.');
process.exit(0);

import { sweepTestDatabases } from '../../api/src/db/index.js';

/** Before the API suite: drop test databases that crashed runs left on the PostgreSQL server. */
export default async function setup() {
  const dropped = await sweepTestDatabases().catch(() => []);
  if (dropped.length) console.log(`Dropped ${dropped.length} stale test database(s).`);
}

import { sweepTestDatabases } from '../../api/src/db/index.js';
import { prepareInChild } from './dbTemplates.js';

/**
 * Before the API suite on PostgreSQL: drop test databases that crashed runs left on the server,
 * and make the migrated template each file's database is copied from.
 */
export default async function setup() {
  const dropped = await sweepTestDatabases().catch(() => []);
  if (dropped.length) console.log(`Dropped ${dropped.length} stale test database(s).`);
  await prepareInChild('postgres');
}

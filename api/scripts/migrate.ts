// npm run db:migrate: applies pending migrations to DATABASE_URL, else to the embedded PGlite
// in ${DATA_DIR:-./data}/pglite.
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/db/index.js';

async function main() {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrate: true });
  try {
    const where = db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`;
    console.log(
      db.appliedMigrations.length
        ? `Applied ${db.appliedMigrations.length} migration(s) to ${where}: ${db.appliedMigrations.join(', ')}`
        : `${where} is up to date.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

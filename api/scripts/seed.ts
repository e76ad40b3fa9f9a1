// npm run db:seed: migrates the configured database (DATABASE_URL, else the embedded PGlite in
// ${DATA_DIR:-./data}/pglite), loads the demo workspace unless it is there, prints how to sign in.
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/db/index.js';
import { seedDemoData } from '../src/server/seed.js';

async function main() {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrate: true });
  try {
    const hints = await seedDemoData(db.prisma);
    console.log('Demo workspace ready. Sign in with:');
    for (const { email, password } of hints) console.log(`  ${email}  /  ${password}`);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import { buildApp } from './server/app.js';
import { loadConfig } from './platform/config.js';
import { seedDemoData } from './db/seed.js';
import { isFreshDatabase } from './db/index.js';
import { grantConfiguredAdmins } from './accounts/service.js';

/** `npm start`: one process serving the web app, REST and GraphQL (HTTP and WebSocket). */
const config = loadConfig();
const app = await buildApp(config);
const { logger, db } = app.deps;

if (!config.databaseUrl && (await isFreshDatabase(db))) {
  const hints = await seedDemoData(db.prisma);
  logger.info('Loaded the demo workspace into the new embedded database.');
  console.log('\nDemo accounts (sign in at /signin):');
  for (const h of hints) console.log(`  ${h.email}  /  ${h.password}`);
  console.log('');
  // The demo accounts were created after start-up granted ADMIN_EMAILS: grant again.
  await grantConfiguredAdmins(app.deps);
}

const { url } = await app.listen();
logger.info({ url }, 'Tripcrew is listening');
console.log(`Tripcrew is running at ${config.publicUrl} (listening on ${url})`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close().catch((err) => logger.error({ err }, 'shutdown error'));
    clearTimeout(timer);
    process.exit(0);
  });
}

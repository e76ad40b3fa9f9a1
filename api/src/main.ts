import { buildApp } from './server/app.js';
import { loadConfig } from './platform/config.js';
import { seedDemoData } from './server/seed.js';
import { isFreshDatabase } from './db/index.js';
import { grantConfiguredAdmins } from './accounts/service.js';
import { installProcessGuards } from './platform/processGuards.js';
import { startInboundSmtp, type InboundSmtp } from './reservations/receiving/smtp.js';

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
// Forwarded reservation e-mails (INBOUND_SMTP_PORT=0 leaves the SMTP door shut; the webhook stays).
let inboundSmtp: InboundSmtp | undefined;
if (config.inboundSmtpPort > 0) {
  // A taken port leaves the webhook as the only door rather than stopping the whole product.
  inboundSmtp = await startInboundSmtp(app.deps).catch((err: unknown) => {
    logger.error({ err, port: config.inboundSmtpPort }, 'could not receive forwarded reservations by SMTP (is INBOUND_SMTP_PORT taken?)');
    return undefined;
  });
  if (inboundSmtp) logger.info({ port: inboundSmtp.port, domain: config.mailDomain }, 'receiving forwarded reservations by SMTP');
}
console.log(`Tripcrew is running at ${config.publicUrl} (listening on ${url})`);

// Stopping: refuse new connections, let requests in flight finish (up to 10 s), then exit.
let stopping = false;
async function stop(reason: string, code: number) {
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000).unref();
  await inboundSmtp?.close().catch((err) => logger.error({ err }, 'inbound SMTP shutdown error'));
  await app.close().catch((err) => logger.error({ err }, 'shutdown error'));
  clearTimeout(timer);
  process.exit(code);
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal, 0));
installProcessGuards(logger, () => void stop('uncaught exceptions', 1));

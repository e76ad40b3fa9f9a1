// A process that commits a change with its live event, then dies (SIGKILL) at the moment it
// would publish it: the crash the outbox exists for. Usage: crashAfterCommit.ts <databaseUrl> <userId>
import { openDatabase } from '../../api/src/db/index.js';
import { notify } from '../../api/src/notifications/service.js';
import { withLiveEvents } from '../../api/src/platform/outbox.js';
import { createLogger } from '../../api/src/platform/logger.js';
import type { AppDeps } from '../../api/src/platform/context.js';

const [databaseUrl, userId] = process.argv.slice(2);
const db = await openDatabase({ databaseUrl, migrate: false });
const deps = {
  db,
  logger: createLogger('silent'),
  pubsub: { publish: () => process.kill(process.pid, 'SIGKILL') },
} as unknown as AppDeps;
await withLiveEvents(deps, (tx, events) =>
  notify(tx, events, userId!, { type: 'ANNOUNCEMENT', title: 'Committed before the crash', message: 'Still delivered' }),
);
console.log('not reached: the process should have died');
